import { expect, loginThroughUi, test } from './fixtures.ts';

test('attributes: a category without options is refused at its options, and the name stays until one is created', async ({ page, user }) => {
  await loginThroughUi(page, user);
  await expect(page.getByTestId('greeting')).toBeVisible();
  await page.goto('/contacts/attributes/edit');
  const name = page.getByLabel('Name', { exact: true });
  const choices = page.getByRole('combobox', { name: 'Choices' });
  const create = page.getByRole('button', { name: 'Create attribute' });
  await name.fill('Plan');
  await page.getByRole('combobox', { name: 'Type', exact: true }).click();
  await page.getByRole('option', { name: 'Category', exact: true }).click();

  // No options: refused before any call, at the options field; nothing typed is lost.
  await create.click();
  await expect(choices).toHaveAccessibleDescription('Option is required');
  await expect(page.getByText('Error creating this attribute.')).toHaveCount(0);
  await expect(name).toHaveValue('Plan');

  await choices.fill('gold');
  await choices.press('Enter');
  await create.click();
  await expect(page.getByTestId('attributes-table')).toContainText('Plan');
  await expect(choices).toHaveAccessibleDescription('');
  await expect(name).toHaveValue('');

  // A refused creation (the name is taken) keeps the name for another try.
  await name.fill('Plan');
  await create.click();
  await expect(page.getByText('Error creating this attribute.')).toBeVisible();
  await expect(name).toHaveValue('Plan');
});
