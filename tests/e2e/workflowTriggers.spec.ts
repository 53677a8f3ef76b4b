import type { APIRequestContext, Page } from '@playwright/test';
import { capturedFor, verificationLink } from './mail.ts';
import { apiLogin, expect, loginThroughUi, test, type TestUser } from './fixtures.ts';

/**
 * The editor's trigger panel and settings in Chromium against the real server and its worker: a workflow started by
 * "an attribute changes" sends its email when the attribute is changed on the contact's page (the email captured by
 * the e2e server's SMTP server, the run on the contact's history); the settings popover, worked by the keyboard,
 * saves the re-entry rule and a goal that survive a reload.
 */

type Call = (method: 'get' | 'post' | 'put', url: string, data?: unknown) => Promise<unknown>;

async function apiFor(request: APIRequestContext, user: TestUser): Promise<Call> {
  const token = await apiLogin(request, user);
  const headers = { Authorization: `Bearer ${token}` };
  return async (method, url, data) => {
    const res = await request[method](`/api${url}`, { headers, ...(data === undefined ? {} : { data }) });
    expect(res.ok(), `${method} ${url}: ${res.status()} ${await res.text()}`).toBe(true);
    return (await res.json()) as unknown;
  };
}

interface SavedWorkflow {
  reentry: string;
  goal: { conditions: { conditions: unknown[] } } | null;
}

/** A verified sender and a template, through the API. */
async function prepareEmail(call: Call, page: Page, tag: string, subject: string) {
  const address = `hello@${tag}.example`;
  await call('post', '/channels/email/senders', { name: 'Customer care', address });
  const link = new URL(await verificationLink(address), 'http://missiva.invalid');
  await page.request.post(link.pathname, { form: { token: link.searchParams.get('token') ?? '' } });
  const template = (await call('post', '/channels/email/templates', { name: 'Gold letter' })) as { id: number };
  await call('put', `/channels/email/templates/${template.id}`, {
    subject,
    source: `<mjml><mj-body><mj-section><mj-column>
  <mj-text>Hello {{ contact.first_name | default: "there" }}, welcome to gold.</mj-text>
  <mj-text><a href="{{ unsubscribe_url }}">Unsubscribe</a></mj-text>
</mj-column></mj-section></mj-body></mjml>`,
  });
}

/** Drags a palette entry onto the canvas at a point of the canvas. */
async function place(page: Page, kind: string, x: number, y: number) {
  await page.getByTestId(`palette-${kind}`).dragTo(page.getByTestId('workflow-canvas'), { targetPosition: { x, y } });
}

/** Picks an option of a select in the side panel. */
async function choose(page: Page, label: string, option: string | RegExp) {
  await page.getByTestId('node-panel').getByRole('combobox', { name: label }).click();
  await page.getByRole('option', { name: option, exact: typeof option === 'string' }).click();
}

test('"an attribute changes" starts the workflow when the contact page changes it, and the email goes out', async ({
  page,
  request,
  user,
}) => {
  test.setTimeout(180_000);
  const tag = `wft-${Date.now().toString(36)}`;
  const call = await apiFor(request, user);
  await call('post', '/contact-attributes', { name: 'Plan', type: 'text' });
  await call('post', '/contact-attributes', { name: 'Renewal', type: 'date' });
  await prepareEmail(call, page, tag, 'Welcome to gold');
  const email = `marta-${tag}@example.org`;
  const contact = (await call('post', '/contacts', { email, firstName: 'Marta' })) as { id: number };
  const workflow = (await call('post', '/workflows', { name: 'Gold upgrade' })) as { id: number };
  await loginThroughUi(page, user);
  await expect(page.getByTestId('greeting')).toBeVisible();

  await page.goto(`/workflows/workflow/${workflow.id}`);
  await expect(page.getByTestId('workflow-canvas')).toBeVisible();
  await place(page, 'trigger', 330, 40);
  await expect(page.getByTestId('workflow-node')).toHaveCount(1);
  await place(page, 'sendEmail', 330, 180);
  await expect(page.getByTestId('workflow-node')).toHaveCount(2);

  // The trigger panel: each type says when it starts; a date trigger offers date attributes only.
  await page.locator('[data-node-id="n1"]').click();
  await expect(page.getByTestId('trigger-hint')).toContainText('added to the list');
  await choose(page, 'Starts when', 'A date attribute comes round');
  await page.getByTestId('node-panel').getByRole('combobox', { name: 'Date attribute' }).click();
  await expect(page.getByRole('option', { name: 'Renewal' })).toBeVisible();
  await expect(page.getByRole('option', { name: 'Plan' })).toHaveCount(0);
  await page.keyboard.press('Escape');
  await expect(page.getByTestId('trigger-date-summary')).toHaveText('On the date, at 9:00.');

  // Activation names what the trigger still needs, at its field.
  await choose(page, 'Starts when', 'An attribute changes');
  await choose(page, 'Next leads to', /Send email/);
  await page.getByRole('button', { name: 'Activate' }).click();
  await page.locator('[data-node-id="n1"]').click();
  await expect(page.getByTestId('node-problem')).toHaveText('Finish configuring the trigger.');
  await expect(page.getByTestId('node-panel').getByRole('combobox', { name: 'Attribute' })).toHaveAccessibleDescription(
    'Required',
  );
  await choose(page, 'Attribute', 'Plan');
  await page.getByTestId('node-panel').getByLabel('Changes to').fill('gold');
  await page.locator('[data-node-id="n2"]').click();
  await choose(page, 'Email template', 'Gold letter');
  await expect(page.getByTestId('workflow-problems')).toBeHidden();
  await expect(page.locator('[data-save="saved"]')).toBeVisible();
  await page.getByRole('button', { name: 'Activate' }).click();
  await expect(page.getByTestId('workflow-status')).toHaveText('Active');

  // The contact's page: Plan becomes gold, the trigger enrols Marta and the email goes out.
  await page.goto(`/contacts/show/${contact.id}`);
  await page.getByRole('button', { name: 'Edit' }).click();
  await page.getByLabel('Plan').fill('gold');
  await page.getByRole('button', { name: 'Save' }).click();
  await expect(page.getByTestId('contact-fields')).toContainText('gold');
  await expect(async () => {
    const mails = await capturedFor(email);
    expect(mails.map((m) => m.subject)).toEqual(['Welcome to gold']);
  }).toPass({ timeout: 60_000 });

  // The run, with its steps, in the contact's history.
  await page.reload();
  const runs = page.getByTestId('contact-workflow-runs');
  await expect(runs).toContainText('Gold upgrade');
  await runs.getByRole('button', { name: /Gold upgrade/ }).click();
  await expect(runs.getByTestId('run-steps')).toContainText('Send email');
});

