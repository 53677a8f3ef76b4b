import { apiLogin, expect, loginThroughUi, test } from './fixtures.ts';
import { database } from './mail.ts';
import { companyOf, setPlan } from './operator.ts';

/**
 * The bell as a notifications centre against the real server (issue 21 §5): 120 unread notifications show as 99+;
 * the list pages back in time; one is marked read, then all, and that holds after a reload; a plan limit that refuses
 * the user arrives live over realtime, and following its link opens the billing page and marks it read.
 */
test('the bell counts, pages, marks read and hears a limit reached live', async ({ page, request, user }) => {
  const companyId = await companyOf(user);
  const db = database();
  await db.connect();
  try {
    await db.query(
      `insert into notifications (company_id, kind, level, values, created_at)
       select $1, 'send.finished', 'success', jsonb_build_object('name', 'Letter ' || i),
              now() - make_interval(mins => i)
         from generate_series(1, 120) i`,
      [companyId],
    );
  } finally {
    await db.end();
  }
  await loginThroughUi(page, user);
  await expect(page).toHaveURL(/:\d+\/$/);
  const badge = page.getByTestId('bell-badge');
  await expect(badge).toHaveText('99+');
  await page.getByRole('button', { name: 'Notifications: 120 unread notifications' }).click();
  const centre = page.getByTestId('notification-centre');
  const items = centre.locator('li[data-notification]');
  await expect(items).toHaveCount(10);
  await expect(items.first()).toContainText('Campaign “Letter 1” finished sending.');
  await centre.getByRole('button', { name: 'Show older' }).click();
  await expect(items).toHaveCount(20);
  await items.first().getByRole('button', { name: 'Mark as read' }).click();
  await expect(items.first()).toHaveAttribute('data-read', 'true');
  await expect(page.getByRole('button', { name: 'Notifications: 119 unread notifications' })).toBeVisible();
  await centre.getByRole('button', { name: 'Mark all as read' }).click();
  await expect(badge).toHaveCount(0);
  await page.keyboard.press('Escape');
  await page.reload();
  await expect(page.getByRole('button', { name: 'Notifications: No unread notifications' })).toBeVisible();
  await expect(badge).toHaveCount(0);

  // A plan limit refuses a new contact: the bell hears it over realtime, without a reload.
  setPlan(companyId, 'Starter', { contacts: 0 });
  const token = await apiLogin(request, user);
  const refused = await request.post('/api/contacts', {
    headers: { Authorization: `Bearer ${token}` },
    data: { email: 'over.limit@example.org' },
  });
  expect(refused.status()).toBe(402);
  await expect(badge).toHaveText('1');
  await page.getByRole('button', { name: 'Notifications: 1 unread notification' }).click();
  const limit = items.filter({ hasText: 'Your plan limit was reached: contacts.' });
  await expect(limit).toHaveAttribute('data-read', 'false');
  await limit.getByRole('link').click();
  await expect(page).toHaveURL(/\/billing\/channels$/);
  await expect(badge).toHaveCount(0);
});
