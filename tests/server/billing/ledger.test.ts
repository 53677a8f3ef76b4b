import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { BILLING_TEXTS } from '../../../shared/billing.ts';
import { balances, credit, debit } from '../../../server/services/billing/ledger.ts';
import { assertWithinLimit, LimitReached, usageOf } from '../../../server/services/billing/limits.ts';
import { grantCredits, OperatorInputError, setPlan } from '../../../server/services/billing/operator.ts';
import { createTestEnv, createUser, type TestEnv, type TestUser } from '../helpers.ts';

let env: TestEnv;
let acme: TestUser;
let other: TestUser;

beforeAll(async () => {
  env = await createTestEnv({ billingStartingCredits: 0 });
  acme = await createUser(env, 'Acme');
  other = await createUser(env, 'Other');
});
afterAll(() => env.close());

const tenant = (user: TestUser) => env.ctx.tenants.bind(user.companyId);

/** The balance row and the sum of its ledger (entries written through the billing service). */
async function balanceAndLedger(companyId: string, channel: string) {
  const { rows } = await env.pool.query<{ balance: string; sum: string; min_after: string | null }>(
    `select b.balance, coalesce((select sum(amount) from credit_ledger l
                                  where l.company_id = b.company_id and l.channel = b.channel), 0) as sum,
            (select min(balance_after) from credit_ledger l
              where l.company_id = b.company_id and l.channel = b.channel) as min_after
       from credit_balances b where b.company_id = $1 and b.channel = $2`,
    [companyId, channel],
  );
  const row = rows[0]!;
  return { balance: Number(row.balance), sum: Number(row.sum), minAfter: row.min_after && Number(row.min_after) };
}

describe('credit ledger', () => {
  it('starts every channel at zero credits and one credit a message', async () => {
    const list = await balances(tenant(acme), acme.companyId);
    expect(list.map((b) => [b.channel, b.balance, b.pricePerMessage])).toEqual([
      ['email', 0, 1],
      ['whatsapp', 0, 1],
      ['sms', 0, 1],
    ]);
  });

  it('refuses a debit the balance cannot cover and writes nothing', async () => {
    const result = await debit(tenant(acme), acme.companyId, { channel: 'sms', kind: 'send', quantity: 5 });
    expect(result).toMatchObject({ ok: false, cost: 5, balanceAfter: 0 });
    const { rows } = await env.pool.query(`select 1 from credit_ledger where company_id = $1 and channel = 'sms'`, [
      acme.companyId,
    ]);
    expect(rows).toHaveLength(0);
  });

  it('100 concurrent debits on one balance: it never goes negative and equals the sum of its ledger', async () => {
    const db = tenant(acme);
    await credit(db, acme.companyId, { channel: 'email', kind: 'grant', amount: 250, reason: 'test' });
    await env.pool.query(
      `update credit_balances set price_per_message = 3 where company_id = $1 and channel = 'email'`,
      [acme.companyId],
    );
    // 100 debits of 3 credits against 250: 83 fit, 17 must be refused, whatever order they land in.
    const results = await Promise.all(
      Array.from({ length: 100 }, (_, i) =>
        db.transaction((client) =>
          debit(client, acme.companyId, { channel: 'email', kind: 'send', quantity: 1, messageId: i }),
        ),
      ),
    );
    expect(results.filter((r) => r.ok)).toHaveLength(83);
    expect(results.filter((r) => !r.ok)).toHaveLength(17);
    const state = await balanceAndLedger(acme.companyId, 'email');
    expect(state).toEqual({ balance: 1, sum: 1, minAfter: 1 });
  });

  it('says when a debit crosses the low-balance threshold, once', async () => {
    const db = tenant(other);
    await credit(db, other.companyId, { channel: 'email', kind: 'grant', amount: 10 });
    await env.pool.query(
      `update credit_balances set low_balance_threshold = 5 where company_id = $1 and channel = 'email'`,
      [other.companyId],
    );
    const first = await debit(db, other.companyId, { channel: 'email', kind: 'send', quantity: 4 });
    const second = await debit(db, other.companyId, { channel: 'email', kind: 'send', quantity: 2 });
    const third = await debit(db, other.companyId, { channel: 'email', kind: 'test_send', quantity: 1 });
    expect([first.crossedThreshold, second.crossedThreshold, third.crossedThreshold]).toEqual([false, true, false]);
    expect(third.balanceAfter).toBe(3);
  });

  it("keeps companies apart: one company's debits never touch another's balance", async () => {
    const acmeSms = await balanceAndLedger(acme.companyId, 'sms');
    await credit(tenant(other), other.companyId, { channel: 'sms', kind: 'grant', amount: 7 });
    expect(await balanceAndLedger(acme.companyId, 'sms')).toEqual(acmeSms);
    // Row-level security: a company's bound database sees none of another's ledger.
    const { rows } = await tenant(acme).query('select company_id from credit_ledger where company_id = $1', [
      other.companyId,
    ]);
    expect(rows).toHaveLength(0);
  });
});

