import AxeBuilder from '@axe-core/playwright';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import pg from 'pg';
import { apiLogin, expect, loginThroughUi, serverInfo, test, type TestUser } from './fixtures.ts';

/**
 * A viewer of the owner's company, written to the e2e server's database with the owner's password: the team screens
 * that invite members are another part of the issue, and this spec is about what a viewer sees.
 */
async function addViewer(owner: TestUser): Promise<TestUser> {
  const { dataDir, pgPort } = serverInfo();
  const password = readFileSync(path.join(dataDir, 'postgres-password'), 'utf8').trim();
  const client = new pg.Client({ host: '127.0.0.1', port: pgPort, user: 'postgres', password, database: 'missiva' });
  const viewer = { ...owner, email: owner.email.replace('ada-', 'viewer-'), firstName: 'Grace', lastName: 'Hopper' };
  await client.connect();
  try {
    await client.query(
      `insert into users (company_id, email, password_hash, first_name, last_name, role)
       select company_id, $2, password_hash, $3, $4, 'viewer' from users where email = $1`,
      [owner.email, viewer.email, viewer.firstName, viewer.lastName],
    );
  } finally {
    await client.end();
  }
  return viewer;
}

/**
 * A viewer in Chromium against the real server: contacts and campaigns are there to read, every action that would
 * change them is disabled and says why, Billing is not in the navigation, the Api Keys page says the role cannot
 * manage keys, and the server refuses a write anyway with the spec's 403.
 */
test('a viewer sees read-only contacts and campaigns and no API keys', async ({ page, request, user }) => {
  const ownerToken = await apiLogin(request, user);
  const asOwner = { Authorization: `Bearer ${ownerToken}` };
  expect(
    (await request.post('/api/contacts', { headers: asOwner, data: { email: 'read.me@example.org' } })).status(),
  ).toBe(201);
  const draft = await request.post('/api/channels/email/message-drafts', {
    headers: asOwner,
    data: { name: 'Spring' },
  });
  expect(draft.status()).toBe(201);
  const viewer = await addViewer(user);

  // The screens ask only for what the role may have: no call of theirs is refused.
  const refusedCalls: string[] = [];
  page.on('response', (response) => {
    if (response.status() === 403) refusedCalls.push(`${response.request().method()} ${response.url()}`);
  });
  await loginThroughUi(page, viewer);
  await expect(page).toHaveURL(/:\d+\/$/);
  const nav = page.getByRole('navigation', { name: 'Main navigation' });
  await expect(nav.getByRole('link', { name: 'Contacts' })).toBeVisible();
  await expect(nav.getByRole('link', { name: 'Billing' })).toHaveCount(0);
  await expect(nav.getByRole('link', { name: 'Integrations' })).toHaveAttribute('href', '/integrations/webhooks');

  await page.goto('/contacts');
  await expect(page.getByText('read.me@example.org')).toBeVisible();
  const create = page.getByRole('button', { name: 'Create contact' });
  await expect(create).toBeDisabled();
  await expect(create).toHaveAccessibleDescription('Your role cannot change contacts');
  await create.click({ force: true });
  await expect(page.getByRole('dialog')).toHaveCount(0);
  await create.hover();
  await expect(page.getByRole('tooltip')).toHaveText('Your role cannot change contacts');
  const { violations } = await new AxeBuilder({ page })
    .withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa'])
    .analyze();
  expect(violations.map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`)).toEqual([]);
  await expect(page.getByRole('tab', { name: 'Import' })).toHaveCount(0);
  await page.goto('/contacts/importer/import');
  await expect(page.getByTestId('no-access')).toContainText('Your role cannot change contacts');

  await page.goto('/multichannel');
  await expect(page.getByRole('link', { name: 'Spring' }).first()).toBeVisible();
  await expect(page.getByRole('button', { name: 'New campaign' })).toBeDisabled();
  await page.getByRole('link', { name: 'Spring' }).first().click();
  await expect(page.getByLabel('Campaign name')).toHaveValue('Spring');
  await expect(page.getByLabel('Campaign name')).toBeDisabled();
  await expect(page.getByRole('button', { name: 'Delete draft' })).toBeDisabled();

  await page.goto('/integrations/apikeys');
  await expect(page.getByTestId('no-access')).toContainText('Your role cannot manage API keys');
  await expect(page.getByRole('button', { name: 'Create an API key' })).toHaveCount(0);
  for (const path of [
    '/',
    '/contacts/lists',
    '/contacts/folders',
    '/contacts/segments',
    '/contacts/attributes/edit',
    '/multichannel/messages',
    '/multichannel/email/templates',
    '/multichannel/settings/senders',
    '/multichannel/settings/unsubscribe',
    '/integrations/webhooks',
    '/userflow/tracker',
    '/account/notifications',
  ]) {
    await page.goto(path);
    await page.waitForLoadState('networkidle');
  }
  // Their own notification choices are the viewer's to change ('self'): nothing on that page is held back.
  await expect(page.locator('[data-permission-denied]')).toHaveCount(0);
  expect(refusedCalls).toEqual([]);

  const viewerToken = await apiLogin(request, viewer);
  const refused = await request.post('/api/contacts', {
    headers: { Authorization: `Bearer ${viewerToken}` },
    data: { email: 'not.allowed@example.org' },
  });
  expect(refused.status()).toBe(403);
  expect(await refused.json()).toEqual({ code: 'not_authorized', message: "Sorry, you can't access this." });
});
