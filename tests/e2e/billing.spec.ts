import './spaDefines.ts';
import AxeBuilder from '@axe-core/playwright';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import pg from 'pg';
import { apiLogin, createUser, expect, loginThroughUi, serverInfo, test } from './fixtures.ts';
import { companyOf, grantCredits } from './operator.ts';

/**
 * The billing "Channels" page against the real server: credits granted with the operator CLI (`credits:grant`) show
 * as the email balance and as a ledger row; the owner changes the low-balance threshold and the server keeps it; axe
 * finds nothing on the page.
 */

async function query<T extends pg.QueryResultRow>(sql: string, values: unknown[]): Promise<T[]> {
  const { dataDir, pgPort } = serverInfo();
  const password = readFileSync(path.join(dataDir, 'postgres-password'), 'utf8').trim();
  const db = new pg.Client({
    connectionString: `postgres://postgres:${encodeURIComponent(password)}@127.0.0.1:${pgPort}/missiva`,
  });
  await db.connect();
  try {
    return (await db.query<T>(sql, values)).rows;
  } finally {
    await db.end();
  }
}

test('the owner sees granted credits in the balance and the ledger, and sets the low-balance threshold', async ({
  page,
  request,
}) => {
  // A company without starting credits: the grant below is its only ledger entry.
  const user = await createUser({ startingCredits: 0 });
  grantCredits(await companyOf(user), 'email', 1500, 'Welcome credits');

  await loginThroughUi(page, user);
  await expect(page).toHaveURL(/:\d+\/$/);
  await page.goto('/billing/channels');
  await expect(page.getByRole('heading', { level: 1, name: 'Channels' })).toBeVisible();

  const email = page.locator('[data-channel="email"]');
  await expect(email.getByTestId('billing-balance')).toHaveText('1,500 credits');
  const ledger = page.getByRole('table', { name: 'Ledger' });
  const row = ledger.getByRole('row').filter({ hasText: 'Welcome credits' });
  await expect(row).toContainText('Grant');
  await expect(row).toContainText('+1,500');
  await expect(page.getByText('No credits spent this month yet.')).toBeVisible();

  // The CSV export holds the grant, with the columns named.
  const download = page.waitForEvent('download');
  await page.getByRole('button', { name: 'Export CSV' }).click();
  const csv = readFileSync((await (await download).path())!, 'utf8');
  const [header, ...lines] = csv.trim().split(/\r?\n/);
  expect(header).toBe('createdAt,channel,kind,amount,balanceAfter,messageId,reason');
  expect(lines).toHaveLength(1);
  expect(lines[0]).toMatch(/^\d{4}-\d\d-\d\dT[^,]+,email,grant,1500,1500,,Welcome credits$/);
  await expect(page.getByRole('status')).toContainText('1 ledger entry exported.');

  // Filtering by another channel leaves the grant out.
  await page.getByRole('combobox', { name: 'Channel' }).click();
  await page.getByRole('option', { name: 'SMS' }).click();
  await expect(page.getByText('No ledger entries yet.')).toBeVisible();

  const threshold = email.getByRole('textbox', { name: 'Low-balance threshold for Email' });
  await threshold.fill('250');
  await email.getByRole('button', { name: 'Save' }).click();
  await expect(page.getByRole('status')).toContainText('Email: Low-balance threshold saved.');
  const token = await apiLogin(request, user);
  const overview = await request.get('/api/billing/overview', { headers: { Authorization: `Bearer ${token}` } });
  const channels = (await overview.json()).channels as Array<{ channel: string; lowBalanceThreshold: number }>;
  expect(channels.find((c) => c.channel === 'email')?.lowBalanceThreshold).toBe(250);

  await page.waitForLoadState('networkidle');
  const { violations } = await new AxeBuilder({ page })
    .withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa'])
    .setLegacyMode(true)
    .analyze();
  expect(violations.map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`)).toEqual([]);
});

test("an admin reads the balances and thresholds but cannot change them (billing:manage is the owner's)", async ({
  page,
}) => {
  const admin = await createUser({ startingCredits: 0 });
  await query(`update users set role = 'admin' where email = $1`, [admin.email]);
  grantCredits(await companyOf(admin), 'sms', 40, 'Trial');

  await loginThroughUi(page, admin);
  await expect(page).toHaveURL(/:\d+\/$/);
  await page.goto('/billing/channels');
  const sms = page.locator('[data-channel="sms"]');
  await expect(sms.getByTestId('billing-balance')).toHaveText('40 credits');
  await expect(sms).toContainText('Low-balance threshold: 0 credits');
  await expect(page.getByRole('textbox', { name: /Low-balance threshold/ })).toHaveCount(0);
  await expect(page.getByRole('button', { name: 'Save' })).toHaveCount(0);
});
