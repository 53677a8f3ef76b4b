import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SmtpPools } from '../../../server/channels/email/adapter.ts';
import { runBatch } from '../../../server/services/messaging/batch.ts';
import { startScheduled } from '../../../server/services/messaging/engine.ts';
import { forJob } from '../../../server/services/scope.ts';
import { TASKS } from '../../../shared/jobs.ts';
import { SEND_BATCH_SIZE, SEND_MAX_ATTEMPTS } from '../../../shared/sending.ts';
import { createTestEnv, type TestEnv } from '../helpers.ts';
import { signIn, type Caller } from '../contacts/fixtures.ts';
import { seedList, seedMessage, seedSender, startSmtp, type Received } from './sendingFixtures.ts';

// The engine against a real smtp-server: recipients frozen once, one job per batch, pause, resume and cancel between
// windows, the sender's rate limit and warm-up quota, transient (451) and permanent (550) refusals, and schedules.
let env: TestEnv;
let a: Caller;
let pools: SmtpPools;
let senderId: number;
let onMessage: (m: Received) => unknown = () => undefined;
let smtp: Awaited<ReturnType<typeof startSmtp>>;
beforeAll(async () => {
  smtp = await startSmtp(
    (address, attempt) =>
      address.startsWith('soft') && attempt === 1
        ? { code: 451, text: 'Greylisted, try later' }
        : address.startsWith('hard')
          ? { code: 550, text: 'No such user' }
          : null,
    (m) => onMessage(m),
  );
  env = await createTestEnv({ smtpUrl: smtp.url });
  pools = new SmtpPools(4);
  a = await signIn(env, 'Alpha');
  senderId = await seedSender(env, a.companyId);
});
afterAll(async () => {
  pools.close();
  await smtp.close();
  await env.close();
});

const deps = { transport: (url: string) => pools.get(url), window: 4 };
const run = (id: number, batch: number) => runBatch(forJob(env.ctx, a.companyId), deps, id, batch);
const state = async (id: number) => (await a.call('GET', `/channels/email/messages/${id}/send-state`)).body;
const jobs = async (id: number) =>
  (
    await env.pool.query<{ key: string; run_at: Date }>(
      `select key, run_at from graphile_worker._private_jobs where key like $1 order by key`,
      [`message-%:${id}%`],
    )
  ).rows;
const uniq = () => Math.random().toString(36).slice(2, 7);

