import type { APIRequestContext, Page } from '@playwright/test';
import { TRACKING_PATHS } from '../../server/services/messaging/tokens.ts';
import { SCANNER_CLICK_AFTER_SEND_MS } from '../../shared/tracking.ts';
import type { ParsedMail } from 'mailparser';
import { capturedFor, READER, trackedUrls, verificationLink } from './mail.ts';
import { apiLogin, expect, loginThroughUi, serverInfo, test, type TestUser } from './fixtures.ts';

/**
 * A campaign's whole journey in Chromium against the real server, its worker and a real SMTP server on loopback (the
 * e2e server's capture, scripts/e2e-server.mjs): a verified sender and an MJML template made through the API, the
 * campaign made through the console and the wizard and sent to a segment, the captured email's headers, its open
 * pixel and a tracked link fetched, the contact's timeline updating live, the report's figures, and the one-click
 * unsubscribe (RFC 8058).
 */

/** A browser's user agent of a person reading mail (Playwright's own says HeadlessChrome, which is a scanner's). */

/** Contacts in a list, the segment of the Italians among them, a verified sender and an MJML template. */
async function prepare(request: APIRequestContext, page: Page, user: TestUser, tag: string) {
  const token = await apiLogin(request, user);
  const headers = { Authorization: `Bearer ${token}` };
  const call = async (method: 'post' | 'put' | 'get', url: string, data?: unknown) => {
    const res = await request[method](`/api${url}`, { headers, ...(data === undefined ? {} : { data }) });
    expect(res.ok(), `${method} ${url}: ${res.status()} ${await res.text()}`).toBe(true);
    return res.json();
  };
  const folder = await call('post', '/contact-folders', { name: 'Newsletters' });
  const list = await call('post', '/contact-lists', { name: 'Readers', folderId: folder.id });
  const giulia = await call('post', '/contacts', {
    email: `giulia-${tag}@example.org`,
    firstName: 'Giulia',
    country: 'IT',
    listIds: [list.id],
  });
  await call('post', '/contacts', { email: `marco-${tag}@example.org`, country: 'IT', listIds: [list.id] });
  await call('post', '/contacts', { email: `john-${tag}@example.org`, country: 'US', listIds: [list.id] });
  await call('post', '/segments', {
    name: 'Italian readers',
    conditions: {
      kind: 'group',
      operator: 'and',
      conditions: [
        { kind: 'list', operator: 'in', listId: list.id },
        { kind: 'field', field: 'country', operator: 'equals', value: 'IT' },
      ],
    },
  });

  const address = `news@${tag}.example`;
  await call('post', '/channels/email/senders', { name: 'Spring shop', address });
  // The emailed link shows a page that changes nothing; its button posts the token (mail scanners follow links).
  const link = new URL(await verificationLink(address), 'http://missiva.invalid');
  const shown = await page.request.get(`${link.pathname}${link.search}`);
  expect(await shown.text()).toContain('Confirm this sender');
  const verified = await page.request.post(link.pathname, { form: { token: link.searchParams.get('token') ?? '' } });
  expect(await verified.text()).toContain('data-outcome="verified"');

  const template = await call('post', '/channels/email/templates', { name: 'Spring letter' });
  await call('put', `/channels/email/templates/${template.id}`, {
    subject: 'Spring is here',
    source: `<mjml><mj-body><mj-section><mj-column>
  <mj-text>Hello {{ contact.first_name | default: "there" }}, our spring collection is out.</mj-text>
  <mj-button href="https://shop.example.com/spring">See the collection</mj-button>
  <mj-text><a href="https://blog.example.com/spring">Read the story</a></mj-text>
  <mj-text><a href="{{ unsubscribe_url }}">Unsubscribe</a></mj-text>
</mj-column></mj-section></mj-body></mjml>`,
  });
  return { giulia: giulia as { id: number; email: string }, address };
}

