import AxeBuilder from '@axe-core/playwright';
import type { Page } from '@playwright/test';
import { expect, loginThroughUi, test } from './fixtures.ts';

/**
 * The models list and the model wizard in Chromium against the real e2e server (scripts/e2e-server.mjs): the draft
 * is created, autosaved and read back by the userflow operations of the server. Where the server does not read
 * sources yet (the connectors answer 501), the wizard shows the failure in words and stays usable; the walk through
 * preview, columns, training, run, segment and download follows once they answer.
 */

/** axe (WCAG 2.1 AA, as tests/e2e/accessibility.spec.ts runs it) over the page as it stands. */
async function expectAccessible(page: Page) {
  const { violations } = await new AxeBuilder({ page })
    .withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa'])
    .setLegacyMode(true)
    .analyze();
  expect(violations.map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`)).toEqual([]);
}

test.describe('model wizard', () => {
  // Long walks on a loaded 2-core host.
  test.describe.configure({ timeout: 150_000 });

  test('the list creates a draft; step 0 autosaves and survives a reload; back and next keep it; a file upload', async ({
    page,
    user,
  }) => {
    await loginThroughUi(page, user);
    await expect(page).toHaveURL(/:\d+\/$/);

    await page.goto('/userflow');
    await expect(page).toHaveTitle(/UserFlow/);
    await expect(page.getByText('No predictive models yet')).toBeVisible();
    await expectAccessible(page);
    await page.getByRole('button', { name: 'New model' }).first().click();
    await expect(page).toHaveURL(/\/userflow\/models\/\d+\/step-0$/);
    const base = new URL(page.url()).pathname.replace(/\/step-0$/, '');

    const name = page.getByLabel('Model name');
    await expect(name).toHaveValue('Untitled model');
    await name.fill('Buyers');
    await page.getByRole('radio', { name: /Probability/ }).check();
    await page.getByLabel('The question in words').fill('Which contacts will buy in the next 30 days?');
    await expect(page.getByTestId('autosave')).toHaveAttribute('data-state', 'saved');

    // The server holds the draft: a reload reads it back.
    await page.reload();
    await expect(page.getByLabel('Model name')).toHaveValue('Buyers');
    await expect(page.getByLabel('The question in words')).toHaveValue('Which contacts will buy in the next 30 days?');

    const next = page.getByRole('button', { name: 'Next' });
    await next.click();
    await expect(page).toHaveURL(new RegExp(`${base}/step-1$`));
    await page.getByRole('button', { name: 'Back' }).click();
    await expect(page.getByLabel('Model name')).toHaveValue('Buyers');
    await next.click();

    await page.getByRole('tab', { name: 'File upload' }).click();
    await expect(page).toHaveURL(new RegExp(`${base}/step-1/file$`));
    await page.getByTestId('source-file').click();
    const csv = 'email,visits,bought\nada@shop.test,4,1\nbob@shop.test,1,0\n';
    await page
      .locator('input[type="file"]')
      .setInputFiles({ name: 'buyers.csv', mimeType: 'text/csv', buffer: Buffer.from(csv) });
    // Either the server reads the file and shows its rows, or it says in words that the source could not be read.
    await expect(
      page
        .getByTestId('source-preview')
        .getByText('ada@shop.test')
        .or(page.getByText('The source could not be reached. Check its settings and try again.')),
    ).toBeVisible();
    await expectAccessible(page);

    // The list shows the draft under its saved name.
    await page.goto('/userflow');
    await expect(page.getByRole('row', { name: /Buyers/ })).toBeVisible();
  });

  test('predictions: the page names itself and explains that there is nothing to show yet', async ({ page, user }) => {
    await loginThroughUi(page, user);
    await expect(page).toHaveURL(/:\d+\/$/);
    await page.goto('/userflow/predictions');
    await expect(page).toHaveTitle(/Predictions/);
    await expect(page.getByTestId('predictions-empty')).toContainText('No predictions yet');
    await expectAccessible(page);
  });
});
