import type { APIRequestContext } from '@playwright/test';
import { apiLogin, expect, loginThroughUi, serverInfo, test, type TestUser } from './fixtures.ts';

/** Creates through the API, as `user`; answers the created object. */
async function apiCreate(request: APIRequestContext, user: TestUser, path: string, data: object) {
  const response = await request.post(`/api${path}`, {
    headers: { Authorization: `Bearer ${await apiLogin(request, user)}` },
    data,
  });
  expect(response.status(), `POST ${path}`).toBe(201);
  return (await response.json()) as { id: number };
}

test('attributes: a category without options is refused at its options, and the name stays until one is created', async ({
  page,
  user,
}) => {
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

test('contact page: a blank note asks for text, a note that could not be saved keeps it; Unblock says what it does', async ({
  page,
  request,
  user,
}) => {
  const contact = await apiCreate(request, user, '/contacts', {
    email: 'nora@example.com',
    firstName: 'Nora',
    blocked: true,
  });
  await loginThroughUi(page, user);
  await expect(page.getByTestId('greeting')).toBeVisible();
  await page.goto(`/contacts/show/${contact.id}`);
  const hint = 'Unblocking reactivates future messages to this contact.';
  await expect(page.getByText(hint)).toBeVisible();
  await expect(page.getByRole('button', { name: 'Unblock' })).toHaveAccessibleDescription(hint);

  const box = page.getByLabel('New note');
  const add = page.getByRole('button', { name: 'Add note' });
  await add.click();
  await expect(box).toHaveAccessibleDescription('Text is required');
  await box.fill('Wants a demo');
  await expect(box).toHaveAccessibleDescription('');

  // The server fails once: the message says so and the text is still there to try again.
  await page.route('**/api/contacts/*/notes', (route) =>
    route.request().method() === 'POST'
      ? route.fulfill({ status: 500, json: { code: 'internal', message: 'Please contact the support team.' } })
      : route.fallback(),
  );
  await add.click();
  await expect(page.getByText('Cannot create this note, try later.')).toBeVisible();
  await expect(box).toHaveValue('Wants a demo');
  await page.unroute('**/api/contacts/*/notes');
  await add.click();
  await expect(page.getByTestId('contact-notes')).toContainText('Wants a demo');
  await expect(box).toHaveValue('');
  await expect(page.getByText('Cannot create this note, try later.')).toHaveCount(0);
});

test('contact form: a bad prefix and a short phone number are named at their fields before saving, a refused attribute value after', async ({
  page,
  request,
  user,
}) => {
  await apiCreate(request, user, '/contact-attributes', { name: 'Plan', type: 'text' });
  await loginThroughUi(page, user);
  await expect(page.getByTestId('greeting')).toBeVisible();
  await page.goto('/contacts');
  await expect(page.getByTestId('contacts-total')).toHaveText('0 contacts');
  let saves = 0;
  page.on('request', (r) => {
    if (r.method() === 'POST' && new URL(r.url()).pathname === '/api/contacts') saves += 1;
  });

  await page.getByRole('button', { name: 'Create contact' }).click();
  const dialog = page.getByRole('dialog');
  await dialog.getByLabel('Email').fill('pia@example.com');
  await dialog.getByLabel('Prefix').fill('39a');
  await dialog.getByLabel('Phone number').fill('123');
  await dialog.getByRole('button', { name: 'Save' }).click();
  await expect(dialog.getByLabel('Prefix')).toHaveAccessibleDescription(
    'The prefix is a country calling code of 1 to 4 digits, such as 39 or +39.',
  );
  await expect(dialog.getByLabel('Phone number')).toHaveAccessibleDescription(
    'The phone number must have 4 to 20 digits.',
  );
  expect(saves).toBe(0);

  // Past the server's limit for a text value: its refusal is shown at the attribute.
  await dialog.getByLabel('Prefix').fill('+39');
  await dialog.getByLabel('Phone number').fill('0612345678');
  await dialog.getByLabel('Plan').fill('x'.repeat(1001));
  await dialog.getByRole('button', { name: 'Save' }).click();
  await expect(dialog.getByLabel('Plan')).toHaveAccessibleDescription('This value is not valid.');
  await expect(dialog.getByLabel('Prefix')).toHaveAccessibleDescription('');
  expect(saves).toBe(1);

  await dialog.getByLabel('Plan').fill('gold');
  await dialog.getByRole('button', { name: 'Save' }).click();
  await expect(dialog).toBeHidden();
  await expect(page.getByTestId('contacts-total')).toHaveText('1 contact');
});

test('segments: a condition without its text is named at its value when the segment is saved', async ({
  page,
  user,
}) => {
  await loginThroughUi(page, user);
  await expect(page.getByTestId('greeting')).toBeVisible();
  await page.goto('/contacts/segments');
  await page.getByRole('button', { name: 'New segment' }).click();
  await page.getByLabel('Segment name').fill('Gmail');
  const value = page.getByTestId('segment-condition').getByLabel('Value');
  await page.getByRole('button', { name: 'Save segment' }).click();
  await expect(value).toHaveAccessibleDescription('Text is required');
  await expect(page.getByRole('alert').filter({ hasText: 'Some conditions are not valid.' })).toBeVisible();

  await value.fill('gmail.com');
  await expect(value).toHaveAccessibleDescription('');
  await page.getByRole('button', { name: 'Save segment' }).click();
  await expect(page.getByRole('checkbox', { name: 'Select Gmail' })).toBeChecked();
});

test('import: the intro names the size limit, and a larger file is refused at the file input without being sent', async ({
  page,
  user,
}) => {
  const uploads: string[] = [];
  page.on('request', (request) => {
    if (request.method() === 'POST' && new URL(request.url()).pathname === '/api/contact-imports')
      uploads.push(request.url());
  });
  await loginThroughUi(page, user);
  await expect(page.getByTestId('greeting')).toBeVisible();
  await page.goto('/contacts/importer/import');
  // The e2e server runs with a 1 MB limit (scripts/e2e-server.mjs).
  await expect(page.getByText('Upload one CSV, XLS or XLSX file, up to 1 MB.')).toBeVisible();
  const input = page.getByLabel('File to import');
  const chooser = page.locator('input[type="file"]');
  await expect(input).toBeEnabled();

  const big = Buffer.concat([Buffer.from('email\n'), Buffer.alloc(serverInfo().uploadMaxBytes + 1 - 6, 'x')]);
  await chooser.setInputFiles({ name: 'big.csv', mimeType: 'text/csv', buffer: big });
  await expect(input).toHaveAccessibleDescription('You exceeded the maximum filesize');
  expect(uploads).toEqual([]);
  await expect(input).toBeEnabled();

  // Still on the file step: another file is taken.
  await chooser.setInputFiles({
    name: 'small.csv',
    mimeType: 'text/csv',
    buffer: Buffer.from('email\nsmall@example.com\n'),
  });
  await expect(page.getByTestId('import-preview')).toContainText('small@example.com');
  expect(uploads).toHaveLength(1);
});
