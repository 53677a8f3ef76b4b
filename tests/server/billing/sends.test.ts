import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SmtpPools } from '../../../server/channels/email/adapter.ts';
import { debit } from '../../../server/services/billing/ledger.ts';
import { grantCredits } from '../../../server/services/billing/operator.ts';
import { chargeBatch } from '../../../server/services/billing/sends.ts';
import { runBatch } from '../../../server/services/messaging/batch.ts';
import { forJob } from '../../../server/services/scope.ts';
import { BILLING_TEXTS } from '../../../shared/billing.ts';
import { createTestEnv, type TestEnv } from '../helpers.ts';
import { signIn, type Caller } from '../contacts/fixtures.ts';
import { seedList, seedMessage, seedSender, startSmtp } from '../messaging/sendingFixtures.ts';

// Credits move with every send (issue 21 §4): a campaign pays for its recipients before they go to SMTP, at the
// channel's price; a send the balance cannot pay for is refused before anything is queued; a balance drained mid-send
// pauses the campaign until a grant resumes it; what was paid for and not sent is refunded; a balance always equals the
// sum of its ledger and never goes below zero, however many batches charge it at once.
let env: TestEnv;
let pools: SmtpPools;
let smtp: Awaited<ReturnType<typeof startSmtp>>;
beforeAll(async () => {
  smtp = await startSmtp((address) => (address.startsWith('hard') ? { code: 550, text: 'No such user' } : null));
  env = await createTestEnv({ smtpUrl: smtp.url, billingStartingCredits: 0 });
  pools = new SmtpPools(4);
});
afterAll(async () => {
  pools.close();
  await smtp.close();
  await env.close();
});

const uniq = () => Math.random().toString(36).slice(2, 7);
const deps = { transport: (url: string) => pools.get(url), window: 3 };

interface Company {
  caller: Caller;
  senderId: number;
}

async function company(credits: number, price = 1): Promise<Company> {
  const caller = await signIn(env, `Payers ${uniq()}`);
  const senderId = await seedSender(env, caller.companyId);
  if (credits > 0) await grantCredits(env.ctx.tenants.bind(caller.companyId), { channel: 'email', amount: credits });
  await env.pool.query(
    `update credit_balances set price_per_message = $2 where company_id = $1 and channel = 'email'`,
    [caller.companyId, price],
  );
  return { caller, senderId };
}

async function campaign(c: Company, recipients: number, prefix = `p${uniq()}`): Promise<number> {
  const list = await seedList(env, c.caller.companyId, prefix, recipients);
  return seedMessage(env, c.caller.companyId, c.senderId, { include_lists: [list] });
}

const send = (c: Company, id: number) => c.caller.call('POST', `/channels/email/messages/${id}/send`);
const run = (c: Company, id: number, batch = 0) => runBatch(forJob(env.ctx, c.caller.companyId), deps, id, batch);
const state = async (c: Company, id: number) =>
  (await c.caller.call('GET', `/channels/email/messages/${id}/send-state`)).body as Record<string, unknown>;

async function books(c: Company) {
  const { rows } = await env.pool.query<{ balance: number; ledger: number; negative: boolean }>(
    `select b.balance::int as balance,
            (select coalesce(sum(amount), 0)::int from credit_ledger l
              where l.company_id = b.company_id and l.channel = b.channel) as ledger,
            exists (select 1 from credit_ledger l where l.company_id = b.company_id and l.balance_after < 0) as negative
       from credit_balances b where b.company_id = $1 and b.channel = 'email'`,
    [c.caller.companyId],
  );
  return rows[0]!;
}

const queued = async (id: number) =>
  (
    await env.pool.query<{ key: string }>(
      `select key from graphile_worker._private_jobs where key like $1 and locked_at is null order by key`,
      [`message-batch:${id}:%`],
    )
  ).rows.map((r) => r.key);

