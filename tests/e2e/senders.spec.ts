import { readFileSync } from 'node:fs';
import path from 'node:path';
import pg from 'pg';
import { expect, loginThroughUi, serverInfo, test } from './fixtures.ts';
import { expectAccessible } from './axe.ts';

/**
 * The verification link the server emailed to `address`, read from the outbox of the e2e server's database (every
 * system mail has its row there, the same one the relay is handed).
 */
async function verificationLink(address: string): Promise<string> {
  const { dataDir, pgPort } = serverInfo();
  const password = readFileSync(path.join(dataDir, 'postgres-password'), 'utf8').trim();
  const client = new pg.Client({
    host: '127.0.0.1',
    port: pgPort,
    user: 'postgres',
    password,
    database: 'missiva',
  });
  await client.connect();
  try {
    const { rows } = await client.query<{ text_body: string }>(
      `select text_body from outbox where to_address = $1 and kind = 'sender_verification' order by id desc limit 1`,
      [address],
    );
    const link = /https?:\/\/\S+/.exec(rows[0]?.text_body ?? '')?.[0];
    if (!link) throw new Error(`no verification mail for ${address}`);
    return link;
  } finally {
    await client.end();
  }
}

test('adds a sender, verifies it through the emailed link, checks its domain, and deletes it', async ({
  page,
  user,
}) => {
  const domain = `e2e-${Date.now().toString(36)}.example`;
  const address = `news@${domain}`;
  await loginThroughUi(page, user);
  await expect(page).toHaveURL(/\/$/);
  await page.goto('/multichannel/settings/senders');
  await expect(page).toHaveTitle(/Senders/);
  await expect(page.getByText('No senders yet.')).toBeVisible();

  // Add a sender through the dialog, with the keyboard for the last step.
  await page.getByRole('button', { name: 'Add a sender' }).click();
  const dialog = page.getByRole('dialog', { name: 'Add a sender' });
  await dialog.getByLabel('From name').fill('Newsletter');
  await dialog.getByLabel('From address').fill(address);
  await expect(dialog.getByText('start with 3,000 messages a day and increase by 15% a day')).toBeVisible();
  await expectAccessible(page);
  await dialog.getByLabel('From address').press('Enter');
  await expect(dialog).toBeHidden();
  await expect(page.getByRole('status').filter({ hasText: 'The sender was saved.' })).toBeVisible();
  const row = page.getByRole('row', { name: new RegExp(address.replace(/\./g, '\\.')) });
  await expect(row.getByText('Verification sent')).toBeVisible();

  // The same address again: the contract's 422 on its field.
  await page.getByRole('button', { name: 'Add a sender' }).click();
  await dialog.getByLabel('From name').fill('Again');
  await dialog.getByLabel('From address').fill(address);
  await dialog.getByRole('button', { name: 'Save' }).click();
  await expect(dialog.getByText('This address is already a sender.')).toBeVisible();
  await page.keyboard.press('Escape');
  await expect(dialog).toBeHidden();

  // The emailed link lands on the public page, which changes nothing until its button is pressed (mail scanners
  // follow links); the senders page then says verified.
  await page.goto(await verificationLink(address));
  await expect(page.getByRole('heading', { name: 'Confirm this sender' })).toBeVisible();
  await expectAccessible(page);
  await page.getByRole('button', { name: 'Confirm this sender' }).click();
  await expect(page.getByRole('heading', { name: 'Sender verified' })).toBeVisible();
  await expectAccessible(page);
  await page.goto('/multichannel/settings/senders');
  await expect(row.getByText('Verified', { exact: true })).toBeVisible();
  await expect(row.getByRole('button', { name: /Resend/ })).toHaveCount(0);

  // The domain's records to publish, then a DNS check: nothing is published for a .example domain.
  const records = page.getByRole('table', { name: `DNS records of ${domain}` });
  await expect(records.getByText(`missiva1._domainkey.${domain}`)).toBeVisible();
  await expect(records.getByText('Not checked')).toHaveCount(4);
  await page.getByRole('region', { name: domain }).getByRole('button', { name: 'Check DNS' }).click();
  await expect(records.getByText('Missing', { exact: true })).toHaveCount(4, { timeout: 30_000 });
  await expect(page.getByText(/Last checked/)).toBeVisible();
  await expectAccessible(page);

  // Delete, after a confirmation.
  await row.getByRole('button', { name: `Delete ${address}` }).click();
  await page.getByRole('dialog', { name: 'Delete this sender?' }).getByRole('button', { name: 'Delete' }).click();
  await expect(page.getByText('No senders yet.')).toBeVisible();
});

test('the settings page leads to senders', async ({ page, user }) => {
  await loginThroughUi(page, user);
  await expect(page).toHaveURL(/\/$/);
  await page.goto('/multichannel/settings');
  await page.getByRole('link', { name: 'Senders and domains' }).click();
  await expect(page).toHaveURL(/\/multichannel\/settings\/senders$/);
  await expect(page.getByRole('button', { name: 'Add a sender' })).toBeVisible();
});
