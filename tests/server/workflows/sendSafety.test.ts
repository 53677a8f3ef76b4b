import { afterAll, beforeAll, expect, it } from 'vitest';
import { SmtpPools } from '../../../server/channels/email/adapter.ts';
import { runBatch, type BatchResult } from '../../../server/services/messaging/batch.ts';
import { forJob } from '../../../server/services/scope.ts';
import { createTestEnv, type TestEnv } from '../helpers.ts';
import { signIn, type Caller } from '../contacts/fixtures.ts';
import { seedList, seedMessage, seedSender, startSmtp, type Received } from '../messaging/sendingFixtures.ts';

// Two runs of the same batch job at once (a job queued under the batch's key while its run goes on starts beside it;
// a worker stalled past its job lock): the second must not take the first's in-flight window for a crash's leftovers.
// Both run against a real SMTP server on loopback, which holds its answer until the second run is under way.
let env: TestEnv;
let a: Caller;
let pools: SmtpPools;
let senderId: number;
let onMessage: (m: Received) => unknown = () => undefined;
let smtp: Awaited<ReturnType<typeof startSmtp>>;

beforeAll(async () => {
  smtp = await startSmtp(
    () => null,
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
const run = (id: number) => runBatch(forJob(env.ctx, a.companyId), deps, id, 0);

it('two runs of one batch at once: every recipient gets one email, and the busy run looks again later', async () => {
  const list = await seedList(env, a.companyId, 'overlap', 12);
  const id = await seedMessage(env, a.companyId, senderId, { include_lists: [list] });
  expect((await a.call('POST', `/channels/email/messages/${id}/send`)).status).toBe(200);

  // The first run's first window waits at the SMTP server until the second run has returned.
  let second: Promise<BatchResult> | undefined;
  let secondDone: BatchResult | undefined;
  onMessage = async () => {
    if (second) return; // the second run's own emails (were it to send any) answer at once
    second = run(id);
    secondDone = await second;
  };
  const first = await run(id);
  onMessage = () => undefined;
  expect(secondDone).toBeDefined();

  const perAddress = new Map<string, number>();
  for (const m of smtp.received) for (const to of m.to) perAddress.set(to, (perAddress.get(to) ?? 0) + 1);
  expect(perAddress.size).toBe(12);
  expect([...perAddress].filter(([, n]) => n > 1)).toEqual([]);
  expect(first.sent).toBe(12);
  // The second run found the batch taken: it sent nothing and queued the batch's job to look again.
  expect(secondDone).toMatchObject({ sent: 0, nextRunAt: expect.any(Date) });
  const queued = await env.pool.query(
    `select run_at from graphile_worker._private_jobs where key = $1 and run_at > now()`,
    [`message-batch:${id}:0`],
  );
  expect(queued.rowCount).toBe(1);

  // The run queued later finds nothing left and sends nothing more.
  expect(await run(id)).toMatchObject({ sent: 0 });
  expect(smtp.received).toHaveLength(12);
});

it('a run after a killed one takes the batch at once: the lock goes with the dead run’s connection', async () => {
  const list = await seedList(env, a.companyId, 'killed', 3);
  const id = await seedMessage(env, a.companyId, senderId, { include_lists: [list] });
  expect((await a.call('POST', `/channels/email/messages/${id}/send`)).status).toBe(200);
  // A connection of a run that died mid-batch held the lock; its session ends (the worker process is gone).
  const client = await env.pool.connect();
  await client.query('begin');
  const key = `${a.companyId}:${id}:0`;
  await client.query(`select pg_advisory_xact_lock(${0x4d53_0001}, hashtext($1::text))`, [key]);
  expect(await run(id)).toMatchObject({ sent: 0, nextRunAt: expect.any(Date) });
  client.release(true);
  await new Promise((r) => setTimeout(r, 200));
  const before = smtp.received.length;
  expect(await run(id)).toMatchObject({ sent: 3 });
  expect(smtp.received.length - before).toBe(3);
});
