import { readFileSync } from 'node:fs';
import path from 'node:path';
import AxeBuilder from '@axe-core/playwright';
import type { Page } from '@playwright/test';
import nodemailer from 'nodemailer';
import { replyAddress } from '../../server/services/messaging/tokens.ts';
import { apiLogin, expect, loginThroughUi, serverInfo, test } from './fixtures.ts';

/** WCAG 2.1 AA violations on the page as it is (legacy mode, as tests/e2e/accessibility.spec.ts runs axe). */
async function axeViolations(page: Page) {
  const { violations } = await new AxeBuilder({ page })
    .withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa'])
    .setLegacyMode(true)
    .analyze();
  return violations.map((v) => ({ rule: v.id, nodes: v.nodes.map((n) => n.target.join(' ')) }));
}

// Incoming messages under Messages → Incoming, fed by a reply over real SMTP to the e2e server's inbound listener;
// and the API reference at /api/docs, rendered with nothing loaded from anywhere but this server.
test('a reply over SMTP appears under Incoming, opens as text and links to its contact', async ({
  page,
  request,
  user,
}) => {
  const token = await apiLogin(request, user);
  const headers = { authorization: `Bearer ${token}` };
  const email = `anna-${Date.now()}@example.org`;
  const contact = await (await request.post('/api/contacts', { headers, data: { email, firstName: 'Anna' } })).json();
  const companyId = JSON.parse(Buffer.from(token.split('.')[1]!, 'base64url').toString()).cid as string;

  // The company's reply address, signed with the server's key; the reply is linked to the contact by its From.
  const server = serverInfo() as ReturnType<typeof serverInfo> & { inboundSmtpPort: number };
  const secret = readFileSync(path.join(server.dataDir, 'secret-key'), 'utf8').trim();
  const to = replyAddress(secret, { companyId, messageId: 0, recipientId: 0 }, 'bounces.acme.example');
  const send = async (mail: { subject: string; text: string; html?: string }) => {
    const transport = nodemailer.createTransport({ host: '127.0.0.1', port: server.inboundSmtpPort, ignoreTLS: true });
    await transport.sendMail({ from: `Anna <${email}>`, to, ...mail });
    transport.close();
  };
  await send({
    subject: 'Question about my order',
    text: 'Hello, where is my parcel?\n\nIt was due on Monday.\n<b>not markup</b>',
    html: '<p>Hello, where is my parcel?</p><script>window.injected = true</script>',
  });

  await loginThroughUi(page, user);
  await expect(page.getByTestId('greeting')).toBeVisible();
  await page.goto('/multichannel/messages');
  await page.getByText('Incoming', { exact: true }).click();
  await expect(page).toHaveURL(/view=incoming/);
  const list = page.getByTestId('incoming-messages');
  await expect(list).toContainText('Question about my order');
  await expect(list).toContainText('Hello, where is my parcel?');
  await expect(list).toContainText(email);
  expect(await axeViolations(page)).toEqual([]);

  // Search by address, then by a subject that is not there.
  await page.getByLabel('Search by address or subject').fill(email);
  await expect(list.getByRole('row')).toHaveCount(2);
  await page.getByLabel('Search by address or subject').fill('no such subject');
  await expect(list).toContainText('No incoming messages yet');
  await page.getByLabel('Search by address or subject').fill('order');
  await expect(list).toContainText('Question about my order');

  // The drawer shows the text part as text: its markup-looking line is shown literally, the HTML part never runs.
  await page.getByRole('button', { name: `Read the message from ${email}` }).click();
  const message = page.getByTestId('incoming-message');
  await expect(message).toContainText('It was due on Monday.');
  await expect(message).toContainText('<b>not markup</b>');
  expect(await axeViolations(page)).toEqual([]);
  expect(await page.evaluate(() => (window as { injected?: boolean }).injected)).toBeUndefined();
  await page.keyboard.press('Escape');
  await expect(message).toBeHidden();

  // A second reply from the contact shows up in the open list without a reload.
  await send({ subject: 'Another order question', text: 'And can I change the address?' });
  await expect(list).toContainText('Another order question');

  const link = list.getByRole('link', { name: 'Anna' }).first();
  await expect(link).toHaveAttribute('href', `/contacts/show/${contact.id}`);
  await link.click();
  await expect(page).toHaveURL(new RegExp(`/contacts/show/${contact.id}$`));
  await expect(page.getByTestId('contact-timeline')).toContainText('Question about my order');
});

test('the API reference renders the contract with every request to this origin', async ({ page, baseURL }) => {
  // Scalar's bundle is several MB of script to parse: on a loaded CI host that alone can take tens of seconds.
  test.slow();
  const origin = new URL(baseURL!).origin;
  const requests: string[] = [];
  const violations: string[] = [];
  page.on('request', (request) => requests.push(request.url()));
  page.on('console', (message) => {
    if (/Content Security Policy|Refused to/i.test(message.text())) violations.push(message.text());
  });
  await page.goto('/api/docs');
  await expect(page.getByRole('heading', { name: 'Missiva API', level: 1 })).toBeVisible({ timeout: 60_000 });
  // The first group's operations are open; another group's operation opens from the sidebar.
  await expect(page.getByRole('heading', { name: 'Liveness and database reachability' })).toBeVisible();
  await page.getByRole('button', { name: 'Open Group - messaging' }).click();
  await page.getByRole('link', { name: 'One incoming message with its text body' }).first().click();
  await expect(page.getByRole('heading', { name: 'One incoming message with its text body' })).toBeVisible();
  await expect(page.getByText('/incoming-messages/{incomingId}').first()).toBeVisible();
  await expect(page.getByText('Authorization: Bearer mk_').first()).toBeVisible();
  await page.waitForLoadState('networkidle');
  expect(requests.length).toBeGreaterThan(1);
  expect(requests.filter((url) => !url.startsWith(`${origin}/`) && !url.startsWith('data:'))).toEqual([]);
  expect(violations).toEqual([]);
});
