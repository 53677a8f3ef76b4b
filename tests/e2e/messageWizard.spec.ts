import type { APIRequestContext, Page } from '@playwright/test';
import { apiLogin, expect, loginThroughUi, test, type TestUser } from './fixtures.ts';

/**
 * The message wizard in Chromium against the real server: a draft opened at step-0, every step filled with real
 * gestures, the deduplicated count live, back and next keeping everything, autosave reaching the server, the
 * checklist, a failing test send, the question before leaving with unsaved changes, deleting with a confirmation, and
 * the load failure with its retry.
 */
async function prepare(request: APIRequestContext, user: TestUser) {
  const token = await apiLogin(request, user);
  const headers = { Authorization: `Bearer ${token}` };
  const call = async (method: 'post' | 'get', url: string, data?: unknown) => {
    const res = await request[method](`/api${url}`, { headers, ...(data === undefined ? {} : { data }) });
    expect(res.ok(), `${url}: ${res.status()}`).toBe(true);
    return res.json();
  };
  const folder = await call('post', '/contact-folders', { name: 'Newsletters' });
  const readers = await call('post', '/contact-lists', { name: 'Readers', folderId: folder.id });
  const vips = await call('post', '/contact-lists', { name: 'VIPs', folderId: folder.id });
  for (const [email, listIds] of [
    ['ada@example.com', [readers.id, vips.id]],
    ['bob@example.com', [readers.id]],
    ['cy@example.com', [vips.id]],
  ] as const) {
    await call('post', '/contacts', { email, listIds });
  }
  const draft = await call('post', '/channels/email/message-drafts', { name: 'Spring sale' });
  return { id: draft.id as number, call };
}

async function pickOption(page: Page, label: string, option: RegExp | string) {
  await page.getByRole('combobox', { name: label }).click();
  await page.getByRole('option', { name: option }).click();
  await page.keyboard.press('Escape');
}

test('fills every step, keeps values across steps, autosaves and checks before sending', async ({
  page,
  request,
  user,
}) => {
  const { id, call } = await prepare(request, user);
  await loginThroughUi(page, user);
  await expect(page).toHaveURL(/:\d+\/$/);
  await page.goto(`/multichannel/email/${id}`);
  await expect(page).toHaveURL(new RegExp(`/multichannel/email/${id}/step-0$`));
  await expect(page.getByRole('heading', { name: 'Spring sale' })).toBeVisible();

  await page.getByLabel('Subject').fill('Spring is here');
  await page.getByLabel('Preview text').fill('Our sale');
  await expect(page.getByText('About 35 characters are recommended (8 so far).')).toBeVisible();
  await expect(page.getByText('No verified sender yet.')).toBeVisible();
  await expect(page.getByRole('link', { name: 'Add and verify a sender' })).toHaveAttribute(
    'href',
    '/multichannel/settings/senders',
  );
  await expect(page.getByTestId('autosave')).toHaveText('All changes saved');
  expect((await call('get', `/channels/email/messages/${id}`)).subject).toBe('Spring is here');

  await page.getByRole('link', { name: 'Next' }).click();
  await expect(page).toHaveURL(/\/step-1$/);
  await pickOption(page, 'Send to lists', /^Readers/);
  await pickOption(page, 'Send to lists', /^VIPs/);
  // ada is in both lists: counted once.
  await expect(page.getByTestId('recipient-count')).toContainText('3 recipients');
  await pickOption(page, 'Leave out lists', /^VIPs/);
  await expect(page.getByTestId('recipient-count')).toContainText('1 recipient');

  await page.getByRole('link', { name: 'Next' }).click();
  await expect(page).toHaveURL(/\/step-2$/);
  await expect(page.getByText('A campaign with embedded images cannot exceed 5MB.')).toBeVisible();
  await page.getByLabel('Embed images in the message').check();

  await page.getByRole('tab', { name: 'Schedule and send' }).click();
  await expect(page).toHaveURL(/\/step-3$/);
  const checklist = page.getByTestId('checklist');
  await expect(checklist).toContainText('The message has content');
  await expect(checklist).toContainText('It reaches at least one recipient');
  await expect(page.getByRole('button', { name: 'Send', exact: true })).toBeDisabled();
  // The test send waits for the step's autosave and checklist read to end (the machine holds it meanwhile).
  await expect(page.getByText('All changes saved')).toBeVisible();
  await expect(page.getByRole('button', { name: 'Check again' })).toBeEnabled();
  await page.getByLabel(/^Addresses/).fill('qa@example.com');
  await page.getByRole('button', { name: 'Send test' }).click();
  await expect(page.getByText('Error while sending test messages')).toBeVisible();
  await page.locator('label', { hasText: 'At a date and time' }).click();
  await expect(page.getByLabel('Date and time', { exact: true })).toBeVisible();
  await expect(page.getByRole('button', { name: 'Schedule', exact: true })).toBeVisible();

  // Back keeps everything.
  await page.getByRole('link', { name: 'Back' }).click();
  await page.getByRole('link', { name: 'Back' }).click();
  await expect(page.getByTestId('recipient-count')).toContainText('1 recipient');
  await page.getByRole('link', { name: 'Back' }).click();
  await expect(page.getByLabel('Subject')).toHaveValue('Spring is here');
  await expect(page.getByTestId('autosave')).toHaveText('All changes saved');
  const saved = await call('get', `/channels/email/messages/${id}`);
  expect(saved).toMatchObject({ embedImages: true, excludeLists: [expect.any(Number)], schedule: { mode: 'at' } });
  expect(saved.includeLists).toHaveLength(2);
});

