import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TestEnv } from '../helpers.ts';
import { setupTwoCompanies, type Caller } from '../contacts/fixtures.ts';
import { startInboundSmtp, type InboundListener } from '../../../server/services/messaging/inbound/listener.ts';
import { REPLY_WEBHOOK_TEXT_CHARS, storeReply } from '../../../server/services/messaging/inbound/replies.ts';
import { forJob } from '../../../server/services/scope.ts';
import { jobKeys, TASKS } from '../../../shared/jobs.ts';
import { deliver, fixture, replyOf, sentCampaign } from './fixtures.ts';

// The incoming messages list and detail (GET /incoming-messages), fed by replies over real SMTP to the listener on
// 127.0.0.1 and by the reply store directly; each stored reply writes its message.received event in its transaction.
let env: TestEnv;
let a: Caller;
let b: Caller;
let listener: InboundListener;

beforeAll(async () => {
  ({ env, a, b } = await setupTwoCompanies());
  listener = await startInboundSmtp(env.ctx, { port: 0, host: '127.0.0.1', maxBytes: 64 * 1024 });
});
afterAll(async () => {
  await listener?.close();
  await env?.close();
});

/** An endpoint of the company subscribed to `types`, written as the webhooks area stores one. */
async function endpoint(companyId: string, types: string[]) {
  const { rows } = await env.pool.query<{ id: number }>(
    `insert into webhook_endpoints (company_id, url, event_types, secret_sealed)
     values ($1, 'https://hooks.example.org/in', $2, 'sealed') returning id::int`,
    [companyId, types],
  );
  return rows[0]!.id;
}

const reply = (over: Partial<Parameters<typeof storeReply>[1]> = {}) => ({
  messageId: 0,
  recipientId: 0,
  from: 'someone@example.org',
  subject: 'Hello',
  text: 'Plain words',
  html: null,
  headerMessageId: null,
  inReplyTo: null,
  at: new Date('2026-03-01T10:00:00Z'),
  ...over,
});

describe('a reply over SMTP', () => {
  it('lands in the list and detail with its contact and campaign, and its event commits with it', async () => {
    const mine = await endpoint(a.companyId, ['message.received']);
    await endpoint(a.companyId, ['contact.created']);
    await endpoint(b.companyId, ['message.received']);
    const address = 'giulia@example.org';
    const sent = await sentCampaign(env, a, [address]);
    const r = sent.recipients[0]!;
    const to = replyOf(env, a.companyId, sent.messageId, r.id);
    const raw = fixture('reply', { verp: to, rcpt: address });
    await deliver(listener.port, to, raw, address);
    await deliver(listener.port, to, raw, address);

    const list = await a.call('GET', '/incoming-messages');
    expect(list.status).toBe(200);
    expect(list.body).toEqual([
      {
        id: expect.any(Number),
        channel: 'email',
        from: address,
        to,
        contactId: r.contactId,
        contactName: 'Giulia',
        subject: 'Re: Spring offers',
        inReplyToMessageId: sent.messageId,
        campaign: 'Spring offers',
        snippet:
          'Hello, do you ship to Sicily? I would like to order the blue one. On Tue, 12 Mar 2024, Acme News wrote:',
        receivedAt: expect.stringMatching(/^\d{4}-\d\d-\d\dT/),
      },
    ]);
    expect(JSON.parse(String(list.headers.pagination))).toMatchObject({ page: 1, total: 1, nextCursor: null });
    const id = list.body[0].id as number;
    const detail = await a.call('GET', `/incoming-messages/${id}`);
    expect(detail.status).toBe(200);
    expect(detail.body).toMatchObject({ id, contactId: r.contactId });
    expect(detail.body.text).toContain('> Spring offers');

    // One event (the duplicate delivery stored nothing), written by the transaction that stored the reply.
    const events = await env.pool.query(
      `select e.company_id as "companyId", e.payload, e.xmin::text = i.xmin::text as "sameTransaction"
         from webhook_events e join incoming_messages i on i.company_id = e.company_id and i.id = $1
        where e.type = 'message.received'`,
      [id],
    );
    expect(events.rows).toEqual([
      {
        companyId: a.companyId,
        sameTransaction: true,
        payload: {
          id,
          channel: 'email',
          from: address,
          to,
          subject: 'Re: Spring offers',
          text: detail.body.text,
          contactId: r.contactId,
          inReplyToMessageId: sent.messageId,
          receivedAt: new Date(detail.body.receivedAt).toISOString(),
        },
      },
    ]);
    // Delivered to the subscribed endpoint of its own company only, with that endpoint's drain job queued.
    const deliveries = await env.pool.query(`select d.company_id as "companyId", d.id::int as "deliveryId",
        endpoint_id::int as "endpointId"
      from webhook_deliveries d join webhook_events e on e.company_id = d.company_id and e.id = d.event_id
      where e.type = 'message.received'`);
    expect(deliveries.rows).toEqual([{ companyId: a.companyId, deliveryId: expect.any(Number), endpointId: mine }]);
    const jobs = await env.pool.query(`select task_identifier as task from graphile_worker.jobs where key = $1`, [
      jobKeys.webhookEndpoint(mine),
    ]);
    expect(jobs.rows).toEqual([{ task: TASKS.drainWebhookEndpoint }]);
  });
});