describe('sending a campaign', () => {
  it('freezes recipients once: lists minus excludes, deduplicated, blocked and blocklisted counted out', async () => {
    const p = `f${uniq()}`;
    const list = await seedList(env, a.companyId, p, 8);
    const overlap = await seedList(env, a.companyId, p, 3); // the same 3 contacts again (dedupe)
    const excluded = await seedList(env, a.companyId, `${p}x`, 0);
    await env.pool.query(
      `insert into list_members (company_id, list_id, contact_id)
       select $1, $2, id from contacts where company_id = $1 and email = $3`,
      [a.companyId, excluded, `${p}8@example.com`],
    );
    await env.pool.query(`update contacts set blocked_at = now() where company_id = $1 and email = $2`, [
      a.companyId,
      `${p}1@example.com`,
    ]);
    await env.pool.query(
      `insert into channel_blocklist (company_id, channel, address, reason) values ($1, 'email', $2, 'hard_bounce')`,
      [a.companyId, `${p}2@example.com`],
    );
    const id = await seedMessage(env, a.companyId, senderId, {
      include_lists: [list, overlap],
      exclude_lists: [excluded],
    });
    const res = await a.call('POST', `/channels/email/messages/${id}/send`);
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ status: 'sending', recipientsTotal: 5, recipientsExcluded: 2, pending: 5 });
    expect((await jobs(id)).map((j) => j.key)).toEqual([`message-batch:${id}:0`]);
    expect((await a.call('POST', `/channels/email/messages/${id}/send`)).status).toBe(409);
    await run(id, 0);
    expect(await state(id)).toMatchObject({ status: 'sent', sent: 5, pending: 0, pendingReason: null });
    const ledger = await env.pool.query(`select amount, reason from credit_ledger where message_id = $1`, [id]);
    expect(ledger.rows).toEqual([{ amount: -5, reason: 'send' }]);
    const timeline = await env.pool.query(
      `select count(*)::int as n from contact_events where company_id = $1 and type = 'message.sent'
          and payload ->> 'messageId' = $2`,
      [a.companyId, String(id)],
    );
    expect(timeline.rows[0].n).toBe(5);
  });

  it('queues one job per batch of recipients, never one per email', async () => {
    const list = await seedList(env, a.companyId, `b${uniq()}`, SEND_BATCH_SIZE * 2 + 1);
    const id = await seedMessage(env, a.companyId, senderId, { include_lists: [list] });
    expect((await a.call('POST', `/channels/email/messages/${id}/send`)).status).toBe(200);
    expect((await jobs(id)).map((j) => j.key)).toEqual([0, 1, 2].map((b) => `message-batch:${id}:${b}`));
    const sizes = await env.pool.query(
      `select batch, count(*)::int as n from message_recipients where message_id = $1 group by batch order by batch`,
      [id],
    );
    expect(sizes.rows).toEqual([
      { batch: 0, n: SEND_BATCH_SIZE },
      { batch: 1, n: SEND_BATCH_SIZE },
      { batch: 2, n: 1 },
    ]);
    await a.call('POST', `/channels/email/messages/${id}/cancel`);
  });

  it('pauses, resumes and cancels between windows: a cancelled campaign sends nothing more within its batch', async () => {
    const list = await seedList(env, a.companyId, `p${uniq()}`, 40);
    const id = await seedMessage(env, a.companyId, senderId, { include_lists: [list] });
    await a.call('POST', `/channels/email/messages/${id}/send`);
    let seen = 0;
    onMessage = () => {
      if (++seen === 1) return a.call('POST', `/channels/email/messages/${id}/pause`);
    };
    await run(id, 0);
    const paused = await state(id);
    expect(paused.status).toBe('paused');
    // The pause lands while the first window is out: nothing after that window went.
    expect(paused.sent).toBeGreaterThanOrEqual(1);
    expect(paused.sent).toBeLessThanOrEqual(deps.window);
    expect(paused.pending).toBe(40 - paused.sent);
    await run(id, 0); // a paused campaign's job sends nothing
    expect((await state(id)).sent).toBe(paused.sent);

    expect((await a.call('POST', `/channels/email/messages/${id}/resume`)).body.status).toBe('sending');
    expect((await jobs(id)).map((j) => j.key)).toContain(`message-batch:${id}:0`);
    seen = 0;
    onMessage = () => {
      if (++seen === 1) return a.call('POST', `/channels/email/messages/${id}/cancel`);
    };
    await run(id, 0);
    onMessage = () => undefined;
    const cancelled = await state(id);
    expect(cancelled.status).toBe('cancelled');
    expect(cancelled.sent - paused.sent).toBeLessThanOrEqual(deps.window);
    expect(cancelled.pending).toBeGreaterThan(0);
    expect((await a.call('POST', `/channels/email/messages/${id}/resume`)).status).toBe(409);
  });

  it('retries a 451 with backoff, then records a 550 as not delivered; retry-failed sends those again', async () => {
    const p = uniq();
    const list = await seedList(env, a.companyId, `soft${p}`, 2);
    await env.pool.query(
      `with c as (insert into contacts (company_id, email) values ($1, $2) returning id)
       insert into list_members (company_id, list_id, contact_id) select $1, $3, id from c`,
      [a.companyId, `hard${p}@example.com`, list],
    );
    const id = await seedMessage(env, a.companyId, senderId, { include_lists: [list] });
    await a.call('POST', `/channels/email/messages/${id}/send`);
    const first = await run(id, 0);
    expect(first).toMatchObject({ sent: 0, deferred: 2, notDelivered: 1, pendingReason: 'deferred' });
    const deferred = await state(id);
    expect(deferred).toMatchObject({ status: 'sending', deferred: 2, notDelivered: 1, pendingReason: 'deferred' });
    // The retry job waits for the backoff (a minute for the first retry).
    const [job] = await jobs(id);
    expect(job!.run_at.getTime() - Date.now()).toBeGreaterThan(50_000);
    const rows = await env.pool.query(
      `select address::text, state, attempts, provider_response from message_recipients where message_id = $1
        order by address`,
      [id],
    );
    expect(rows.rows[0]).toMatchObject({ state: 'not_delivered', provider_response: expect.stringContaining('550') });
    expect(rows.rows[1]).toMatchObject({
      state: 'deferred',
      attempts: 1,
      provider_response: expect.stringContaining('451'),
    });
    await run(id, 0); // not due yet: nothing sent
    expect((await state(id)).deferred).toBe(2);
    await env.pool.query(`update message_recipients set next_attempt_at = now() where message_id = $1`, [id]);
    await run(id, 0);
    expect(await state(id)).toMatchObject({ status: 'sent', sent: 2, notDelivered: 1, deferred: 0 });

    const retried = await a.call('POST', `/channels/email/messages/${id}/retry-failed`);
    expect(retried.body).toMatchObject({ status: 'sending', pending: 1 });
    await run(id, 0);
    expect(await state(id)).toMatchObject({ status: 'sent', sent: 2, notDelivered: 1 });
  });

  it('gives up after the last attempt of a transient failure', async () => {
    const list = await seedList(env, a.companyId, `soft${uniq()}`, 1);
    const id = await seedMessage(env, a.companyId, senderId, { include_lists: [list] });
    await a.call('POST', `/channels/email/messages/${id}/send`);
    await env.pool.query(`update message_recipients set attempts = $2 - 1 where message_id = $1`, [
      id,
      SEND_MAX_ATTEMPTS,
    ]);
    await run(id, 0);
    expect(await state(id)).toMatchObject({ status: 'sent', notDelivered: 1, deferred: 0 });
  });

  it('resends to the parent campaign’s non-openers, never to an address blocklisted since', async () => {
    const p = `rs${uniq()}-`;
    const list = await seedList(env, a.companyId, p, 4);
    const parent = await seedMessage(env, a.companyId, senderId, { include_lists: [list] });
    await a.call('POST', `/channels/email/messages/${parent}/send`);
    await run(parent, 0);
    await env.pool.query(`update message_recipients set opened_at = now() where message_id = $1 and address = $2`, [
      parent,
      `${p}1@example.com`,
    ]);
    await env.pool.query(
      `insert into channel_blocklist (company_id, channel, address, reason) values ($1, 'email', $2, 'complaint')`,
      [a.companyId, `${p}2@example.com`],
    );
    const child = await seedMessage(env, a.companyId, senderId, {
      include_lists: [],
      parent_id: parent,
      resend_filter: 'not_opened',
    });
    const res = await a.call('POST', `/channels/email/messages/${child}/send`);
    expect(res.body).toMatchObject({ recipientsTotal: 2, recipientsExcluded: 1 });
    const rows = await env.pool.query(
      `select address::text from message_recipients where message_id = $1 order by address`,
      [child],
    );
    expect(rows.rows.map((r) => r.address)).toEqual([`${p}3@example.com`, `${p}4@example.com`]);
  });
});

