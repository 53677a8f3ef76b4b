import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { TrackingRecorder } from '../../../server/services/messaging/trackingRecorder.ts';
import type { TestEnv } from '../helpers.ts';
import { setupTwoCompanies, type Caller } from '../contacts/fixtures.ts';
import { eventsOf, recipientRow, sentMessage } from './trackingFixtures.ts';

// The batched writer on its own: nothing is lost on shutdown, and a batch of many hits is one write per company.
let env: TestEnv;
let a: Caller;
let b: Caller;

beforeAll(async () => {
  ({ env, a, b } = await setupTwoCompanies());
});
afterAll(() => env.close());

const hit = (companyId: string, messageId: number, recipientId: number, kind: 'open' | 'click' = 'open') => ({
  kind,
  companyId,
  messageId,
  recipientId,
  linkIdx: 0,
  at: new Date(),
  ip: '203.0.113.7',
  userAgent: 'Mozilla/5.0 (X11; Linux x86_64) Gecko/20100101 Firefox/133.0',
});

describe('tracking recorder', () => {
  it('writes what is still buffered when it closes', async () => {
    const m = await sentMessage(env, a.companyId, { contacts: [{ id: null, address: 'late@example.com' }] });
    // A flush interval far beyond the test: only close() can write the hit.
    const recorder = new TrackingRecorder(env.ctx, { flushMs: 60_000, maxRows: 1_000 });
    recorder.record(hit(a.companyId, m.messageId, m.recipients[0]!.id));
    expect(await eventsOf(env, m.messageId)).toEqual([]);
    await recorder.close();
    expect(await eventsOf(env, m.messageId)).toMatchObject([{ type: 'opened', machine: false }]);
    expect((await recipientRow(env, m.recipients[0]!.id)).opened_at).toBeInstanceOf(Date);
  });

  it("writes each company's hits under its own company, however they interleave", async () => {
    const mine = await sentMessage(env, a.companyId, {
      contacts: Array.from({ length: 50 }, (_, i) => ({ id: null, address: `a${i}@example.com` })),
      links: ['https://example.com/a'],
    });
    const theirs = await sentMessage(env, b.companyId, {
      contacts: Array.from({ length: 50 }, (_, i) => ({ id: null, address: `b${i}@example.com` })),
    });
    const recorder = new TrackingRecorder(env.ctx, { flushMs: 60_000, maxRows: 10_000 });
    for (let i = 0; i < 50; i += 1) {
      recorder.record(hit(a.companyId, mine.messageId, mine.recipients[i]!.id, 'click'));
      recorder.record(hit(b.companyId, theirs.messageId, theirs.recipients[i]!.id));
      // A hit naming company A with B's recipient finds nothing under A and is dropped.
      recorder.record(hit(a.companyId, theirs.messageId, theirs.recipients[i]!.id));
    }
    await recorder.close();
    expect(await eventsOf(env, mine.messageId, 'clicked')).toHaveLength(50);
    expect(await eventsOf(env, mine.messageId, 'opened')).toHaveLength(50);
    expect(await eventsOf(env, theirs.messageId)).toHaveLength(50);
    const companies = await env.pool.query(
      'select distinct company_id from message_events where message_id = any($1::bigint[])',
      [[theirs.messageId]],
    );
    expect(companies.rows).toEqual([{ company_id: b.companyId }]);
  });
});
