import type { ChildProcess } from 'node:child_process';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SEND_POOL_CONNECTIONS } from '../../../server/channels/email/adapter.ts';
import { createTestEnv, type TestEnv } from '../helpers.ts';
import { startWorkerProcess } from '../workerProcess.ts';
import { signIn, type Caller } from '../contacts/fixtures.ts';
import { seedList, seedMessage, seedSender, startSmtp } from './sendingFixtures.ts';

// The real server process (ROLE=worker, as `npm start` runs it) SIGKILLed mid-send and started again, sending to a
// loopback smtp-server that records every Message-ID: no recipient is lost, and the only duplicates are messages that
// were in flight at the kill (at most the pool's connections), each carrying the same Message-ID as its first copy.
let env: TestEnv;
let smtp: Awaited<ReturnType<typeof startSmtp>>;
let a: Caller;
const started: ChildProcess[] = [];
beforeAll(async () => {
  smtp = await startSmtp();
  env = await createTestEnv({ smtpUrl: smtp.url });
  a = await signIn(env, 'Alpha');
});
afterAll(async () => {
  for (const child of started) if (child.exitCode === null && child.signalCode === null) child.kill('SIGKILL');
  await smtp.close();
  await env.close();
});

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

const startWorker = () => startWorkerProcess(env, smtp.url, started);

describe('a worker killed mid-send', () => {
  it('loses no recipient and duplicates only what was in flight, with the same Message-ID', async () => {
    const RECIPIENTS = 3000;
    const senderId = await seedSender(env, a.companyId);
    const list = await seedList(env, a.companyId, 'crash', RECIPIENTS);
    const id = await seedMessage(env, a.companyId, senderId, { include_lists: [list] });
    expect((await a.call('POST', `/channels/email/messages/${id}/send`)).body.recipientsTotal).toBe(RECIPIENTS);

    const first = startWorker();
    for (let i = 0; i < 3000 && smtp.received.length < RECIPIENTS / 4; i++) await sleep(10);
    expect(smtp.received.length, first.output()).toBeGreaterThanOrEqual(RECIPIENTS / 4);
    first.child.kill('SIGKILL');
    await first.exited;
    const receivedAtKill = smtp.received.length;
    expect(receivedAtKill).toBeLessThan(RECIPIENTS);
    const inFlight = (
      await env.pool.query<{ n: number }>(
        `select count(*)::int as n from message_recipients where message_id = $1 and in_flight_at is not null`,
        [id],
      )
    ).rows[0]!.n;
    expect(inFlight).toBeLessThanOrEqual(SEND_POOL_CONNECTIONS);

    const second = startWorker();
    let status = 'sending';
    for (let i = 0; i < 1200 && status === 'sending'; i++) {
      await sleep(100);
      status = (await a.call('GET', `/channels/email/messages/${id}/send-state`)).body.status;
    }
    const final = (await a.call('GET', `/channels/email/messages/${id}/send-state`)).body;
    expect(final, second.output()).toMatchObject({ status: 'sent', sent: RECIPIENTS, pending: 0, deferred: 0 });

    const byAddress = new Map<string, Set<string>>();
    let copies = 0;
    for (const m of smtp.received.filter((r) => r.to[0]!.startsWith('crash'))) {
      copies++;
      const ids = byAddress.get(m.to[0]!) ?? new Set<string>();
      ids.add(m.messageId);
      byAddress.set(m.to[0]!, ids);
    }
    const lost = RECIPIENTS - byAddress.size;
    const duplicates = copies - byAddress.size;
    console.log(
      `crash: received ${receivedAtKill} before the kill, ${inFlight} in flight, lost ${lost}, duplicates ${duplicates}`,
    );
    expect(lost).toBe(0);
    expect(duplicates).toBeLessThanOrEqual(inFlight);
    for (const ids of byAddress.values()) expect(ids.size).toBe(1);
    const ledger = await env.pool.query<{ total: number }>(
      `select -sum(amount)::int as total from credit_ledger where message_id = $1 and reason = 'send'`,
      [id],
    );
    expect(ledger.rows[0]!.total).toBe(RECIPIENTS);
    second.child.kill('SIGTERM');
    await second.exited;
  }, 180_000);
});
