import { apiLogin, enableTwoFactor, expect, loginThroughUi, test, totpCode } from './fixtures.ts';

test.describe('session', () => {
  test('logs in without 2FA, lands on the dashboard and stores a 1-day cookie for the page asked for', async ({
    page,
    user,
  }) => {
    await page.goto('/contacts');
    await expect(page).toHaveURL(/\/login\?redirect=%2Fcontacts$/);
    await expect(page).toHaveTitle('Login - Missiva');
    await page.getByLabel('Email').fill(user.email);
    await page.getByRole('textbox', { name: 'Password', exact: true }).fill(user.password);
    await page.getByRole('button', { name: 'Log in' }).click();
    await expect(page).toHaveURL(/\/contacts$/);
    await expect(page).toHaveTitle('Contacts - Missiva');
    const [cookie] = (await page.context().cookies()).filter((c) => c.name === 'missiva_session');
    expect(cookie?.path).toBe('/');
    const days = ((cookie?.expires ?? 0) * 1000 - Date.now()) / 86_400_000;
    expect(days).toBeGreaterThan(0.9);
    expect(days).toBeLessThan(1.1);
    await page.getByRole('link', { name: 'Dashboard' }).click();
    await expect(page.getByTestId('greeting')).toHaveText('Hello, Ada');
    await expect(page.getByTestId('user-menu')).toContainText('Ada Lovelace');
    await expect(page.getByTestId('user-menu')).toContainText('AL');
    await expect(page.getByTestId('active-channels')).toContainText('Email');
    // The company's channel is named after its type: the chip names it once.
    await expect(page.getByTestId('active-channels').getByRole('listitem')).toHaveText(['Email']);
  });

  test('remember me keeps the cookie for 30 days; /login then sends to /', async ({ page, user }) => {
    await loginThroughUi(page, user, { remember: true });
    await expect(page.getByTestId('greeting')).toBeVisible();
    const [cookie] = (await page.context().cookies()).filter((c) => c.name === 'missiva_session');
    const days = ((cookie?.expires ?? 0) * 1000 - Date.now()) / 86_400_000;
    expect(days).toBeGreaterThan(29.9);
    await page.goto('/login');
    await expect(page).toHaveURL(/\/$/);
  });

  test('a wrong password shows the spec message', async ({ page, user }) => {
    await loginThroughUi(page, { ...user, password: 'wrong-password' });
    await expect(page.getByTestId('login-error')).toHaveText('Invalid login, please check and try again.');
    await expect(page).toHaveURL(/\/login$/);
  });

  test('logs in with 2FA: the form asks for the code, refuses a wrong one, accepts the right one', async ({
    page,
    request,
    user,
  }) => {
    const secret = await enableTwoFactor(request, user);
    await loginThroughUi(page, user);
    const code = page.getByLabel('2FA code');
    await expect(code).toBeVisible();
    await code.fill('000000');
    await page.getByRole('button', { name: 'Verify' }).click();
    await expect(page.getByTestId('login-error')).toHaveText('Invalid 2FA code. Please try again.');
    await code.fill(totpCode(secret, 1));
    await page.getByRole('button', { name: 'Verify' }).click();
    await expect(page.getByTestId('greeting')).toHaveText('Hello, Ada');
  });

  test('logout clears the token and reloads at /, which sends to /login', async ({ page, user }) => {
    await loginThroughUi(page, user);
    await expect(page.getByTestId('greeting')).toBeVisible();
    // The menu's panel is not shown (not even empty) until the button opens it; Escape closes it again.
    const menu = page.getByTestId('user-menu');
    const panel = page.locator(`[id="${await menu.getAttribute('aria-controls')}"]`);
    await expect(panel).toBeHidden();
    await menu.click();
    await expect(panel).toBeVisible();
    await expect(menu).toHaveAttribute('aria-expanded', 'true');
    await page.keyboard.press('Escape');
    await expect(panel).toBeHidden();
    await menu.click();
    await page.getByRole('button', { name: 'Log out' }).click();
    await expect(page).toHaveURL(/\/login$/);
    expect((await page.context().cookies()).filter((c) => c.name === 'missiva_session')).toEqual([]);
    expect((await page.context().cookies()).filter((c) => c.name === 'missiva_refresh')).toEqual([]);
  });

  test('a 401 logs out and goes to /login', async ({ page, request, user }) => {
    await loginThroughUi(page, user);
    await expect(page.getByTestId('greeting')).toBeVisible();
    // End the session on the server: the next authenticated request answers 401.
    const [cookie] = (await page.context().cookies()).filter((c) => c.name === 'missiva_session');
    const { token } = JSON.parse(decodeURIComponent(cookie!.value)) as { token: string };
    expect((await request.post('/api/users/logout', { headers: { Authorization: `Bearer ${token}` } })).status()).toBe(
      204,
    );
    // Any authenticated call now answers 401: changing the language saves it on the server.
    await page.getByRole('button', { name: 'Italiano' }).click();
    await expect(page).toHaveURL(/\/login$/);
    expect((await page.context().cookies()).filter((c) => c.name === 'missiva_session')).toEqual([]);
    expect(await apiLogin(request, user)).toBeTruthy();
  });

  test('a wrong code while enabling 2FA is refused on the form and keeps the user signed in', async ({
    page,
    user,
  }) => {
    await loginThroughUi(page, user, { path: '/account/security' });
    await page.getByRole('button', { name: 'Enable 2FA' }).click();
    const secret = (await page.getByTestId('totp-secret').textContent())!.trim();
    await page.getByLabel('Code from the app').fill('000000');
    await page.getByRole('button', { name: 'Verify and enable' }).click();
    await expect(page.getByText('Failed to verify the 2FA token.')).toBeVisible();
    await expect(page).toHaveURL(/\/account\/security$/);
    await page.getByLabel('Code from the app').fill(totpCode(secret));
    await page.getByRole('button', { name: 'Verify and enable' }).click();
    await expect(page.getByTestId('recovery-codes').locator('code')).toHaveCount(10);
    await page.getByRole('button', { name: 'I have saved them' }).click();
    await expect(page.getByTestId('two-factor-status')).toHaveText('Enabled');
  });
});

