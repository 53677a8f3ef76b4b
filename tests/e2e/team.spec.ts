import { randomUUID } from 'node:crypto';
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { simpleParser } from 'mailparser';
import { expect, loginThroughUi, serverInfo, test } from './fixtures.ts';

/** The text of the last message the capturing SMTP server holds for `address`, or null. */
async function lastMailTo(address: string): Promise<string | null> {
  const { mailDir } = serverInfo();
  let text: string | null = null;
  for (const file of readdirSync(mailDir)
    .filter((f) => f.endsWith('.eml'))
    .sort()) {
    const mail = await simpleParser(readFileSync(path.join(mailDir, file)));
    const to = Array.isArray(mail.to) ? mail.to : mail.to ? [mail.to] : [];
    if (to.some((t) => t.value.some((v) => v.address === address))) text = mail.text ?? null;
  }
  return text;
}

/**
 * The invitation flow in Chromium against the real server and its captured mail: the owner invites a viewer, the
 * viewer accepts from the emailed link in another browser, sees the team without the controls to change it, and is
 * signed out once the owner removes them.
 */
test('an owner invites a viewer who joins, reads the team, and is signed out when removed', async ({
  browser,
  page,
  user,
}) => {
  const invitee = `grace-${randomUUID().slice(0, 8)}@example.org`;
  await loginThroughUi(page, user);
  await expect(page).toHaveURL(/:\d+\/$/);
  await page.goto('/account/team');
  await expect(page.getByTestId(`member-${user.email}`)).toContainText('Owner');

  await page.getByRole('button', { name: 'Invite a member' }).click();
  const dialog = page.getByRole('dialog', { name: 'Invite a member' });
  await dialog.getByRole('textbox', { name: 'Email' }).fill(invitee);
  await dialog.getByRole('button', { name: 'Send invitation' }).click();
  await expect(page.getByRole('status')).toContainText('Invitation sent.');
  await expect(page.getByTestId(`invitation-${invitee}`)).toContainText('Viewer');

  let mail: string | null = null;
  await expect
    .poll(async () => (mail = await lastMailTo(invitee)), { timeout: 20_000, message: 'the invitation mail' })
    .toContain('/invitation?token=');
  const link = new URL(/https?:\/\/\S+\/invitation\?token=\S+/.exec(mail ?? '')![0]);

  const other = await browser.newContext();
  const guest = await other.newPage();
  await guest.goto(`${link.pathname}${link.search}`);
  await expect(guest.getByRole('heading', { name: `Join ${user.company}` })).toBeVisible();
  await expect(guest.getByText(`as viewer, with the address ${invitee}`)).toBeVisible();
  // The spec's rules before anything is sent.
  await guest.getByRole('textbox', { name: 'Password', exact: true }).fill('abc');
  await guest.getByRole('textbox', { name: 'Confirm the password' }).fill('abd');
  await guest.getByRole('button', { name: 'Join the team' }).click();
  await expect(guest.getByText('Passwords do not match')).toBeVisible();
  await expect(guest.getByText('Password must be at least 5 characters.')).toBeVisible();
  await guest.getByRole('textbox', { name: 'First name' }).fill('Grace');
  await guest.getByRole('textbox', { name: 'Last name' }).fill('Hopper');
  await guest.getByRole('textbox', { name: 'Password', exact: true }).fill('grace-secret');
  await guest.getByRole('textbox', { name: 'Confirm the password' }).fill('grace-secret');
  await guest.getByRole('button', { name: 'Join the team' }).click();
  await expect(guest).toHaveURL(/:\d+\/$/);

  await guest.goto('/account/team');
  await expect(guest.getByTestId(`member-${invitee}`)).toContainText('Viewer');
  await expect(guest.getByTestId(`member-${user.email}`)).toBeVisible();
  await expect(guest.getByRole('button', { name: 'Invite a member' })).toHaveCount(0);
  await expect(guest.getByRole('combobox')).toHaveCount(0);
  await expect(guest.getByRole('tab', { name: 'Audit log' })).toHaveCount(0);

  // The used link is a clear dead end.
  const stranger = await browser.newContext();
  const again = await stranger.newPage();
  await again.goto(`${link.pathname}${link.search}`);
  await expect(again.getByRole('alert').filter({ hasText: 'already used' })).toBeVisible();
  await stranger.close();

  await page.reload();
  await page.getByRole('button', { name: 'Remove: Grace Hopper' }).click();
  const confirm = page.getByRole('dialog', { name: 'Remove this member?' });
  await expect(confirm).toContainText('their sessions and API keys end');
  await confirm.getByRole('button', { name: 'Remove', exact: true }).click();
  await expect(page.getByRole('status')).toContainText('Member removed.');
  await expect(page.getByTestId(`member-${invitee}`)).toHaveCount(0);

  await guest.reload();
  await expect(guest).toHaveURL(/\/login/);
  await other.close();

  // The owner's audit log names what happened, filters by event and exports the filtered rows.
  await page.getByRole('tab', { name: 'Audit log' }).click();
  const log = page.getByRole('tabpanel', { name: 'Audit log' });
  await expect(log.getByRole('cell', { name: 'Invitation accepted' })).toBeVisible();
  await expect(log.getByRole('cell', { name: 'Member removed' })).toBeVisible();
  await log.getByLabel('Event').fill('Member removed');
  await page.getByRole('option', { name: 'Member removed' }).click();
  await log.getByRole('button', { name: 'Filter', exact: true }).click();
  await expect(log.getByRole('cell', { name: 'Invitation accepted' })).toHaveCount(0);
  await expect(log.getByRole('cell', { name: 'Member removed' })).toHaveCount(1);
  const download = page.waitForEvent('download');
  await log.getByRole('button', { name: 'Export CSV' }).click();
  const csv = readFileSync((await (await download).path())!, 'utf8');
  expect(csv.split(/\r?\n/)[0]).toBe('time,event,member,email,address,details');
  expect(csv).toContain('member.removed');
  expect(csv).not.toContain('invitation.accepted');
});
