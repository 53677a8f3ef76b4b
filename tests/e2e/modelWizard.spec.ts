import { expect, loginThroughUi, test } from './fixtures.ts';
import { expectAccessible } from './axe.ts';

/**
 * The models list and the model wizard in Chromium against the real e2e server (scripts/e2e-server.mjs): the draft
 * is created, autosaved and read back by the userflow operations of the server; a CSV upload is read by the server's
 * file connector (preview, suggested identity, match rate against contacts); a database source is saved with its
 * write-only password and its connection test refused in words. Training, runs, segments and downloads follow once
 * the server answers them.
 */

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
    // The server reads the file: its columns and first rows.
    // The upload is inspected in a worker thread, then tested and previewed: slow on a loaded host.
    await expect(page.getByTestId('source-preview').getByRole('cell', { name: 'ada@shop.test' })).toBeVisible({
      timeout: 30_000,
    });
    await expect(page.getByText('Uploaded file: buyers.csv')).toBeVisible();
    await expectAccessible(page);

    // Step 2: the server's guess of the identity column is chosen; the match rate is measured against contacts.
    await next.click();
    await expect(page).toHaveURL(new RegExp(`${base}/step-2$`));
    await expect(page.getByRole('combobox', { name: 'Column that identifies the contact' })).toHaveValue('email');
    await page.getByRole('button', { name: 'Check the match rate' }).click();
    // A new company has no contacts yet: no row matches, and the page says so in figures.
    await expect(page.getByTestId('match-rate')).toHaveText('0% of rows match a contact (0 of 2).');
    await page.getByRole('combobox', { name: 'Column to predict' }).click();
    await page.getByRole('option', { name: 'bought' }).click();
    await expect(page.getByLabel('Use visits')).toBeChecked();
    await expect(page.getByTestId('autosave')).toHaveAttribute('data-state', 'saved');
    await expectAccessible(page);

    // A reload lands on step 2 again (the source is read again) and keeps the identity and the target.
    await page.reload();
    await expect(page).toHaveURL(new RegExp(`${base}/step-2$`));
    await expect(page.getByRole('combobox', { name: 'Column that identifies the contact' })).toHaveValue('email');
    await expect(page.getByRole('combobox', { name: 'Column to predict' })).toHaveValue('bought');

    // The list shows the draft under its saved name.
    await page.goto('/userflow');
    await expect(page.getByRole('row', { name: /Buyers/ })).toBeVisible();
  });

  test('step 1 for a database: the form autosaves once complete, the password is write-only, a refused connection is said in words', async ({
    page,
    user,
  }) => {
    await loginThroughUi(page, user);
    await expect(page).toHaveURL(/:\d+\/$/);
    await page.goto('/userflow');
    await page.getByRole('button', { name: 'New model' }).first().click();
    await expect(page).toHaveURL(/\/step-0$/);
    await page.getByLabel('The question in words').fill('Who churns?');
    await page.getByRole('button', { name: 'Next' }).click();

    await page.getByRole('combobox', { name: 'Data source' }).click();
    await page.getByRole('option', { name: 'PostgreSQL' }).click();
    const form = page.getByTestId('source-form');
    await expect(form).toHaveAttribute('data-kind', 'postgres');
    await expect(form.getByLabel('Port')).toHaveValue('5432');
    await expect(page.getByRole('button', { name: 'Test the connection' })).toBeDisabled();
    await form.getByLabel('Server').fill('127.0.0.1');
    await form.getByLabel('Port').fill('1');
    await form.getByLabel('Database').fill('shop');
    await form.getByLabel(/^User( \*)?$/).fill('reader');
    await form.getByLabel('Password').fill('s3cret');
    await form.getByLabel('Table or view').fill('public.customers');
    await expect(page.getByTestId('autosave')).toHaveAttribute('data-state', 'saved');
    await expectAccessible(page);

    // The server holds the source; the password never comes back, only that it is stored.
    await page.reload();
    await expect(form.getByLabel('Server')).toHaveValue('127.0.0.1');
    await expect(form.getByLabel('Table or view')).toHaveValue('public.customers');
    await expect(form.getByLabel('Password')).toHaveValue('');
    await expect(form.getByText('Stored — leave empty to keep it, or type a new one.')).toBeVisible();

    // Nothing listens on port 1 (or the address guard refuses loopback): either way a named reason in words.
    await page.getByRole('button', { name: 'Test the connection' }).click();
    const refusal = page.getByRole('alert').filter({ hasText: 'The connection did not work' });
    await expect(refusal).toBeVisible();
    await expect(refusal).toHaveAttribute('data-code', /^peer_(unreachable|blocked)$/);
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
