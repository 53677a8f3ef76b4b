import { simpleParser } from 'mailparser';
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { randomUUID } from 'node:crypto';
import { expect, loginThroughUi, serverInfo, test } from './fixtures.ts';

/** The link of the newest email-change message the capturing SMTP server holds for `address`. */
async function confirmationLink(address: string): Promise<string | null> {
  const { mailDir } = serverInfo();
  for (const file of readdirSync(mailDir).filter((f) => f.endsWith('.eml'))) {
    const mail = await simpleParser(readFileSync(path.join(mailDir, file)));
    const to = Array.isArray(mail.to) ? mail.to : mail.to ? [mail.to] : [];
    if (!to.some((t) => t.value.some((v) => v.address === address))) continue;
    const link = /https?:\/\/\S+\/account\/email\/confirm\?token=\S+/.exec(mail.text ?? '')?.[0];
    if (link) return link;
  }
  return null;
}

test.describe('profile', () => {
  test('changes the name and the language, which stays after a reload', async ({ page, user }) => {
    await loginThroughUi(page, user, { path: '/login?redirect=%2Faccount' });
    await expect(page).toHaveURL(/\/account$/);
    await page.getByLabel('First name').fill('Augusta');
    await page.getByRole('button', { name: 'Save' }).click();
    await expect(page.getByRole('status').filter({ hasText: 'Profile saved' })).toBeVisible();
    await page.getByRole('button', { name: 'Italiano' }).first().click();
    await expect(page.getByRole('heading', { name: 'Dati personali' })).toBeVisible();
    await page.reload();
    await expect(page.getByLabel('Nome', { exact: true })).toHaveValue('Augusta');
    await expect(page.getByRole('heading', { name: 'Dati personali' })).toBeVisible();
  });

  test('asks for a prefix with a phone number, then keeps both', async ({ page, user }) => {
    await loginThroughUi(page, user, { path: '/login?redirect=%2Faccount' });
    await expect(page).toHaveURL(/\/account$/);
    const phone = `3${String(Date.now()).slice(-9)}`;
    await page.getByLabel('Phone number').fill(phone);
    await page.getByRole('button', { name: 'Save' }).click();
    await expect(page.getByText('A prefix is required when a phone number is given')).toBeVisible();
    await page.getByLabel('Prefix').fill('+39');
    await page.getByRole('button', { name: 'Save' }).click();
    await expect(page.getByRole('status').filter({ hasText: 'Profile saved' })).toBeVisible();
    await page.reload();
    await expect(page.getByLabel('Prefix')).toHaveValue('+39');
    await expect(page.getByLabel('Phone number')).toHaveValue(phone);
  });

  test('checks the password form and signs in with the changed password', async ({ page, user }) => {
    await loginThroughUi(page, user, { path: '/login?redirect=%2Faccount' });
    await page.getByLabel('Current password').fill(user.password);
    await page.getByLabel('New password', { exact: true }).fill('brand-new-secret');
    await page.getByLabel('Confirm the new password').fill('other-secret');
    await page.getByRole('button', { name: 'Change password' }).click();
    await expect(page.getByText('Passwords do not match')).toBeVisible();
    await page.getByLabel('Confirm the new password').fill('brand-new-secret');
    await page.getByRole('button', { name: 'Change password' }).click();
    await expect(page.getByText('Your password was changed.')).toBeVisible();
    const fresh = await page.context().browser()!.newContext({ baseURL: serverInfo().baseURL });
    const other = await fresh.newPage();
    await loginThroughUi(other, { ...user, password: 'brand-new-secret' });
    await expect(other).toHaveURL(/\/$/);
    await fresh.close();
  });

  test('changes the sign-in email through the mailed link, and a used link says so', async ({ page, user }) => {
    const address = `ada-${randomUUID().slice(0, 8)}@missiva.test`;
    await loginThroughUi(page, user, { path: '/login?redirect=%2Faccount' });
    await page.getByLabel('New email address').fill(address);
    await page.getByRole('button', { name: 'Send confirmation link' }).click();
    await expect(page.getByText(`Check your inbox: we sent a confirmation link to ${address}`)).toBeVisible();
    let link: string | null = null;
    await expect.poll(async () => (link = await confirmationLink(address)), { timeout: 30_000 }).not.toBeNull();
    const url = new URL(link!);
    await page.goto(`${url.pathname}${url.search}`);
    await expect(page.getByRole('heading', { name: 'Confirm email' })).toBeVisible();
    await expect(page.getByText(`Your sign-in email is now ${address}.`)).toBeVisible();
    await page.reload();
    await expect(page.getByText('This confirmation link has expired or was already used.')).toBeVisible();
  });

  test('signs out another session, which loses access', async ({ page, browser, user }) => {
    const second = await browser.newContext({ baseURL: serverInfo().baseURL });
    const other = await second.newPage();
    await loginThroughUi(other, user);
    await expect(other).toHaveURL(/\/$/);
    await loginThroughUi(page, user, { path: '/login?redirect=%2Faccount' });
    const rows = page.getByRole('row');
    await expect(rows.filter({ hasText: 'This device' })).toHaveCount(1);
    await page.getByRole('button', { name: 'Sign out everywhere else' }).click();
    await page.getByRole('dialog').getByRole('button', { name: 'Sign out' }).click();
    await expect(page.getByRole('button', { name: 'Sign out', exact: true })).toHaveCount(0);
    await other.goto('/contacts');
    await expect(other).toHaveURL(/\/login/);
    await second.close();
  });
});