describe('plan limits', () => {
  it('has no limit on the default plan, and refuses past a limit the operator set', async () => {
    const db = tenant(acme);
    await assertWithinLimit(db, acme.companyId, 'seats', 1000);
    await setPlan(db, { name: 'Starter', limits: { seats: 2, contacts: null } });
    const usage = await usageOf(db, acme.companyId);
    expect(usage.seats).toBe(1);
    await assertWithinLimit(db, acme.companyId, 'seats', 1);
    const refused = await assertWithinLimit(db, acme.companyId, 'seats', 2).catch((e: unknown) => e);
    expect(refused).toBeInstanceOf(LimitReached);
    expect(refused).toMatchObject({
      statusCode: 402,
      code: 'upgrade_required',
      message: BILLING_TEXTS.upgradeRequired,
    });
    // BILLING=off: no limits.
    await assertWithinLimit(db, acme.companyId, 'seats', 2, false);
    // Another company's plan is its own.
    await assertWithinLimit(tenant(other), other.companyId, 'seats', 2);
  });

  it('limits sends this month to the plan', async () => {
    const db = tenant(other);
    await setPlan(db, { name: 'Tiny', limits: { sends: 0 } });
    await expect(assertWithinLimit(db, other.companyId, 'sends', 1)).rejects.toBeInstanceOf(LimitReached);
    await assertWithinLimit(db, other.companyId, 'sends', 0);
  });
});

describe('operator changes', () => {
  it('a grant writes the ledger with its reason and the audit log', async () => {
    const balance = await grantCredits(tenant(other), { channel: 'whatsapp', amount: 40, reason: 'welcome' });
    expect(balance).toBe(40);
    const { rows } = await env.pool.query(
      `select event, details from audit_log where company_id = $1 and event in ('credits.granted', 'plan.changed')
        order by id`,
      [other.companyId],
    );
    expect(rows.map((r) => r.event)).toEqual(['plan.changed', 'credits.granted']);
    expect(rows[1].details).toMatchObject({ channel: 'whatsapp', amount: 40, reason: 'welcome', balance: 40 });
    const ledger = await env.pool.query(
      `select reason, amount, balance_after, detail from credit_ledger where company_id = $1 and channel = 'whatsapp'`,
      [other.companyId],
    );
    expect(ledger.rows).toEqual([{ reason: 'grant', amount: 40, balance_after: 40, detail: { reason: 'welcome' } }]);
  });

  it('refuses a bad channel, amount or limit with the field it concerns', async () => {
    for (const [input, field] of [
      [{ channel: 'fax', amount: 1 }, 'channel'],
      [{ channel: 'email', amount: 0 }, 'amount'],
      [{ channel: 'email', amount: 1.5 }, 'amount'],
      [{ channel: 'email', amount: Number.NaN }, 'amount'],
    ] as const) {
      const error = await grantCredits(tenant(other), input).catch((e: unknown) => e);
      expect(error).toBeInstanceOf(OperatorInputError);
      expect((error as OperatorInputError).field).toBe(field);
    }
    await expect(setPlan(tenant(other), { name: 'X', limits: { contacts: -1 } })).rejects.toMatchObject({
      field: 'contacts',
    });
    await expect(setPlan(tenant(other), { name: ' ', limits: {} })).rejects.toMatchObject({ field: 'name' });
  });
});
