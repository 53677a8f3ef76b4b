import type { Channel } from '../../../shared/messaging.ts';
import type { components } from '../../../shared/contract/schema.d.ts';
import type { Queryable } from '../../db/tenant.ts';
import { balances, ensureBalances, type ChannelBalance } from './ledger.ts';
import { planOf, usageOf } from './limits.ts';

type BillingOverview = components['schemas']['BillingOverview'];
type CreditLedgerEntry = components['schemas']['CreditLedgerEntry'];

/**
 * What the billing page and the operator read: the plan, its usage and each channel's balance. With BILLING=off
 * (`enabled` false) there are no balances nor limits, and the page says so.
 */
export async function billingOverview(db: Queryable, companyId: string, enabled: boolean): Promise<BillingOverview> {
  const [plan, usage, channels] = await Promise.all([
    planOf(db, companyId),
    usageOf(db, companyId),
    enabled ? balances(db, companyId) : Promise.resolve([]),
  ]);
  return { enabled, plan, usage, channels };
}

/** One page of the ledger, newest first, optionally of one channel. */
export async function ledgerPage(
  db: Queryable,
  companyId: string,
  page: number,
  perPage: number,
  channel?: Channel,
): Promise<{ rows: CreditLedgerEntry[]; total: number }> {
  const [list, count] = await Promise.all([
    db.query<CreditLedgerEntry>(
      `select id::int, channel, reason as kind, amount::int, balance_after::int as "balanceAfter",
              message_id::int as "messageId", quantity, detail ->> 'reason' as reason,
              to_json(created_at) #>> '{}' as "createdAt"
         from credit_ledger where company_id = $1 and ($2::text is null or channel = $2)
        order by created_at desc, id desc limit $3 offset $4`,
      [companyId, channel ?? null, perPage, (page - 1) * perPage],
    ),
    db.query<{ total: number }>(
      `select count(*)::int as total from credit_ledger where company_id = $1 and ($2::text is null or channel = $2)`,
      [companyId, channel ?? null],
    ),
  ]);
  return { rows: list.rows, total: count.rows[0]!.total };
}

/** Sets a channel's low-balance threshold (the owner's `billing:manage`); answers the channel's balance. */
export async function setThreshold(
  db: Queryable,
  companyId: string,
  channel: Channel,
  threshold: number,
): Promise<ChannelBalance> {
  await ensureBalances(db, companyId);
  await db.query(
    `update credit_balances set low_balance_threshold = $3, updated_at = now() where company_id = $1 and channel = $2`,
    [companyId, channel, threshold],
  );
  return (await balances(db, companyId)).find((b) => b.channel === channel)!;
}

/** The cost of sending to `recipients` on a channel and whether its balance covers it (always with BILLING=off). */
export async function estimateCost(
  db: Queryable,
  companyId: string,
  channel: Channel,
  recipients: number,
  enabled: boolean,
): Promise<{ enabled: boolean; cost: number; balance: number; enough: boolean }> {
  if (!enabled) return { enabled, cost: 0, balance: 0, enough: true };
  const b = (await balances(db, companyId)).find((x) => x.channel === channel)!;
  const cost = b.pricePerMessage * recipients;
  return { enabled, cost, balance: b.balance, enough: b.balance >= cost };
}
