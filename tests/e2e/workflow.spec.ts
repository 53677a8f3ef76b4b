import type { APIRequestContext, Page } from '@playwright/test';
import { TRACKING_PATHS } from '../../server/services/messaging/tokens.ts';
import { SCANNER_CLICK_AFTER_SEND_MS } from '../../shared/tracking.ts';
import { capturedFor, READER, trackedUrls, verificationLink } from './mail.ts';
import { apiLogin, expect, loginThroughUi, test, type TestUser } from './fixtures.ts';

/**
 * A workflow's whole journey in Chromium against the real server and its worker: made in the Workflow Manager,
 * built on the canvas by drag and drop (added to list → welcome email → wait → clicked? → second email), each step
 * configured in the side panel (the wait cut to a minute), activated; a contact added to the list gets the welcome
 * email on the e2e server's capturing SMTP server, the contact's page shows the run with its steps, the contact clicks
 * the email's link, and when the wait ends the branch goes "Yes" and the second email goes out.
 */

/** A list, a verified sender and two templates, through the API. */
async function prepare(request: APIRequestContext, page: Page, user: TestUser, tag: string) {
  const token = await apiLogin(request, user);
  const headers = { Authorization: `Bearer ${token}` };
  const call = async (method: 'post' | 'put', url: string, data?: unknown) => {
    const res = await request[method](`/api${url}`, { headers, ...(data === undefined ? {} : { data }) });
    expect(res.ok(), `${method} ${url}: ${res.status()} ${await res.text()}`).toBe(true);
    return res.json();
  };
  const folder = await call('post', '/contact-folders', { name: 'Signups' });
  const list = await call('post', '/contact-lists', { name: 'New customers', folderId: folder.id });
  const address = `hello@${tag}.example`;
  await call('post', '/channels/email/senders', { name: 'Welcome team', address });
  const link = new URL(await verificationLink(address), 'http://missiva.invalid');
  await page.request.post(link.pathname, { form: { token: link.searchParams.get('token') ?? '' } });
  for (const [name, subject] of [
    ['Welcome letter', 'Welcome aboard'],
    ['Second letter', 'Glad you looked'],
  ]) {
    const template = await call('post', '/channels/email/templates', { name });
    await call('put', `/channels/email/templates/${template.id}`, {
      subject,
      source: `<mjml><mj-body><mj-section><mj-column>
  <mj-text>Hello {{ contact.first_name | default: "there" }}.</mj-text>
  <mj-button href="https://shop.example.com/start">Start here</mj-button>
  <mj-text><a href="{{ unsubscribe_url }}">Unsubscribe</a></mj-text>
</mj-column></mj-section></mj-body></mjml>`,
    });
  }
  return { list: list as { id: number }, call };
}

/** Drags a palette entry onto the canvas at a point of the canvas. */
async function place(page: Page, kind: string, x: number, y: number) {
  await page.getByTestId(`palette-${kind}`).dragTo(page.getByTestId('workflow-canvas'), { targetPosition: { x, y } });
}

/** Connects an exit of one node to another node by dragging between their handles with the mouse. */
async function connect(page: Page, fromNode: string, handle: string, toNode: string) {
  const from = page.locator(`[data-node-id="${fromNode}"] [data-testid="handle-${handle}"]`);
  const to = page.locator(`.react-flow__node[data-id="${toNode}"] .react-flow__handle.target`);
  const a = (await from.boundingBox())!;
  const b = (await to.boundingBox())!;
  await page.mouse.move(a.x + a.width / 2, a.y + a.height / 2);
  await page.mouse.down();
  await page.mouse.move(b.x + b.width / 2, b.y + b.height / 2, { steps: 10 });
  await page.mouse.up();
}

async function configure(page: Page, node: string, label: string, option: string) {
  await page.locator(`[data-node-id="${node}"]`).click();
  await page.getByTestId('node-panel').getByRole('combobox', { name: label }).click();
  await page.getByRole('option', { name: option, exact: true }).click();
}