test('asks before leaving with unsaved changes, and deletes the draft after a confirmation', async ({
  page,
  request,
  user,
}) => {
  const { id } = await prepare(request, user);
  await loginThroughUi(page, user);
  await expect(page).toHaveURL(/:\d+\/$/);
  await page.goto(`/multichannel/email/${id}/step-0`);
  // Hold the autosave so the change stays unsaved.
  await page.route('**/api/channels/email/messages/*', (route) =>
    route.request().method() === 'PATCH' ? undefined : route.continue(),
  );
  await page.getByLabel('Subject').fill('Unsaved');
  await expect(page.getByTestId('autosave')).toHaveText(/Unsaved changes|Saving…/);
  await page.getByRole('link', { name: 'Contacts' }).first().click();
  const dialog = page.getByRole('dialog', { name: 'Leave with unsaved changes?' });
  await expect(dialog).toBeVisible();
  await dialog.getByRole('button', { name: 'Stay' }).click();
  await expect(page).toHaveURL(/\/step-0$/);
  await page.unrouteAll({ behavior: 'ignoreErrors' });

  await page.getByRole('button', { name: 'Delete draft' }).click();
  const confirm = page.getByRole('dialog', { name: 'Delete this draft?' });
  await confirm.getByRole('button', { name: 'Cancel' }).click();
  await expect(confirm).toBeHidden();
  await page.getByRole('button', { name: 'Delete draft' }).click();
  await confirm.getByRole('button', { name: 'Delete' }).click();
  await expect(page).toHaveURL(/\/multichannel\/email$/);
  const token = await apiLogin(request, user);
  const res = await request.get(`/api/channels/email/messages/${id}`, {
    headers: { Authorization: `Bearer ${token}` },
  });
  expect(res.status()).toBe(404);
});

test("says it can't load the campaign, and loads it on retry", async ({ page, request, user }) => {
  const { id } = await prepare(request, user);
  await loginThroughUi(page, user);
  await expect(page).toHaveURL(/:\d+\/$/);
  let fail = true;
  await page.route(`**/api/channels/email/messages/${id}`, (route) =>
    fail ? route.fulfill({ status: 500, json: { code: 'server_error', message: 'x' } }) : route.continue(),
  );
  await page.goto(`/multichannel/email/${id}/step-1`);
  await expect(page.getByText("Oops, we can't load this campaign, try again.")).toBeVisible();
  fail = false;
  await page.getByRole('button', { name: 'Try again' }).click();
  await expect(page.getByRole('combobox', { name: 'Send to lists' })).toBeVisible();
  await expect(page).toHaveURL(/\/step-1$/);
});
