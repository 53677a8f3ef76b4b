import { expect, type Page } from '@playwright/test';

/**
 * The model wizard's first steps as a marketer takes them, from step-0 of a new model: its name, a probability and
 * the question (saved), then a CSV uploaded on step-1 and read back in the preview, then step-2 with the identity
 * column the server suggested (email).
 */
export async function probabilityModelFromCsv(
  page: Page,
  model: { name: string; question: string; file: { name: string; csv: string; firstEmail: string } },
) {
  await page.getByLabel('Model name').fill(model.name);
  await page.getByRole('radio', { name: /Probability/ }).check();
  await page.getByLabel('The question in words').fill(model.question);
  await expect(page.getByTestId('autosave')).toHaveAttribute('data-state', 'saved');
  const next = page.getByRole('button', { name: 'Next' });
  await next.click();

  await page.getByRole('tab', { name: 'File upload' }).click();
  await page
    .locator('input[type="file"]')
    .setInputFiles({ name: model.file.name, mimeType: 'text/csv', buffer: Buffer.from(model.file.csv) });
  await expect(page.getByTestId('source-preview').getByRole('cell', { name: model.file.firstEmail })).toBeVisible({
    timeout: 30_000,
  });

  await next.click();
  await expect(page).toHaveURL(/\/step-2$/);
  await expect(page.getByRole('combobox', { name: 'Column that identifies the contact' })).toHaveValue('email');
}
