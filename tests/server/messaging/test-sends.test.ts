import { simpleParser } from 'mailparser';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MESSAGING_TEXTS, TEST_SEND_MAX_ADDRESSES } from '../../../shared/messaging.ts';
import { createTestEnv, type TestEnv } from '../helpers.ts';
import { makeContact, signIn, type Caller } from '../contacts/fixtures.ts';
import { CAMPAIGN_HTML, seedMessage, seedSender, startSmtp } from './sendingFixtures.ts';

// Test sends (`sendTestMessages`) through a real smtp-server: rendered as a chosen contact or sample values, the
// subject prefixed "[Test]", no tracking, a test_send ledger row; 502 with the spec's text when the server refuses.
let env: TestEnv;
let smtp: Awaited<ReturnType<typeof startSmtp>>;
let a: Caller;
let b: Caller;
let messageId: number;
let templateId: number;
beforeAll(async () => {
  smtp = await startSmtp((address) =>
    address.startsWith('refuse') ? { code: 550, text: 'Mailbox unavailable' } : null,
  );
  env = await createTestEnv({ smtpUrl: smtp.url, publicUrl: 'https://mail.missiva.test' });
  a = await signIn(env, 'Alpha');
  b = await signIn(env, 'Beta');
  const senderId = await seedSender(env, a.companyId);
  messageId = await seedMessage(env, a.companyId, senderId, { include_lists: [] });
  const { rows } = await env.pool.query<{ id: number }>(
    `insert into templates (company_id, channel, name, subject, html) values ($1, 'email', 'Welcome', $2, $3)
     returning id::int`,
    [a.companyId, 'Welcome {{ contact.first_name }}', CAMPAIGN_HTML],
  );
  templateId = rows[0]!.id;
});
afterAll(async () => {
  await smtp.close();
  await env.close();
});

const send = (caller: Caller, body: Record<string, unknown>) => caller.call('POST', '/channels/email/test-sends', body);

describe('test sends', () => {
  it('sends a campaign as a chosen contact, prefixed [Test], without tracking, and debits a test send', async () => {
    const contact = await makeContact(a, { email: 'grace@example.com', firstName: 'Grace' });
    const before = smtp.received.length;
    const res = await send(a, { messageId, contactId: contact.id, addresses: ['qa1@example.com', 'qa2@example.com'] });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body.sent.map((s: { address: string }) => s.address)).toEqual(['qa1@example.com', 'qa2@example.com']);
    expect(res.body.sent[0].response).toMatch(/^250/);
    const got = smtp.received.slice(before);
    expect(got.map((m) => m.to[0])).toEqual(expect.arrayContaining(['qa1@example.com', 'qa2@example.com']));
    expect(new Set(got.map((m) => m.messageId)).size).toBe(2);
    const mail = await simpleParser(got[0]!.raw);
    expect(mail.subject).toBe('[Test] Hi Grace, autumn is here');
    expect(mail.html).toContain('<h1>Hello Grace</h1>');
    expect(mail.html).toContain('href="https://shop.example/new"');
    expect(mail.html).not.toContain('/t/o/');
    expect(mail.headers.has('list-unsubscribe')).toBe(false);
    const ledger = await env.pool.query(
      `select amount, reason from credit_ledger where company_id = $1 and reason <> 'grant'`,
      [a.companyId],
    );
    expect(ledger.rows).toEqual([{ amount: -2, reason: 'test_send' }]);
  });

  it('renders a template with sample values when no contact is chosen', async () => {
    const before = smtp.received.length;
    expect((await send(a, { templateId, addresses: ['qa3@example.com'] })).status).toBe(200);
    const mail = await simpleParser(smtp.received[before]!.raw);
    expect(mail.subject).toBe('[Test] Welcome Ada');
  });

  it("answers 502 with the spec's text when the SMTP server refuses an address", async () => {
    const res = await send(a, { messageId, addresses: ['refuse@example.com'] });
    expect(res.status).toBe(502);
    expect(res.body.message).toBe(MESSAGING_TEXTS.testSendFailed);
  });

  it('refuses bad input and another company’s ids', async () => {
    const eleven = Array.from({ length: TEST_SEND_MAX_ADDRESSES + 1 }, (_, i) => `qa${i}@example.com`);
    expect([400, 422]).toContain((await send(a, { messageId, addresses: eleven })).status);
    expect([400, 422]).toContain((await send(a, { messageId, addresses: ['not an address'] })).status);
    expect((await send(a, { addresses: ['qa@example.com'] })).status).toBe(422);
    expect((await send(a, { messageId, templateId, addresses: ['qa@example.com'] })).status).toBe(422);
    expect((await send(b, { messageId, addresses: ['qa@example.com'] })).status).toBe(404);
    expect((await send(b, { templateId, addresses: ['qa@example.com'] })).status).toBe(404);
    const contact = await makeContact(a, { email: 'linus@example.com' });
    expect((await send(b, { templateId: 999999, contactId: contact.id, addresses: ['qa@example.com'] })).status).toBe(
      404,
    );
  });
});
