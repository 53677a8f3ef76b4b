import { BILLING_CHANNELS, type CreditKind, type DebitKind } from '../../../shared/billing.ts';
import type { Channel } from '../../../shared/messaging.ts';
import type { Queryable } from '../../db/tenant.ts';

/**
 * The credit ledger's writers (issue 21 §4). Each one inserts the ledger entry and moves the channel's balance in ONE
 * statement, so a balance always equals the sum of its ledger; a debit is a conditional update (`balance >= cost`)
 * that PostgreSQL re-checks on the locked row, so concurrent debits queue on the balance row and none can take it
 * below zero (the table's check refuses that too). Callers pass a bound tenant database or a client inside one of its
 * transactions, so a debit commits or rolls back with the change it pays for.
 */

export interface ChannelBalance {
  channel: Channel;
  balance: number;
  pricePerMessage: number;
  lowBalanceThreshold: number;
}

/** Creates the company's balance rows (zero credits, one credit a message) for the channels that have none. */
export async function ensureBalances(db: Queryable, companyId: string): Promise<void> {
  await db.query(
    `insert into credit_balances (company_id, channel) select $1, c from unnest($2::text[]) c
     on conflict do nothing`,
    [companyId, BILLING_CHANNELS],
  );
}

/** Every channel's balance, price and threshold, in the order of shared/messaging.ts. */
export async function balances(db: Queryable, companyId: string): Promise<ChannelBalance[]> {
  await ensureBalances(db, companyId);
  const { rows } = await db.query<{ channel: Channel; balance: string; price: number; threshold: string }>(
    `select channel, balance, price_per_message as price, low_balance_threshold as threshold
       from credit_balances where company_id = $1 order by array_position($2::text[], channel)`,
    [companyId, BILLING_CHANNELS],
  );
  return rows.map((r) => ({
    channel: r.channel,
    balance: Number(r.balance),
    pricePerMessage: r.price,
    lowBalanceThreshold: Number(r.threshold),
  }));
}

export interface Debit {
  channel: Channel;
  kind: DebitKind;
  /** Messages paid for; the cost is this times the channel's price. */
  quantity: number;
  messageId?: number | null;
  actorId?: string | null;
  detail?: Record<string, unknown>;
}

export interface DebitResult {
  /** False when the balance could not cover the cost: nothing was written. */
  ok: boolean;
  cost: number;
  balanceAfter: number;
  /** The debit took the balance from at or above the low-balance threshold to below it. */
  crossedThreshold: boolean;
}

/**
 * Debits `quantity` messages at the channel's price, or writes nothing when the balance is short (`ok: false`).
 * A free channel (price 0) writes no entry.
 */
export async function debit(db: Queryable, companyId: string, d: Debit): Promise<DebitResult> {
  await ensureBalances(db, companyId);
  const { rows } = await db.query<{ cost: string; balance_after: string; charged: boolean; threshold: string }>(
    `with price as (
       select price_per_message::bigint * $3 as cost, balance, low_balance_threshold
         from credit_balances where company_id = $1 and channel = $2),
     moved as (
       update credit_balances b set balance = b.balance - p.cost, updated_at = now()
         from price p
        where b.company_id = $1 and b.channel = $2 and p.cost > 0 and b.balance >= p.cost
       returning b.balance),
     entry as (
       insert into credit_ledger (company_id, channel, amount, reason, message_id, quantity, detail, created_by,
                                  balance_after)
       select $1, $2, -p.cost, $4, $5, $3, $6, $7, m.balance from moved m, price p
       returning balance_after)
     select p.cost, coalesce((select balance_after from entry), p.balance) as balance_after,
            (select balance_after from entry) is not null as charged, p.low_balance_threshold as threshold
       from price p`,
    [companyId, d.channel, d.quantity, d.kind, d.messageId ?? null, d.detail ?? {}, d.actorId ?? null],
  );
  const row = rows[0]!;
  const cost = Number(row.cost);
  const charged = row.charged;
  const balanceAfter = Number(row.balance_after);
  const threshold = Number(row.threshold);
  return {
    ok: cost === 0 || charged,
    cost,
    balanceAfter,
    crossedThreshold: charged && balanceAfter < threshold && balanceAfter + cost >= threshold,
  };
}

export interface Credit {
  channel: Channel;
  kind: CreditKind;
  amount: number;
  actorId?: string | null;
  reason?: string | null;
}

/** Adds credits (a top-up, a grant, a refund) with who and why; answers the balance after. */
export async function credit(db: Queryable, companyId: string, c: Credit): Promise<number> {
  if (!Number.isSafeInteger(c.amount) || c.amount <= 0) throw new Error('a credit is a positive whole number');
  await ensureBalances(db, companyId);
  const { rows } = await db.query<{ balance_after: string }>(
    `with moved as (
       update credit_balances set balance = balance + $3, updated_at = now()
        where company_id = $1 and channel = $2 returning balance)
     insert into credit_ledger (company_id, channel, amount, reason, detail, created_by, balance_after)
     select $1, $2, $3, $4, jsonb_build_object('reason', $5::text), $6, balance from moved
     returning balance_after`,
    [companyId, c.channel, c.amount, c.kind, c.reason ?? null, c.actorId ?? null],
  );
  return Number(rows[0]!.balance_after);
}