test('a welcome workflow built by drag and drop sends its first email and shows the run on the contact', async ({
  page,
  request,
  user,
}) => {
  test.setTimeout(300_000);
  const tag = `wf-${Date.now().toString(36)}`;
  const { list, call } = await prepare(request, page, user, tag);
  await loginThroughUi(page, user);
  await expect(page.getByTestId('greeting')).toBeVisible();

  // The manager's dialog makes the workflow and opens the editor.
  await page.goto('/workflows/all');
  await expect(page.getByTestId('workflows-empty')).toBeVisible();
  await page.getByRole('button', { name: 'New workflow' }).click();
  await page.getByRole('dialog').getByLabel('Name').fill('Welcome series');
  await page.getByRole('button', { name: 'Create and open' }).click();
  await expect(page).toHaveURL(/\/workflows\/workflow\/\d+$/);

  // The canvas: five nodes dragged from the palette, then connected handle to handle.
  await place(page, 'trigger', 330, 40);
  await expect(page.getByTestId('workflow-node')).toHaveCount(1);
  await place(page, 'sendEmail', 330, 150);
  await place(page, 'wait', 330, 260);
  await place(page, 'branch', 330, 370);
  await place(page, 'sendEmail', 200, 480);
  await expect(page.getByTestId('workflow-node')).toHaveCount(5);
  await connect(page, 'n1', 'next', 'n2');
  await connect(page, 'n2', 'next', 'n3');
  await connect(page, 'n3', 'next', 'n4');
  await connect(page, 'n4', 'yes', 'n5');
  await expect(page.locator('.react-flow__edge')).toHaveCount(4);

  // Activation first names each problem at its node: the list, the templates, the branch's missing "No".
  await page.getByRole('button', { name: 'Activate' }).click();
  await expect(page.getByTestId('workflow-problems')).toBeVisible();
  await expect(page.locator('[data-node-id="n2"] [data-testid="node-problem-badge"]')).toBeVisible();
  await page.locator('[data-node-id="n4"]').click();
  await expect(page.getByTestId('node-problem')).toContainText('connect Yes and No');

  await configure(page, 'n1', 'List', 'New customers');
  await configure(page, 'n2', 'Email template', 'Welcome letter');
  await configure(page, 'n5', 'Email template', 'Second letter');
  // The wait, a minute instead of a day, so the branch is taken within the test.
  await page.locator('[data-node-id="n3"]').click();
  await page.getByTestId('node-panel').getByRole('combobox', { name: 'Unit' }).click();
  await page.getByRole('option', { name: 'Minutes', exact: true }).click();
  // The "No" way ends the run.
  await page.getByRole('button', { name: 'Add a step' }).click();
  await page.getByRole('menuitem', { name: 'Exit' }).click();
  // Connected from the branch's panel, the keyboard's way: the added step lands outside the part of the canvas a
  // mouse drag from the branch reaches without scrolling.
  await page.locator('[data-node-id="n4"]').click();
  await page.getByTestId('node-panel').getByRole('combobox', { name: 'No leads to' }).click();
  await page.getByRole('option', { name: /Exit/ }).click();
  await expect(page.getByTestId('workflow-problems')).toBeHidden();
  await expect(page.locator('[data-save="saved"]')).toBeVisible();

  await page.getByRole('button', { name: 'Activate' }).click();
  await expect(page.getByTestId('workflow-status')).toHaveText('Active');

  // A contact joins the list: the trigger enrols them and the welcome email goes out.
  const email = `giulia-${tag}@example.org`;
  const contact = (await call('post', '/contacts', { email, firstName: 'Giulia', listIds: [list.id] })) as {
    id: number;
  };
  let welcome: Awaited<ReturnType<typeof capturedFor>>[number] | undefined;
  await expect(async () => {
    const mails = await capturedFor(email);
    expect(mails.map((m) => m.subject)).toEqual(['Welcome aboard']);
    welcome = mails[0];
  }).toPass({ timeout: 60_000 });
  const sentAt = Date.now();

  // The contact's page shows the run and its steps.
  await page.goto(`/contacts/show/${contact.id}`);
  const runs = page.getByTestId('contact-workflow-runs');
  await expect(runs).toContainText('Welcome series');
  await runs.getByRole('button', { name: /Welcome series/ }).click();
  await expect(runs.getByTestId('run-steps')).toContainText('Send email');

  // The contact clicks the email's tracked link (later than a link scanner would), before the minute is up.
  const link = trackedUrls(TRACKING_PATHS.click).exec(String(welcome!.html))?.[0];
  expect(link, 'a tracked link in the welcome email').toBeDefined();
  await page.waitForTimeout(Math.max(0, sentAt + SCANNER_CLICK_AFTER_SEND_MS + 1_000 - Date.now()));
  const clicked = await page.request.get(link!, { headers: { 'user-agent': READER }, maxRedirects: 0 });
  expect(clicked.headers()['location']).toBe('https://shop.example.com/start');

  // When the wait ends, the branch sees the click: the second email goes out and the run says which way it went.
  await expect(async () => {
    const mails = await capturedFor(email);
    expect(mails.map((m) => m.subject).sort()).toEqual(['Glad you looked', 'Welcome aboard']);
  }).toPass({ timeout: 150_000 });
  await page.reload();
  await runs.getByRole('button', { name: /Welcome series/ }).click();
  await expect(runs.getByTestId('run-steps')).toContainText('Went: Yes');
});