describe('the list', () => {
  it('searches the address and subject, filters the channel and pages by cursor', async () => {
    const scope = forJob(env.ctx, a.companyId);
    await storeReply(scope, reply({ from: 'mario@shop.example', subject: 'Order 41', text: 'First' }));
    await storeReply(scope, reply({ from: 'anna@example.net', subject: 'Shipping to Rome', text: 'Second' }));
    const bySubject = await a.call('GET', '/incoming-messages?q=rome');
    expect(bySubject.body.map((m: { from: string }) => m.from)).toEqual(['anna@example.net']);
    const byAddress = await a.call('GET', '/incoming-messages?q=SHOP.example');
    expect(byAddress.body.map((m: { subject: string }) => m.subject)).toEqual(['Order 41']);
    // A wildcard is a character like any other.
    expect((await a.call('GET', '/incoming-messages?q=%25')).body).toEqual([]);
    expect((await a.call('GET', '/incoming-messages?channel=sms')).body).toEqual([]);

    const first = await a.call('GET', '/incoming-messages?perPage=2');
    const info = JSON.parse(String(first.headers.pagination));
    expect(info).toMatchObject({ total: 3, pages: 2, nextCursor: expect.any(String) });
    const next = await a.call('GET', `/incoming-messages?perPage=2&cursor=${info.nextCursor}`);
    const ids = [...first.body, ...next.body].map((m: { id: number }) => m.id);
    expect(ids).toEqual([...ids].sort((x, y) => y - x));
    expect(new Set(ids).size).toBe(3);
    expect(JSON.parse(String(next.headers.pagination)).nextCursor).toBeNull();
  });

  it('serves HTML-only mail as text, never its markup, and caps the event text', async () => {
    const scope = forJob(env.ctx, a.companyId);
    const html = '<p>Ciao <b>team</b></p><script>alert(1)</script><img src="https://tracker.example/x.gif">';
    const stored = await storeReply(scope, reply({ subject: 'Html only', text: null, html }));
    if (stored.kind !== 'stored') throw new Error('not stored');
    const detail = await a.call('GET', `/incoming-messages/${stored.id}`);
    expect(detail.body.text).toContain('Ciao team');
    expect(JSON.stringify(detail.body)).not.toMatch(/<script|<p>|tracker\.example/);
    expect(detail.body.snippet).toContain('Ciao team');

    const long = await storeReply(scope, reply({ subject: 'Long', text: 'x'.repeat(REPLY_WEBHOOK_TEXT_CHARS + 50) }));
    if (long.kind !== 'stored') throw new Error('not stored');
    const { rows } = await env.pool.query(
      `select length(payload->>'text')::int as n from webhook_events where payload->>'id' = $1::text`,
      [long.id],
    );
    expect(rows).toEqual([{ n: REPLY_WEBHOOK_TEXT_CHARS }]);
    expect((await a.call('GET', `/incoming-messages/${long.id}`)).body.text).toHaveLength(
      REPLY_WEBHOOK_TEXT_CHARS + 50,
    );
  });
});

describe('tenancy and bad input', () => {
  it("another company's messages are neither listed nor readable", async () => {
    const theirs = await storeReply(forJob(env.ctx, b.companyId), reply({ subject: 'Private to Beta' }));
    if (theirs.kind !== 'stored') throw new Error('not stored');
    const mine = (await a.call('GET', '/incoming-messages?perPage=500')).body as Array<{ id: number }>;
    expect(mine.length).toBeGreaterThan(0);
    expect(mine.map((m) => m.id)).not.toContain(theirs.id);
    expect((await a.call('GET', '/incoming-messages?q=Private')).body).toEqual([]);
    const read = await a.call('GET', `/incoming-messages/${theirs.id}`);
    expect(read.status).toBe(404);
    expect(read.body.code).toBe('not_found');
    expect((await b.call('GET', `/incoming-messages/${theirs.id}`)).status).toBe(200);
    const bList = (await b.call('GET', '/incoming-messages')).body as Array<{ id: number }>;
    expect(bList.map((m) => m.id)).toEqual([theirs.id]);
  });

  it('refuses bad queries and ids with field errors, and callers without a session with 401', async () => {
    for (const [url, field] of [
      ['/incoming-messages?perPage=0', 'perPage'],
      ['/incoming-messages?page=-1', 'page'],
      [`/incoming-messages?q=${'a'.repeat(255)}`, 'q'],
      ['/incoming-messages?cursor=bm90ZXM6MQ', 'cursor'],
      ['/incoming-messages?cursor=%00', 'cursor'],
      ['/incoming-messages/0', 'incomingId'],
      ['/incoming-messages/abc', 'incomingId'],
    ] as const) {
      const res = await a.call('GET', url);
      expect(res.status, url).toBe(422);
      expect(Object.keys(res.body.errors ?? {}), url).toContain(field);
    }
    expect((await a.call('GET', '/incoming-messages?channel=fax')).status).toBeLessThan(500);
    expect((await a.call('GET', '/incoming-messages/999999999')).status).toBe(404);
    const anonymous = await env.app.inject({ method: 'GET', url: '/api/incoming-messages' });
    expect(anonymous.statusCode).toBe(401);
  });
});