describe('throttling', () => {
  it("delays a batch to the sender's next minute at its rate limit", async () => {
    const slow = await seedSender(env, a.companyId, { ratePerMinute: 5 });
    const list = await seedList(env, a.companyId, `rl${uniq()}`, 12);
    const id = await seedMessage(env, a.companyId, slow, { include_lists: [list] });
    await a.call('POST', `/channels/email/messages/${id}/send`);
    const result = await run(id, 0);
    expect(result).toMatchObject({ sent: 5, pendingReason: 'rate_limit' });
    expect(result.nextRunAt!.getUTCSeconds()).toBe(0);
    expect(result.nextRunAt!.getTime() - Date.now()).toBeLessThanOrEqual(60_000);
    expect(await state(id)).toMatchObject({ status: 'sending', sent: 5, pending: 7, pendingReason: 'rate_limit' });
    expect((await run(id, 0)).sent).toBe(0); // the same minute: nothing more
  });

  it("stops at the warm-up plan's daily quota and goes on the next day", async () => {
    const warming = await seedSender(env, a.companyId, { warmupInitial: 7 });
    const list = await seedList(env, a.companyId, `wu${uniq()}`, 10);
    const id = await seedMessage(env, a.companyId, warming, { include_lists: [list] });
    await a.call('POST', `/channels/email/messages/${id}/send`);
    const result = await run(id, 0);
    expect(result).toMatchObject({ sent: 7, pendingReason: 'warmup' });
    expect(result.nextRunAt!.toISOString()).toMatch(/T00:00:00\.000Z$/);
    expect(await state(id)).toMatchObject({ pending: 3, pendingReason: 'warmup' });
    const [job] = await jobs(id);
    expect(job!.run_at.toISOString()).toBe(result.nextRunAt!.toISOString());
  });
});