test.describe('refresh token', () => {
  test("lives in an HttpOnly cookie for the refresh path only, out of the page's reach", async ({ page, user }) => {
    await loginThroughUi(page, user);
    await expect(page.getByTestId('greeting')).toBeVisible();
    const cookies = await page.context().cookies();
    const refresh = cookies.find((c) => c.name === 'missiva_refresh');
    expect(refresh).toMatchObject({ httpOnly: true, path: '/api/users/refresh', sameSite: 'Strict' });
    const session = cookies.find((c) => c.name === 'missiva_session')!;
    expect(Object.keys(JSON.parse(decodeURIComponent(session.value)))).not.toContain('refreshToken');
    expect(await page.evaluate(() => document.cookie)).not.toContain(refresh!.value);
  });

  test('two tabs refreshing at the same moment both stay signed in', async ({ page, user }) => {
    await loginThroughUi(page, user);
    await expect(page.getByTestId('greeting')).toBeVisible();
    // Both tabs start with an access token past its expiry, so each refreshes at once with the same refresh cookie.
    const context = page.context();
    const session = (await context.cookies()).find((c) => c.name === 'missiva_session')!;
    const stale = {
      ...JSON.parse(decodeURIComponent(session.value)),
      expiresAt: new Date(Date.now() - 60_000).toISOString(),
    };
    await context.addCookies([{ ...session, value: encodeURIComponent(JSON.stringify(stale)) }]);
    // Hold the refreshes until both tabs have sent theirs, then let them race.
    const held: { continue(): Promise<void> }[] = [];
    await context.route('**/api/users/refresh', async (route) => {
      held.push(route);
      if (held.length === 2) await Promise.all(held.map((r) => r.continue()));
    });
    const answers: number[] = [];
    context.on('response', (res) => {
      if (res.url().endsWith('/api/users/refresh')) answers.push(res.status());
    });
    const second = await context.newPage();
    await Promise.all([page.reload(), second.goto('/')]);
    await expect(page.getByTestId('greeting')).toBeVisible();
    await expect(second.getByTestId('greeting')).toBeVisible();
    expect(answers).toEqual([200, 200]);
    await context.unroute('**/api/users/refresh');
    // The pair both got is the session's current one: both tabs keep working after a reload.
    await Promise.all([page.reload(), second.reload()]);
    await expect(page.getByTestId('greeting')).toBeVisible();
    await expect(second.getByTestId('greeting')).toBeVisible();
  });
});
