import { expect, loginThroughUi, test } from './fixtures.ts';

test.describe('application shell', () => {
  test('window titles: page title - Missiva', async ({ page, user }) => {
    await page.goto('/password-reset-request');
    await expect(page).toHaveTitle('Request Password Reset - Missiva');
    await page.goto('/reset-password');
    await expect(page).toHaveTitle('Reset Password - Missiva');
    await loginThroughUi(page, user);
    await expect(page).toHaveTitle('Dashboard - Missiva');
    for (const [path, title] of [
      ['/account/security', 'Security - Missiva'],
      ['/multichannel', 'Message Console - Missiva'],
      ['/multichannel/email/templates', 'Email templates - Missiva'],
      ['/integrations/apikeys', 'Api Keys - Missiva'],
      ['/workflows/list', 'Workflow Manager - Missiva'],
      ['/workflows/workflow/7', 'Automation - Missiva'],
      ['/userflow/models/m1/step-1/ga4', 'Predictive model - Missiva'],
    ] as const) {
      await page.goto(path);
      await expect(page).toHaveTitle(title);
      await expect(page.getByRole('heading', { level: 1 })).toHaveText(title.replace(' - Missiva', ''));
    }
  });

  test('an in-app navigation moves focus to the new page’s heading; a changed query keeps it where it is', async ({
    page,
    user,
  }) => {
    await loginThroughUi(page, user);
    await expect(page.getByTestId('greeting')).toBeVisible();
    const navigation = page.getByRole('navigation', { name: 'Main navigation' });
    await navigation.getByRole('link', { name: 'Contacts' }).click();
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Contacts');
    await expect(page.getByRole('heading', { level: 1 })).toBeFocused();
    // Tab goes on from the top of the page's content, not from the navigation link.
    const search = page.getByRole('searchbox', { name: 'Search by email, name or phone' });
    await search.fill('ada');
    await expect(page).toHaveURL(/\/contacts\?q=ada$/);
    await expect(search).toBeFocused();
    // The area's tabs stay on the page: focus stays on the tab, so the arrow keys go on through the tabs.
    await page.getByRole('tab', { name: 'Lists' }).click();
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Lists');
    await expect(page.getByRole('tab', { name: 'Lists' })).toBeFocused();
    await page.keyboard.press('ArrowRight');
    await expect(page).toHaveURL(/\/contacts\/folders$/);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Folders');
    await expect(page.getByRole('tab', { name: 'Folders' })).toBeFocused();
    // A link in the content that leaves with the page: focus goes to the new page's heading.
    await navigation.getByRole('link', { name: 'Dashboard' }).click();
    await expect(page.getByRole('heading', { level: 1 })).toBeFocused();
  });

  test('404: unknown pages and failed param checks show Page Not Found', async ({ page, user }) => {
    await page.goto('/no/such/page');
    await expect(page.getByRole('heading', { name: 'Page Not Found' })).toBeVisible();
    await expect(page).toHaveTitle('Page Not Found - Missiva');
    await loginThroughUi(page, user);
    await expect(page.getByTestId('greeting')).toBeVisible();
    await page.goto('/multichannel/fax');
    await expect(page.getByTestId('not-found')).toBeVisible();
    await expect(page).toHaveTitle('Page Not Found - Missiva');
    // The error shows inside the layout: the navigation is still there.
    await expect(page.getByRole('navigation', { name: 'Main navigation' })).toBeVisible();
  });

  test('the language persists across reloads and is applied on start', async ({ page, user }) => {
    await page.goto('/login');
    await page.getByRole('button', { name: 'Italiano' }).click();
    await expect(page.getByRole('button', { name: 'Accedi' })).toBeVisible();
    await expect(page).toHaveTitle('Accesso - Missiva');
    await page.reload();
    await expect(page.getByRole('button', { name: 'Accedi' })).toBeVisible();
    await expect(page.locator('html')).toHaveAttribute('lang', 'it');
    await page.getByLabel('Email').fill(user.email);
    await page.getByRole('textbox', { name: 'Password', exact: true }).fill(user.password);
    await page.getByRole('button', { name: 'Accedi' }).click();
    await expect(page.getByTestId('greeting')).toHaveText('Ciao, Ada');
    await page.getByRole('button', { name: 'English' }).click();
    await expect(page.getByTestId('greeting')).toHaveText('Hello, Ada');
    await page.reload();
    await expect(page.getByTestId('greeting')).toHaveText('Hello, Ada');
  });

  test('a 500 shows the Server Error toast; the same error again shows a repeat counter', async ({ page, user }) => {
    await loginThroughUi(page, user);
    await expect(page.getByTestId('greeting')).toBeVisible();
    await page.route('**/api/users/me', (route) =>
      route.fulfill({
        status: 500,
        contentType: 'application/json',
        body: JSON.stringify({ code: 'server_error', message: 'Please contact the support team.' }),
      }),
    );
    await page.reload();
    const toast = page.getByTestId('toast');
    await expect(toast).toContainText('Server Error');
    await expect(toast).toContainText('Please contact the support team.');
    await page.getByRole('button', { name: 'Try again' }).click();
    await expect(toast).toHaveAttribute('data-count', '2');
    await expect(toast).toContainText('×2');
    await page.keyboard.press('Escape');
    await expect(toast).toHaveCount(0);
  });

  test('a new build reloads the page on the next navigation', async ({ page, user }) => {
    await page.clock.install();
    await loginThroughUi(page, user);
    await expect(page.getByTestId('greeting')).toBeVisible();
    await page.route('**/build-manifest.json', (route) =>
      route.fulfill({
        status: 200,
        contentType: 'application/json',
        body: JSON.stringify({ buildId: 'a-newer-build' }),
      }),
    );
    await page.evaluate(() => Object.assign(window, { beforeReload: true }));
    const manifestChecked = page.waitForResponse('**/build-manifest.json');
    await page.clock.fastForward('01:00:01');
    await manifestChecked;
    expect(await page.evaluate(() => (window as { beforeReload?: boolean }).beforeReload)).toBe(true);
    await page.getByRole('link', { name: 'Contacts' }).first().click();
    await page.waitForFunction(() => !(window as { beforeReload?: boolean }).beforeReload);
    await expect(page).toHaveURL(/\/contacts$/);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Contacts');
  });
});