describe('schedules', () => {
  it('schedules a send at a wall-clock time in a time zone', async () => {
    const list = await seedList(env, a.companyId, `at${uniq()}`, 2);
    const id = await seedMessage(env, a.companyId, senderId, {
      include_lists: [list],
      schedule: { mode: 'at', at: '2099-06-01T09:30', timeZone: 'Europe/Rome' },
    });
    const res = await a.call('POST', `/channels/email/messages/${id}/send`);
    expect(res.body).toMatchObject({ status: 'scheduled', scheduledAt: '2099-06-01T07:30:00+00:00' });
    const [job] = await jobs(id);
    expect(job).toMatchObject({ key: `message-start:${id}` });
    expect(job!.run_at.toISOString()).toBe('2099-06-01T07:30:00.000Z');
  });

  it('runs a repeating campaign as a child campaign and queues its next run', async () => {
    const list = await seedList(env, a.companyId, `rp${uniq()}`, 3);
    const id = await seedMessage(env, a.companyId, senderId, {
      include_lists: [list],
      schedule: { mode: 'repeat', pattern: '0 9 * * 1', timeZone: 'Europe/Rome' },
    });
    const res = await a.call('POST', `/channels/email/messages/${id}/send`);
    expect(res.body).toMatchObject({ status: 'scheduled' });
    expect(new Date(res.body.nextRunAt).getUTCDay()).toBe(1);
    await startScheduled(forJob(env.ctx, a.companyId), id);
    const child = await env.pool.query<{ id: number; status: string }>(
      `select id::int, status from messages where parent_id = $1`,
      [id],
    );
    expect(child.rows).toEqual([{ id: expect.any(Number), status: 'sending' }]);
    await run(child.rows[0]!.id, 0);
    expect(await state(child.rows[0]!.id)).toMatchObject({ status: 'sent', sent: 3 });
    expect((await state(id)).status).toBe('scheduled');
  });

  it('refuses what the checklist blocks, naming each item', async () => {
    const unverified = await seedSender(env, a.companyId, { verified: false });
    const id = await seedMessage(env, a.companyId, unverified, { include_lists: [], html: '' });
    const res = await a.call('POST', `/channels/email/messages/${id}/send`);
    expect(res.status).toBe(422);
    expect(Object.keys(res.body.errors).sort()).toEqual(['content', 'recipients', 'senderVerified']);
  });
});

describe('tenancy and bad input', () => {
  it("answers 404 for another company's campaign on every operation, and 400 for a bad id", async () => {
    const b = await signIn(env, 'Beta');
    const list = await seedList(env, a.companyId, `t${uniq()}`, 1);
    const id = await seedMessage(env, a.companyId, senderId, { include_lists: [list] });
    for (const op of ['send', 'pause', 'resume', 'cancel', 'retry-failed'])
      expect((await b.call('POST', `/channels/email/messages/${id}/${op}`)).status, op).toBe(404);
    expect((await b.call('GET', `/channels/email/messages/${id}/send-state`)).status).toBe(404);
    expect((await a.call('POST', `/channels/sms/messages/${id}/send`)).status).toBe(404);
    // A channel that does not exist is no resource either.
    expect((await a.call('POST', `/channels/fax/messages/${id}/send`)).status).toBe(404);
    expect([400, 422]).toContain((await a.call('POST', `/channels/email/messages/abc/send`)).status);
    expect(await state(id)).toMatchObject({ status: 'draft' });
    expect(TASKS.sendMessageBatch).toBe('send_message_batch');
  });
});
