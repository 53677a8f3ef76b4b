import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SmtpPools } from '../../../server/channels/email/adapter.ts';
import { runBatch } from '../../../server/services/messaging/batch.ts';
import { TrackingRecorder } from '../../../server/services/messaging/trackingRecorder.ts';
import { forJob } from '../../../server/services/scope.ts';
import { createTestEnv, type TestEnv } from '../helpers.ts';
import { signIn, type Caller } from '../contacts/fixtures.ts';
import { seedList, seedMessage, seedSender, startSmtp } from '../messaging/sendingFixtures.ts';
import { sentMessage } from '../messaging/trackingFixtures.ts';
import { createEndpoint } from './support.ts';

// The campaign engine and the tracking recorder write `message.sent`, `message.opened` and `message.clicked` into the
// webhook outbox in the transaction of what they record, only for companies with an endpoint listening.
let env: TestEnv;
let a: Caller;
let b: Caller;
let pools: SmtpPools;
let smtp: Awaited<ReturnType<typeof startSmtp>>;

beforeAll(async () => {
  smtp = await startSmtp(() => null);
  env = await createTestEnv({ smtpUrl: smtp.url });
  pools = new SmtpPools(2);
  a = await signIn(env, 'Alpha');
  b = await signIn(env, 'Beta');
});
afterAll(async () => {
  pools.close();
  await smtp.close();
  await env.close();
});

const outbox = async (companyId: string, type: string) =>
  (
    await env.pool.query<{ payload: Record<string, unknown> }>(
      `select e.payload from webhook_events e where e.company_id = $1 and e.type = $2 order by e.id`,
      [companyId, type],
    )
  ).rows.map((r) => r.payload);
const deliveries = async (companyId: string) =>
  (
    await env.pool.query<{ n: number }>('select count(*)::int as n from webhook_deliveries where company_id = $1', [
      companyId,
    ])
  ).rows[0]!.n;

describe('message events in the webhook outbox', () => {
  it('emits message.sent for every recipient a batch sends, with ids a receiver can look up', async () => {
    await createEndpoint(env.ctx, a.companyId, 'https://hooks.example.net/a', ['message.sent']);
    const senderId = await seedSender(env, a.companyId);
    const list = await seedList(env, a.companyId, 'hooked', 6);
    const id = await seedMessage(env, a.companyId, senderId, { include_lists: [list] });
    expect((await a.call('POST', `/channels/email/messages/${id}/send`)).status).toBe(200);
    await runBatch(forJob(env.ctx, a.companyId), { transport: (url) => pools.get(url), window: 4 }, id, 0);
    const sent = await outbox(a.companyId, 'message.sent');
    expect(sent).toHaveLength(6);
    expect(sent[0]).toMatchObject({ messageId: id, channel: 'email', contactId: expect.any(Number) });
    expect(new Set(sent.map((p) => p.recipientId)).size).toBe(6);
    expect(await deliveries(a.companyId)).toBe(6);
  });

  it('writes nothing for a company without a listening endpoint', async () => {
    const senderId = await seedSender(env, b.companyId);
    const list = await seedList(env, b.companyId, 'quiet', 3);
    const id = await seedMessage(env, b.companyId, senderId, { include_lists: [list] });
    expect((await b.call('POST', `/channels/email/messages/${id}/send`)).status).toBe(200);
    await runBatch(forJob(env.ctx, b.companyId), { transport: (url) => pools.get(url), window: 4 }, id, 0);
    expect(await outbox(b.companyId, 'message.sent')).toEqual([]);
  });

  it('emits message.opened once per recipient and message.clicked per click with its link', async () => {
    await createEndpoint(env.ctx, a.companyId, 'https://hooks.example.net/b', ['message.opened', 'message.clicked']);
    const m = await sentMessage(env, a.companyId, {
      contacts: [
        { id: null, address: 'one@example.com' },
        { id: null, address: 'two@example.com' },
      ],
      links: ['https://shop.example.com/autumn'],
    });
    // Sent an hour ago: the hits are a person's, not a scanner's right after delivery.
    await env.pool.query(`update message_recipients set sent_at = now() - interval '1 hour' where message_id = $1`, [
      m.messageId,
    ]);
    const recorder = new TrackingRecorder(env.ctx, { flushMs: 60_000, maxRows: 1_000 });
    const hit = (recipientId: number, kind: 'open' | 'click') => ({
      kind,
      companyId: a.companyId,
      messageId: m.messageId,
      recipientId,
      linkIdx: 0,
      at: new Date(),
      ip: '203.0.113.7',
      userAgent: 'Mozilla/5.0 (X11; Linux x86_64) Gecko/20100101 Firefox/133.0',
    });
    const [one, two] = m.recipients;
    recorder.record(hit(one!.id, 'open'));
    recorder.record(hit(one!.id, 'open'));
    recorder.record(hit(two!.id, 'click'));
    await recorder.close();
    const opened = await outbox(a.companyId, 'message.opened');
    expect(opened.map((p) => p.recipientId).sort()).toEqual([one!.id, two!.id].sort());
    const clicked = await outbox(a.companyId, 'message.clicked');
    expect(clicked).toEqual([
      expect.objectContaining({ messageId: m.messageId, recipientId: two!.id, url: 'https://shop.example.com/autumn' }),
    ]);
  });
});