describe('campaign sends and credits', () => {
  it('debits each recipient at the channel price before sending, and the balance equals the ledger', async () => {
    const c = await company(20, 2);
    const id = await campaign(c, 7);
    expect((await send(c, id)).status).toBe(200);
    await run(c, id);
    expect(await state(c, id)).toMatchObject({ status: 'sent', sent: 7 });
    expect(await books(c)).toEqual({ balance: 6, ledger: 6, negative: false });
    const { rows } = await env.pool.query(
      `select amount::int, quantity, reason from credit_ledger where company_id = $1 and message_id = $2`,
      [c.caller.companyId, id],
    );
    expect(rows).toEqual([{ amount: -14, quantity: 7, reason: 'send' }]);
  });

  it('refuses a send the balance cannot pay for, with nothing frozen or queued', async () => {
    const c = await company(10, 2);
    const id = await campaign(c, 6);
    const res = await send(c, id);
    expect(res.status).toBe(402);
    expect(res.body).toMatchObject({ code: 'insufficient_credits', message: BILLING_TEXTS.insufficientCredits });
    expect(await state(c, id)).toMatchObject({ status: 'draft', recipientsTotal: 0 });
    expect(await queued(id)).toEqual([]);
    expect(await books(c)).toEqual({ balance: 10, ledger: 10, negative: false });
  });

  it('pauses when the balance runs out mid-send, and a grant resumes it; nobody is charged twice', async () => {
    const c = await company(10);
    const id = await campaign(c, 8);
    expect((await send(c, id)).status).toBe(200);
    // Another send drains the balance after this one started.
    await debit(env.ctx.tenants.bind(c.caller.companyId), c.caller.companyId, {
      channel: 'email',
      kind: 'send',
      quantity: 5,
    });
    const first = await run(c, id);
    expect(first).toMatchObject({ sent: 5, unpaid: 3 });
    expect(await state(c, id)).toMatchObject({ status: 'paused', pendingReason: 'credits_exhausted', pending: 3 });
    // Run again while paused (a retried job): nothing more goes out, nothing more is charged.
    expect(await run(c, id)).toMatchObject({ sent: 0 });
    expect((await c.caller.call('POST', `/channels/email/messages/${id}/resume`)).status).toBe(402);

    await grantCredits(env.ctx.tenants.bind(c.caller.companyId), { channel: 'email', amount: 3 });
    expect(await state(c, id)).toMatchObject({ status: 'sending', pendingReason: null });
    expect(await queued(id)).toEqual([`message-batch:${id}:0`]);
    await run(c, id);
    expect(await state(c, id)).toMatchObject({ status: 'sent', sent: 8, pending: 0 });
    expect(await books(c)).toEqual({ balance: 0, ledger: 0, negative: false });
    const { rows } = await env.pool.query<{ n: number }>(
      `select coalesce(-sum(amount), 0)::int as n from credit_ledger where company_id = $1 and message_id = $2`,
      [c.caller.companyId, id],
    );
    expect(rows[0]!.n).toBe(8);
  });

  it('a scheduled campaign without enough credits at its time waits paused for credits', async () => {
    const c = await company(2);
    const id = await campaign(c, 4);
    await env.pool.query(`update messages set status = 'scheduled' where company_id = $1 and id = $2`, [
      c.caller.companyId,
      id,
    ]);
    const { startScheduled } = await import('../../../server/services/messaging/engine.ts');
    await startScheduled(forJob(env.ctx, c.caller.companyId), id);
    expect(await state(c, id)).toMatchObject({ status: 'paused', pendingReason: 'credits_exhausted', pending: 4 });
    await grantCredits(env.ctx.tenants.bind(c.caller.companyId), { channel: 'email', amount: 2 });
    await run(c, id);
    expect(await state(c, id)).toMatchObject({ status: 'sent', sent: 4 });
    expect(await books(c)).toEqual({ balance: 0, ledger: 0, negative: false });
  });

  it('refunds recipients refused for good, and those still waiting when the campaign is cancelled', async () => {
    const c = await company(20);
    const p = `r${uniq()}`;
    const list = await seedList(env, c.caller.companyId, p, 3);
    await env.pool.query(
      `with c as (insert into contacts (company_id, email) values ($1, $3), ($1, $4) returning id)
       insert into list_members (company_id, list_id, contact_id) select $1, $2, id from c`,
      [c.caller.companyId, list, `hard1-${p}@example.com`, `hard2-${p}@example.com`],
    );
    const id = await seedMessage(env, c.caller.companyId, c.senderId, { include_lists: [list] });
    expect((await send(c, id)).status).toBe(200);
    await run(c, id);
    expect(await state(c, id)).toMatchObject({ status: 'sent', sent: 3, notDelivered: 2 });
    expect(await books(c)).toEqual({ balance: 17, ledger: 17, negative: false });

    const other = await campaign(c, 6);
    expect((await send(c, other)).status).toBe(200);
    await env.ctx.tenants
      .bind(c.caller.companyId)
      .transaction((tx) => chargeBatch(tx, c.caller.companyId, { id: other, channel: 'email' }, 0, 6));
    expect(await books(c)).toEqual({ balance: 11, ledger: 11, negative: false });
    expect((await c.caller.call('POST', `/channels/email/messages/${other}/cancel`)).status).toBe(200);
    expect(await books(c)).toEqual({ balance: 17, ledger: 17, negative: false });
    const { rows } = await env.pool.query(
      `select amount::int, reason from credit_ledger where company_id = $1 and reason = 'refund' order by id`,
      [c.caller.companyId],
    );
    expect(rows).toEqual([
      { amount: 2, reason: 'refund' },
      { amount: 6, reason: 'refund' },
    ]);
  });

  it('100 batches charging one balance at once: it never goes below zero and equals the sum of its ledger', async () => {
    const c = await company(250);
    const ids: number[] = [];
    for (let i = 0; i < 20; i++) ids.push(await campaign(c, 15));
    for (const id of ids) expect((await send(c, id)).status).toBe(200);
    // Five charges per campaign's batch race each other and the other campaigns' (100 in all).
    const db = env.ctx.tenants.bind(c.caller.companyId);
    const charges = await Promise.all(
      ids.flatMap((id) =>
        Array.from({ length: 5 }, () =>
          db.transaction((tx) => chargeBatch(tx, c.caller.companyId, { id, channel: 'email' }, 0, 15)),
        ),
      ),
    );
    expect(charges).toHaveLength(100);
    const { rows } = await env.pool.query<{ n: number }>(
      `select count(*)::int as n from message_recipients where company_id = $1 and charged`,
      [c.caller.companyId],
    );
    expect(rows[0]!.n).toBe(250);
    expect(await books(c)).toEqual({ balance: 0, ledger: 0, negative: false });
  });
});

describe('test sends and credits', () => {
  it('debits one test send per address, and refuses with 402 when the balance cannot pay', async () => {
    const c = await company(3);
    const id = await campaign(c, 1);
    const body = { messageId: id, addresses: ['qa1@example.com', 'qa2@example.com'] };
    expect((await c.caller.call('POST', '/channels/email/test-sends', body)).status).toBe(200);
    expect(await books(c)).toEqual({ balance: 1, ledger: 1, negative: false });
    const refused = await c.caller.call('POST', '/channels/email/test-sends', body);
    expect(refused.status).toBe(402);
    expect(refused.body).toMatchObject({ code: 'insufficient_credits' });
    expect(await books(c)).toEqual({ balance: 1, ledger: 1, negative: false });
  });
});