async function pickOption(page: Page, label: string, option: RegExp | string) {
  await page.getByRole('combobox', { name: label }).click();
  await page.getByRole('option', { name: option }).click();
  await page.keyboard.press('Escape');
}

/** The summary figure card whose label is `label`. */
const figure = (page: Page, label: string) =>
  page
    .getByTestId('report-summary')
    .locator('> div')
    .filter({ has: page.getByText(label, { exact: true }) });

test('a campaign to a segment: sent, opened, clicked, seen live on the timeline and the report, unsubscribed', async ({
  page,
  request,
  user,
}) => {
  test.setTimeout(180_000);
  const tag = `e2e-${Date.now().toString(36)}`;
  const { giulia, address } = await prepare(request, page, user, tag);
  await loginThroughUi(page, user);
  await expect(page.getByTestId('greeting')).toBeVisible();

  // The console makes the draft and opens the wizard.
  await page.goto('/multichannel');
  await page.getByRole('button', { name: 'New campaign' }).click();
  await expect(page).toHaveURL(/\/multichannel\/email\/\d+\/step-0$/);
  const id = Number(/\/email\/(\d+)\//.exec(page.url())![1]);

  // step-0: name, subject, preview text and the verified sender.
  await page.getByLabel('Campaign name').fill('Spring collection');
  await page.getByLabel('Subject').fill('Spring is here, {{ contact.first_name | default: "friend" }}');
  await page.getByLabel('Preview text').fill('New colours for the new season');
  await pickOption(page, 'From (verified sender)', `Spring shop <${address}>`);
  await expect(page.getByTestId('autosave')).toHaveText('All changes saved');

  // step-1: the segment, with the live count (john is not Italian).
  await page.getByRole('link', { name: 'Next' }).click();
  await expect(page).toHaveURL(/\/step-1$/);
  await pickOption(page, 'Send to segments', /^Italian readers/);
  await expect(page.getByTestId('recipient-count')).toContainText('2 recipients');

  // step-2: the template.
  await page.getByRole('link', { name: 'Next' }).click();
  await expect(page).toHaveURL(/\/step-2$/);
  await page.getByRole('button', { name: 'Use Spring letter' }).click();
  await expect(page.getByText('In use')).toBeVisible();
  await expect(page.frameLocator('iframe[title="Preview"]').getByText('See the collection')).toBeVisible();

  // step-3: the checklist passes what blocks (DNS records of a .example domain are advice), then Send now.
  await page.getByRole('link', { name: 'Next' }).click();
  await expect(page).toHaveURL(/\/step-3$/);
  const checklist = page.getByTestId('checklist');
  await expect(checklist).toContainText('The sender is verified');
  await expect(checklist).toContainText('An unsubscribe link is present');
  const send = page.getByRole('button', { name: 'Send', exact: true });
  await expect(send).toBeEnabled();
  await send.click();
  await expect(page).toHaveURL(/\/multichannel\/email$/);

  // The campaign reaches "sent" once every recipient has a final state.
  const row = page.getByTestId('campaigns').getByRole('row').filter({ hasText: 'Spring collection' });
  await expect(async () => {
    await page.reload();
    await expect(row.getByText('sent', { exact: true })).toBeVisible({ timeout: 2_000 });
  }).toPass({ timeout: 60_000 });

  // The captured email, as the SMTP server received it.
  let captured: ParsedMail[] = [];
  await expect(async () => {
    captured = await capturedFor(giulia.email);
    expect(captured).toHaveLength(1);
  }).toPass({ timeout: 30_000 });
  const mail = captured[0]!;
  const sentAt = Date.now();
  expect(mail.subject).toBe('Spring is here, Giulia');
  expect(mail.from?.value[0]?.address).toBe(address);
  expect(mail.messageId).toMatch(/^<.+@.+>$/);
  const header = (key: string) => mail.headerLines.find((h) => h.key === key)?.line.replace(/\s+/g, ' ') ?? '';
  // Signed by the sender's domain, covering both one-click headers (RFC 8058 section 4).
  const dkim = header('dkim-signature');
  expect(dkim).toContain(`d=${tag}.example;`);
  expect(/ h=([^;]+);/.exec(dkim)?.[1]?.toLowerCase().split(':')).toEqual(
    expect.arrayContaining(['from', 'subject', 'message-id', 'list-unsubscribe', 'list-unsubscribe-post']),
  );
  expect(header('list-unsubscribe-post')).toBe('List-Unsubscribe-Post: List-Unsubscribe=One-Click');
  const listUnsubscribe = header('list-unsubscribe');
  expect(listUnsubscribe).toMatch(/<mailto:[^>]+>/);
  const base = serverInfo().baseURL;
  const oneClick = new RegExp(`<(${base}${TRACKING_PATHS.unsubscribe('')}[^>]+)>`).exec(listUnsubscribe);
  expect(oneClick).not.toBeNull();
  expect(mail.text).toContain('Hello Giulia');
  const html = String(mail.html);
  // The tracking URLs, found by the server's own path shapes (the token stands where TOKEN is).
  const pixel = trackedUrls(TRACKING_PATHS.open).exec(html)?.[0];
  const links = [...html.matchAll(trackedUrls(TRACKING_PATHS.click))].map((m) => m[0]);
  expect(pixel).toBeDefined();
  expect(links.length).toBeGreaterThanOrEqual(2);
  expect(html).not.toContain('https://shop.example.com/spring');

  // The recipient's contact page is open before the pixel is fetched: the entries arrive over realtime.
  await page.goto(`/contacts/show/${giulia.id}`);
  const timeline = page.getByTestId('contact-timeline');
  await expect(timeline).toContainText('Contact created');
  await expect(timeline).not.toContainText('Message opened: Spring collection');

  const opened = await page.request.get(pixel!, { headers: { 'user-agent': READER } });
  expect(opened.status()).toBe(200);
  expect(opened.headers()['content-type']).toContain('image/gif');
  await expect(timeline).toContainText('Message opened: Spring collection');

  // A click this soon after the send would be a link scanner's: the person clicks a little later.
  await page.waitForTimeout(Math.max(0, sentAt + SCANNER_CLICK_AFTER_SEND_MS + 1_000 - Date.now()));
  const clicked = await page.request.get(links[0]!, { headers: { 'user-agent': READER }, maxRedirects: 0 });
  expect(clicked.status()).toBeGreaterThanOrEqual(301);
  expect(clicked.status()).toBeLessThan(400);
  expect(clicked.headers()['location']).toBe('https://shop.example.com/spring');
  await expect(timeline).toContainText('Link clicked in Spring collection');

  // The report counts the open and the click (one of two recipients).
  await page.goto(`/multichannel/email/report/${id}/summary`);
  await expect(figure(page, 'Recipients')).toContainText('2');
  await expect(figure(page, 'Opened')).toContainText(/Opened\s*1\s*50%/);
  await expect(figure(page, 'Clicked')).toContainText(/Clicked\s*1\s*50%/);
  await expect(figure(page, 'Unsubscribed')).toContainText(/Unsubscribed\s*0/);

  // One-click unsubscribe (RFC 8058): a POST to the header's https link, no page; the report then counts it.
  const unsubscribed = await page.request.post(oneClick![1]!, {
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    data: 'List-Unsubscribe=One-Click',
  });
  expect(unsubscribed.status()).toBe(200);
  await expect(async () => {
    await page.reload();
    await expect(figure(page, 'Unsubscribed')).toContainText(/Unsubscribed\s*1\s*50%/, { timeout: 2_000 });
  }).toPass({ timeout: 20_000 });
  await page.getByRole('tab', { name: 'Recipients' }).click();
  await page.getByRole('combobox', { name: 'Show' }).click();
  await page.getByRole('option', { name: 'Unsubscribed' }).click();
  await expect(page.getByTestId('report-recipients').getByText(giulia.email)).toBeVisible();
});
