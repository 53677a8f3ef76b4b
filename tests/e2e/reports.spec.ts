import { readFileSync } from 'node:fs';
import path from 'node:path';
import pg from 'pg';
import { sampleCampaign } from '../../server/services/messaging/reports/sample.ts';
import { expect, loginThroughUi, serverInfo, test, type TestUser } from './fixtures.ts';

// The message console and a campaign's report in Chromium, on a campaign written into the e2e server's database by
// the same generator the demo account uses (200 recipients, about 1,000 events), beside a draft.
async function seedCampaigns(user: TestUser): Promise<number> {
  const server = serverInfo();
  const password = readFileSync(path.join(server.dataDir, 'postgres-password'), 'utf8').trim();
  const client = new pg.Client({
    connectionString: `postgres://postgres:${encodeURIComponent(password)}@127.0.0.1:${server.pgPort}/missiva`,
  });
  await client.connect();
  try {
    const { rows } = await client.query<{ company_id: string }>('select company_id from users where email = $1', [
      user.email,
    ]);
    const companyId = rows[0]!.company_id;
    const { id } = await sampleCampaign(client, {
      companyId,
      name: 'Quarterly news',
      subject: 'What is new this quarter',
      html: '<p>News</p>',
      textBody: 'News',
      links: ['https://shop.example.com/', 'https://blog.example.com/'],
      sentAt: new Date(Date.now() - 2 * 86400_000),
      recipients: 200,
      fromContacts: false,
      events: 1000,
    });
    await client.query(
      `insert into messages (company_id, channel, name, status) values ($1, 'email', 'Draft idea', 'draft')`,
      [companyId],
    );
    return id;
  } finally {
    await client.end();
  }
}

test('the console lists and filters campaigns, and a report shows its figures, chart, links and recipients', async ({
  page,
  user,
}) => {
  const id = await seedCampaigns(user);
  await loginThroughUi(page, user);
  await expect(page).not.toHaveURL(/login/);
  await page.goto('/multichannel');
  const channels = page.getByRole('region', { name: 'Channels' });
  await expect(channels.getByText('WhatsApp')).toBeVisible();
  await expect(channels.getByText('Coming soon')).toHaveCount(2);
  const campaigns = page.getByTestId('campaigns');
  await expect(campaigns.getByRole('link', { name: 'Quarterly news', exact: true })).toBeVisible();
  await expect(campaigns.getByRole('link', { name: 'Draft idea', exact: true })).toBeVisible();

  await page.getByRole('combobox', { name: 'Status' }).click();
  await page.getByRole('option', { name: 'draft' }).click();
  await expect(campaigns.getByRole('link', { name: 'Quarterly news', exact: true })).toHaveCount(0);
  await expect(campaigns.getByRole('link', { name: 'Edit Draft idea' })).toBeVisible();
  await page.getByLabel('Search by name or subject').fill('quarter');
  await expect(campaigns.getByText('No campaign matches these filters')).toBeVisible();
  await page.getByRole('combobox', { name: 'Status' }).click();
  await page.getByRole('option', { name: 'sent' }).click();
  await campaigns.getByRole('link', { name: 'Report of Quarterly news' }).click();

  await expect(page).toHaveURL(new RegExp(`/multichannel/email/report/${id}/summary$`));
  const summary = page.getByTestId('report-summary');
  await expect(summary.getByText('Opened by machines only')).toBeVisible();
  await expect(summary.getByText('Recipients', { exact: true })).toBeVisible();

  await page.getByRole('tab', { name: 'Timeline' }).click();
  await expect(page.getByTestId('report-chart').locator('svg').first()).toBeVisible();

  await page.getByRole('tab', { name: 'Clicks per link' }).click();
  await expect(page.getByTestId('report-links').getByRole('link', { name: 'https://blog.example.com/' })).toBeVisible();

  await page.getByRole('tab', { name: 'Recipients' }).click();
  await page.getByRole('combobox', { name: 'Show' }).click();
  await page.getByRole('option', { name: 'Not delivered' }).click();
  const recipients = page.getByTestId('report-recipients');
  await expect(recipients.getByText('550 5.1.1 User unknown').first()).toBeVisible();
  await expect(recipients.getByText('recipient40@example.com')).toBeVisible();
  const download = page.waitForEvent('download');
  await page.getByRole('button', { name: 'Export CSV' }).click();
  const file = await download;
  expect(file.suggestedFilename()).toBe('Quarterly-news-not_delivered.csv');
  const csv = readFileSync((await file.path())!, 'utf8');
  expect(csv.split('\r\n').filter(Boolean)).toHaveLength(1 + 5);

  await page.goto('/multichannel/messages');
  await page.getByLabel('Search by address').fill('recipient40@');
  await expect(page.getByTestId('message-log').getByText('550 5.1.1 User unknown')).toBeVisible();
});

test('an unknown channel is the 404 page', async ({ page, user }) => {
  await loginThroughUi(page, user);
  await expect(page).not.toHaveURL(/login/);
  await page.goto('/multichannel/fax');
  await expect(page.getByText(/404|not found|couldn't find/i).first()).toBeVisible();
});