test('the settings popover opens and closes by keyboard, and saves re-entry and a goal that survive a reload', async ({
  page,
  request,
  user,
}) => {
  const call = await apiFor(request, user);
  const workflow = (await call('post', '/workflows', { name: 'Trial nurture' })) as { id: number };
  await loginThroughUi(page, user);
  await expect(page.getByTestId('greeting')).toBeVisible();
  await page.goto(`/workflows/workflow/${workflow.id}`);
  await expect(page.getByTestId('workflow-canvas')).toBeVisible();
  await expect(page).toHaveTitle(/Automation/);
  const title = await page.title();

  const settingsButton = page.getByRole('button', { name: 'Settings', exact: true });
  const settings = page.getByTestId('workflow-settings');
  await settingsButton.focus();
  await page.keyboard.press('Enter');
  await expect(settings).toBeVisible();
  await expect(settings.getByRole('radio', { name: 'After it finishes' })).toBeChecked();
  await expect(settings).toContainText('never two runs at once');
  await page.keyboard.press('Escape');
  await expect(settings).toBeHidden();
  await expect(settingsButton).toBeFocused();

  await page.keyboard.press('Enter');
  await settings.getByRole('radio', { name: 'Never' }).check();
  await settings.getByRole('switch', { name: 'Exit contacts when they reach a goal' }).check();
  // A goal with an empty value is not saved yet, and says so.
  await expect(settings.getByRole('status')).toHaveText('The goal is saved once every condition is complete.');
  await settings.getByLabel('Value').fill('@customer.test');
  await expect(settings.getByRole('status')).toHaveCount(0);
  await expect(page.getByTestId('workflow-goal')).toHaveText('Goal: 1 condition');
  await settings.getByRole('button', { name: 'Close' }).click();
  await expect(settings).toBeHidden();
  await expect(settingsButton).toBeFocused();
  await expect(page.locator('[data-save="saved"]')).toBeVisible();
  expect(await page.title()).toBe(title);

  const saved = (await call('get', `/workflows/${workflow.id}`)) as SavedWorkflow;
  expect(saved.reentry).toBe('never');
  expect(saved.goal?.conditions.conditions).toEqual([
    { kind: 'field', field: 'email', operator: 'contains', value: '@customer.test' },
  ]);

  await page.reload();
  await expect(page.getByTestId('workflow-goal')).toHaveText('Goal: 1 condition');
  await settingsButton.click();
  await expect(settings.getByRole('radio', { name: 'Never' })).toBeChecked();
  await expect(settings.getByRole('switch', { name: 'Exit contacts when they reach a goal' })).toBeChecked();
  await expect(settings.getByLabel('Value')).toHaveValue('@customer.test');

  // Removing the goal saves it as none.
  await settings.getByRole('switch', { name: 'Exit contacts when they reach a goal' }).uncheck();
  await expect(page.getByTestId('workflow-goal')).toHaveCount(0);
  await expect(async () => {
    expect(((await call('get', `/workflows/${workflow.id}`)) as SavedWorkflow).goal).toBeNull();
  }).toPass({ timeout: 10_000 });
});
