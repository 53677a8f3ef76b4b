import { expect, loginThroughUi, test } from './fixtures.ts';

/**
 * API keys in Chromium against the real server: create a key in the form, read its secret from the one-time dialog,
 * call the API with it from the test, see its last use after a reload, revoke it after a question, see it refused.
 */
test('creates a key, uses it, sees its last use, revokes it', async ({ page, request, user }) => {
  await loginThroughUi(page, user);
  await expect(page).toHaveURL(/:\d+\/$/);
  await page.goto('/integrations/apikeys');
  await expect(page).toHaveTitle('Api Keys - Missiva');
  await expect(page.getByText('No API keys yet.', { exact: false })).toBeVisible();

  await page.getByRole('button', { name: 'Create an API key' }).click();
  const form = page.getByRole('dialog', { name: 'Create an API key' });
  await form.getByRole('button', { name: 'Create key' }).click();
  await expect(form.getByText('Please provide a name')).toBeVisible();
  await form.getByLabel('Name').fill('Shop sync');
  await form.getByLabel('Read and write').check();
  await form.getByLabel('Contacts').check();
  await form.getByRole('button', { name: 'Create key' }).click();

  const shown = page.getByRole('dialog', { name: 'Your new API key' });
  await expect(shown.getByText('it will not be shown again', { exact: false })).toBeVisible();
  const secret = await shown.getByLabel('API key').inputValue();
  expect(secret).toMatch(/^mk_[a-z0-9]{8}_/);
  await shown.getByRole('button', { name: 'I have copied it' }).click();
  await expect(shown).toBeHidden();

  const row = page.getByRole('row', { name: /Shop sync/ });
  await expect(row).toContainText(secret.slice(0, 11));
  await expect(row).not.toContainText(secret.slice(12));
  await expect(row.getByTestId('last-used')).toHaveText('Never');

  const created = await request.post('/api/contacts', {
    headers: { 'api-key': secret },
    data: { email: 'from-the-shop@example.com' },
  });
  expect(created.status()).toBe(201);
  const other = await request.get('/api/channels/email/templates', { headers: { 'api-key': secret } });
  expect(other.status()).toBe(403);

  await expect(async () => {
    await page.reload();
    await expect(page.getByRole('row', { name: /Shop sync/ }).getByTestId('last-used')).toContainText('from', {
      timeout: 1000,
    });
  }).toPass({ timeout: 10_000 });

  await page
    .getByRole('row', { name: /Shop sync/ })
    .getByRole('button', { name: 'Revoke Shop sync' })
    .click();
  const confirm = page.getByRole('dialog', { name: 'Revoke this API key?' });
  await confirm.getByRole('button', { name: 'Revoke' }).click();
  await expect(page.getByText('The API key was revoked.')).toBeVisible();
  await expect(page.getByRole('row', { name: /Shop sync/ })).toContainText('Revoked');
  const refused = await request.get('/api/contacts', { headers: { 'api-key': secret } });
  expect(refused.status()).toBe(401);
});
