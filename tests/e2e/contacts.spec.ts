import type { Locator, Page } from '@playwright/test';
import { expect, loginThroughUi, test } from './fixtures.ts';

const CSV = [
  'email,first name,last name,country,plan',
  'ada@example.com,Ada,Lovelace,IT,pro',
  'grace@example.com,Grace,Hopper,IT,free',
  'alan@example.com,Alan,Turing,GB,pro',
  'linus@example.com,Linus,Torvalds,IT,free',
  'margaret@example.com,Margaret,Hamilton,IT,pro',
  'tim@example.com,Tim,Berners-Lee,FR,pro',
  'not-an-email,Bad,Row,IT,pro',
].join('\n');

/** Picks an option of a Mantine Select (or MultiSelect) labelled `label` inside `scope`. */
async function choose(page: Page, scope: Locator | Page, label: string, option: string) {
  await scope.getByRole('combobox', { name: label, exact: true }).click();
  await page.getByRole('option', { name: option, exact: true }).click();
}

test.describe('contacts', () => {
  test('attribute, CSV import into a list, nested segment whose live count matches the filtered table', async ({ page, user }) => {
    test.setTimeout(120_000);
    await loginThroughUi(page, user);
    await expect(page.getByTestId('greeting')).toBeVisible();

    // An attribute and a list.
    await page.goto('/contacts/attributes/edit');
    await page.getByRole('button', { name: 'Create attribute' }).click();
    await expect(page.getByRole('alert')).toHaveText('Please provide a name');
    await page.getByLabel('Name', { exact: true }).fill('Plan');
    await page.getByRole('button', { name: 'Create attribute' }).click();
    await expect(page.getByTestId('attributes-table')).toContainText('Plan');
    await page.goto('/contacts/lists');
    await page.getByLabel('Name', { exact: true }).fill('Customers');
    await page.getByRole('button', { name: 'Create list' }).click();
    await expect(page.getByTestId('lists-table')).toContainText('0 contacts');

    // The import: file, mapping (auto-matched), the list rule, progress, result with an error report.
    await page.goto('/contacts/importer/import');
    await expect(page.getByLabel('File to import')).toBeEnabled();
    await page.locator('input[type="file"]').setInputFiles({ name: 'contacts.csv', mimeType: 'text/csv', buffer: Buffer.from(CSV) });
    await expect(page.getByTestId('import-preview')).toContainText('ada@example.com');
    await expect(page.getByRole('combobox', { name: 'Import column plan as' })).toHaveValue('Plan');
    await expect(page.getByRole('combobox', { name: 'Import column country as' })).toHaveValue('Country');
    await page.getByRole('button', { name: 'Start import' }).click();
    await expect(page.getByRole('alert')).toHaveText('At least one list is required');
    await choose(page, page, 'Add the contacts to these lists', 'Customers');
    await page.getByRole('button', { name: 'Start import' }).click();
    const result = page.getByTestId('import-result');
    await expect(result).toContainText('Import finished', { timeout: 30_000 });
    await expect(result).toContainText('6 created');
    await expect(result).toContainText('1 with errors');
    await expect(result.getByRole('link', { name: 'Download the error report' })).toBeVisible();
    await page.goto('/contacts/lists');
    await expect(page.getByTestId('lists-table')).toContainText('6 contacts');

    // A nested segment: country is IT AND (plan is pro OR first name starts with Gr).
    await page.goto('/contacts/segments');
    await page.getByRole('button', { name: 'New segment' }).click();
    await page.getByLabel('Segment name').fill('Italian pros and Grs');
    const conditions = page.getByTestId('segment-condition');
    await choose(page, conditions.nth(0), 'Which', 'Country');
    await choose(page, conditions.nth(0), 'Operator', 'is');
    await conditions.nth(0).getByLabel('Value').fill('IT');
    await page.getByRole('button', { name: 'Add group' }).click();
    const nested = page.locator('[data-testid="segment-group"][data-depth="1"]');
    await expect(nested).toBeVisible();
    await choose(page, conditions.nth(1), 'Condition on', 'Attribute');
    await choose(page, conditions.nth(1), 'Operator', 'is');
    await conditions.nth(1).getByLabel('Value').fill('pro');
    await nested.getByRole('button', { name: 'Add condition' }).click();
    await choose(page, conditions.nth(2), 'Which', 'First name');
    await choose(page, conditions.nth(2), 'Operator', 'starts with');
    await conditions.nth(2).getByLabel('Value').fill('Gr');
    const count = page.getByTestId('segment-count');
    await expect(count).toHaveText('3 matching contacts');
    await page.getByRole('button', { name: 'Save segment' }).click();
    await expect(page.getByRole('checkbox', { name: 'Select Italian pros and Grs' })).toBeChecked();
    await expect(count).toHaveText(/^\d+ matching contacts$/);
    const live = Number((await count.textContent())!.match(/\d+/)![0]);

    await page.getByRole('link', { name: 'Show contacts' }).click();
    await expect(page).toHaveURL(/\/contacts\?segmentId=\d+/);
    await expect(page.getByTestId('contacts-total')).toHaveText(`${live} contacts`);
    await expect(page.getByRole('link', { name: 'grace@example.com' })).toBeVisible();
    await expect(page.getByRole('link', { name: 'alan@example.com' })).toHaveCount(0);
  });

  test('table rules, create form, contact page with notes and blocklist', async ({ page, user }) => {
    await loginThroughUi(page, user);
    await expect(page.getByTestId('greeting')).toBeVisible();
    await page.goto('/contacts');
    await expect(page.getByTestId('contacts-total')).toHaveText('0 contacts');
    await page.getByRole('button', { name: 'Block', exact: true }).click();
    await expect(page.getByRole('alert')).toHaveText('Select one or more contacts first');

    const create = async (email: string) => {
      await page.getByRole('button', { name: 'Create contact' }).click();
      const dialog = page.getByRole('dialog');
      await dialog.getByLabel('Email').fill(email);
      await dialog.getByLabel('First name').fill('Ada');
      await dialog.getByRole('button', { name: 'Save' }).click();
      return dialog;
    };
    await create('ada@example.com');
    await expect(page.getByTestId('contacts-total')).toHaveText('1 contact');
    const dialog = await create('ada@example.com');
    await expect(dialog.getByText('email already in use')).toBeVisible();
    await dialog.getByRole('button', { name: 'Cancel' }).click();

    await page.getByRole('checkbox', { name: 'Select ada@example.com' }).check();
    await page.getByRole('button', { name: 'Block', exact: true }).click();
    await expect(page.getByText('1 contact changed')).toBeVisible();
    await expect(page.getByRole('row', { name: /ada@example.com/ })).toContainText('Blocklisted');

    await page.getByRole('link', { name: 'ada@example.com' }).click();
    await expect(page.getByTestId('contact-fields')).toContainText('Ada');
    await page.getByLabel('New note').fill('Called about the renewal.');
    await page.getByRole('button', { name: 'Add note' }).click();
    await expect(page.getByTestId('contact-notes')).toContainText('Called about the renewal.');
    await page.getByRole('button', { name: 'Unblock' }).click();
    await expect(page.getByRole('button', { name: 'Block', exact: true })).toBeVisible();
    await expect(page.getByTestId('contact-timeline')).toContainText('Removed from the blocklist');
    await page.getByRole('button', { name: 'Delete' }).click();
    await page.getByRole('dialog').getByRole('button', { name: 'Delete' }).click();
    await expect(page.getByText('The contact was deleted.')).toBeVisible();
  });
});
