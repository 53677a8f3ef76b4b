import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SmtpPools } from '../../../server/channels/email/adapter.ts';
import { runBatch } from '../../../server/services/messaging/batch.ts';
import { forJob } from '../../../server/services/scope.ts';
import { ENGINE_TEXTS } from '../../../shared/sending.ts';
import { createTestEnv, type TestEnv } from '../helpers.ts';
import { signIn, type Caller } from '../contacts/fixtures.ts';
import { seedList, seedMessage, seedSender, startSmtp, type Received } from './sendingFixtures.ts';

// A sender that loses its verification while its campaign is sending (its address changed): the campaign pauses
// within the running batch with a reason a person reads, sends nothing from the unconfirmed address, refuses to resume
// until the sender is verified again, and then sends the rest.
let env: TestEnv;
let a: Caller;
let pools: SmtpPools;
let smtp: Awaited<ReturnType<typeof startSmtp>>;
let onMessage: (m: Received) => unknown = () => undefined;
beforeAll(async () => {
  smtp = await startSmtp(undefined, (m) => onMessage(m));
  env = await createTestEnv({ smtpUrl: smtp.url });
  pools = new SmtpPools(2);
  a = await signIn(env, 'Alpha');
});
afterAll(async () => {
  pools?.close();
  await smtp?.close();
  await env?.close();
});

const run = (id: number) =>
  runBatch(forJob(env.ctx, a.companyId), { transport: (url) => pools.get(url), window: 2 }, id, 0);
const state = async (id: number) => (await a.call('GET', `/channels/email/messages/${id}/send-state`)).body;
const fromOf = (m: Received) => /^From:.*<([^>]+)>/im.exec(m.raw.toString('latin1'))?.[1];

describe('a sender unverified while its campaign sends', () => {
  it('pauses with sender_unverified, sends nothing from the new address, resumes once verified', async () => {
    const senderId = await seedSender(env, a.companyId);
    const oldAddress = (await a.call('GET', `/channels/email/senders/${senderId}`)).body.address as string;
    const list = await seedList(env, a.companyId, 'moved', 12);
    const id = await seedMessage(env, a.companyId, senderId, { include_lists: [list] });
    expect((await a.call('POST', `/channels/email/messages/${id}/send`)).status).toBe(200);
    const mine = () => smtp.received.filter((m) => m.to[0]!.startsWith('moved'));

    let seen = 0;
    onMessage = async () => {
      if (++seen !== 1) return;
      const moved = await a.call('PATCH', `/channels/email/senders/${senderId}`, { address: 'desk@shop.example' });
      expect(moved.body.status).toBe('pending');
    };
    await run(id);
    onMessage = () => undefined;
    const paused = await state(id);
    expect(paused).toMatchObject({ status: 'paused', pendingReason: 'sender_unverified' });
    // The window in flight at the change (2) went out from the old, verified address; nothing else did.
    expect(paused.sent).toBeLessThanOrEqual(2);
    expect(paused.pending).toBe(12 - paused.sent);
    expect(new Set(mine().map(fromOf))).toEqual(new Set([oldAddress]));

    const refused = await a.call('POST', `/channels/email/messages/${id}/resume`);
    expect(refused.status).toBe(409);
    expect(refused.body).toMatchObject({ code: 'sender_unverified', message: ENGINE_TEXTS.senderUnverified });
    expect((await state(id)).status).toBe('paused');

    await env.pool.query('update senders set verified_at = now() where id = $1', [senderId]);
    const resumed = await a.call('POST', `/channels/email/messages/${id}/resume`);
    expect(resumed.body).toMatchObject({ status: 'sending', pendingReason: null });
    await run(id);
    expect(await state(id)).toMatchObject({ status: 'sent', sent: 12, pending: 0, pendingReason: null });
    expect(mine()).toHaveLength(12);
    expect(
      mine()
        .slice(paused.sent)
        .every((m) => fromOf(m) === 'desk@shop.example'),
    ).toBe(true);
  });

  it('a batch that starts with an unverified sender pauses before sending anything', async () => {
    const senderId = await seedSender(env, a.companyId);
    const list = await seedList(env, a.companyId, 'lost', 3);
    const id = await seedMessage(env, a.companyId, senderId, { include_lists: [list] });
    expect((await a.call('POST', `/channels/email/messages/${id}/send`)).status).toBe(200);
    await env.pool.query('update senders set verified_at = null where id = $1', [senderId]);
    const result = await run(id);
    expect(result).toMatchObject({ sent: 0, pendingReason: 'sender_unverified' });
    expect(await state(id)).toMatchObject({ status: 'paused', pendingReason: 'sender_unverified', pending: 3 });
    expect(smtp.received.filter((m) => m.to[0]!.startsWith('lost'))).toHaveLength(0);
  });

  it('another sender’s address change leaves the campaign sending', async () => {
    const senderId = await seedSender(env, a.companyId);
    const other = await seedSender(env, a.companyId);
    const list = await seedList(env, a.companyId, 'kept', 2);
    const id = await seedMessage(env, a.companyId, senderId, { include_lists: [list] });
    await a.call('POST', `/channels/email/messages/${id}/send`);
    await a.call('PATCH', `/channels/email/senders/${other}`, { address: 'elsewhere@shop.example' });
    expect((await state(id)).status).toBe('sending');
    await run(id);
    expect(await state(id)).toMatchObject({ status: 'sent', sent: 2 });
  });
});
