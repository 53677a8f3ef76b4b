import type { ChildProcess } from 'node:child_process';
import { Webhook } from 'standardwebhooks';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEFAULT_DELIVERY_LIMITS } from '../../../server/services/integrations/deliveryTypes.ts';
import { emitWebhookEvents } from '../../../server/services/integrations/outbox.ts';
import { forJob } from '../../../server/services/scope.ts';
import { signIn, type Caller } from '../contacts/fixtures.ts';
import { createTestEnv, type TestEnv } from '../helpers.ts';
import { startWorkerProcess } from '../workerProcess.ts';
import { createEndpoint, startReceiver } from './support.ts';

// Issue 20, target 2 at test size: the real worker process (ROLE=worker, as `npm start` runs it) fanning 2,000 events
// out to 2 loopback receivers is SIGKILLed mid-run and started again. Every (endpoint, event) must be heard, and a
// webhook-id heard twice must be one whose attempt was in flight at the kill (claimed, its outcome never recorded).
// The restarted worker must send those again at once, not a delivery lease later.
const EVENTS = 2_000;
const PER_TRANSACTION = 500;

let env: TestEnv;
let a: Caller;
const receivers: Awaited<ReturnType<typeof startReceiver>>[] = [];
const started: ChildProcess[] = [];
const saved = { http: process.env.WEBHOOK_ALLOW_HTTP, priv: process.env.WEBHOOK_ALLOW_PRIVATE };

beforeAll(async () => {
  env = await createTestEnv();
  a = await signIn(env, 'Alpha');
  for (let i = 0; i < 2; i++) receivers.push(await startReceiver((_h, res) => ((res.statusCode = 204), res.end())));
  // The worker process reads its config from the environment: loopback receivers need plain http to private addresses.
  process.env.WEBHOOK_ALLOW_HTTP = 'true';
  process.env.WEBHOOK_ALLOW_PRIVATE = 'true';
});
afterAll(async () => {
  for (const child of started) if (child.exitCode === null && child.signalCode === null) child.kill('SIGKILL');
  process.env.WEBHOOK_ALLOW_HTTP = saved.http;
  process.env.WEBHOOK_ALLOW_PRIVATE = saved.priv;
  if (saved.http === undefined) delete process.env.WEBHOOK_ALLOW_HTTP;
  if (saved.priv === undefined) delete process.env.WEBHOOK_ALLOW_PRIVATE;
  for (const receiver of receivers) await receiver.close();
  await env.close();
});

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

/** Every webhook-id each receiver heard, with how many times. */
const heardIds = () =>
  receivers.map((r) => {
    const counts = new Map<string, number>();
    for (const h of r.heard) {
      const id = String(h.headers['webhook-id']);
      counts.set(id, (counts.get(id) ?? 0) + 1);
    }
    return counts;
  });
const heardCount = () => receivers.reduce((n, r) => n + r.heard.length, 0);

describe('a webhook worker killed mid-fan-out', () => {
  it('delivers every event to every endpoint; only the deliveries in flight at the kill arrive twice', async () => {
    const endpoints = [];
    for (const r of receivers) endpoints.push(await createEndpoint(env.ctx, a.companyId, r.url, ['contact.updated']));
    // Written as a bulk change writes them: the events, their deliveries and the drains in the change's transaction.
    const scope = forJob(env.ctx, a.companyId);
    for (let i = 0; i < EVENTS; i += PER_TRANSACTION) {
      const payloads = Array.from({ length: PER_TRANSACTION }, (_, k) => ({ id: i + k, fields: ['first_name'] }));
      await scope.db.transaction((db) => emitWebhookEvents(db, a.companyId, 'contact.updated', payloads));
    }
    const total = EVENTS * endpoints.length;

    const first = startWorkerProcess(env, '', started);
    for (let i = 0; i < 6000 && heardCount() < total / 3; i++) await sleep(10);
    expect(heardCount(), first.output()).toBeGreaterThanOrEqual(total / 3);
    first.child.kill('SIGKILL');
    await first.exited;
    const atKill = heardCount();
    // Claimed and not recorded: the attempts the kill cut off, whether or not their receiver heard them.
    const { rows: inFlight } = await env.pool.query<{ endpoint_id: number; event_uid: string }>(
      `select d.endpoint_id::int, e.event_uid from webhook_deliveries d
         join webhook_events e on e.company_id = d.company_id and e.id = d.event_id
        where d.company_id = $1 and d.status = 'pending' and d.attempts > 0
          and not exists (select 1 from webhook_attempts a
                           where a.company_id = d.company_id and a.delivery_id = d.id and a.attempt = d.attempts)`,
      [a.companyId],
    );
    expect(atKill, 'the kill fell mid-run').toBeLessThan(total);

    const restartedAt = Date.now();
    const second = startWorkerProcess(env, '', started);
    const pending = async () =>
      (
        await env.pool.query<{ n: number }>(
          `select count(*)::int as n from webhook_deliveries where company_id = $1 and status <> 'succeeded'`,
          [a.companyId],
        )
      ).rows[0]!.n;
    // Up to 65 s (a loaded host starts the worker slowly): still short of the 75 s lease a resend would wait without
    // the endpoint lock's release of cut-off claims, so this fails if they wait for their lease.
    for (let i = 0; i < 650 && (await pending()) > 0; i++) await sleep(100);
    const recoveryMs = Date.now() - restartedAt;
    expect(await pending(), second.output()).toBe(0);
    second.child.kill('SIGKILL');
    await second.exited;

    const { rows: events } = await env.pool.query<{ event_uid: string }>(
      'select event_uid from webhook_events where company_id = $1',
      [a.companyId],
    );
    expect(events).toHaveLength(EVENTS);
    const heard = heardIds();
    const cutOff = new Set(inFlight.map((d) => `${d.endpoint_id}:${d.event_uid}`));
    let duplicates = 0;
    endpoints.forEach((endpoint, i) => {
      // The receiver's log shows no event missing, and nothing it did not ask for.
      expect(new Set(heard[i]!.keys())).toEqual(new Set(events.map((e) => e.event_uid)));
      for (const [uid, times] of heard[i]!) {
        if (times === 1) continue;
        duplicates += times - 1;
        expect(cutOff.has(`${endpoint.id}:${uid}`), `${uid} arrived ${times} times at endpoint ${i}`).toBe(true);
        expect(times).toBe(2);
      }
    });
    // Signed by Standard Webhooks: the reference package verifies every request the first receiver heard.
    const verifier = new Webhook(endpoints[0]!.secret);
    const timestamps = receivers[0]!.heard.map((h) => {
      const verified = verifier.verify(h.body, h.headers as Record<string, string>) as { data: { id: number } };
      expect(verified.data.id).toBeGreaterThanOrEqual(0);
      return Number(h.headers['webhook-timestamp']);
    });
    expect(timestamps).toHaveLength(receivers[0]!.heard.length);
    // The cut-off attempts went out again as soon as the worker was back: well within a delivery's lease.
    expect(recoveryMs).toBeLessThan(DEFAULT_DELIVERY_LIMITS.timeoutMs + 60_000);
    console.log(
      `webhook crash: killed at ${atKill} of ${total} heard, ${inFlight.length} in flight; ` +
        `${duplicates} duplicates; the rest delivered ${recoveryMs} ms after the restart`,
    );
  }, 120_000);
});
