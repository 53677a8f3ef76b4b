import { BILLING_TEXTS, PAUSE_REASON_CREDITS, fillText } from '../../../shared/billing.ts';
import type { Channel } from '../../../shared/messaging.ts';
import type { Queryable } from '../../db/tenant.ts';
import { HttpError } from '../../http/errors.ts';
import { credit, debit, ensureBalances, type DebitResult } from './ledger.ts';

/**
 * What a campaign's sends cost (issue 21 §4). The model is a reservation, as prepaid senders charge:
 *
 * - Before a batch hands anything to SMTP, `chargeBatch` debits the recipients it is about to send, as many as the
 *   balance covers, and marks exactly those rows `charged` in the same transaction as the debit. The batch's windows
 *   only take charged rows, so nothing is ever sent without a charge, and the balance row is locked while the
 *   reservation is made, so concurrent campaigns of one company can never take it below zero.
 * - A charged recipient whose outcome is final and not sent (`not_delivered`), or who is still waiting when the
 *   campaign is cancelled, is refunded in the transaction that clears its `charged` mark (`refundUnsent`), so nobody
 *   pays for mail that did not go.
 * - A crash between the reservation and the send leaves the rows charged and pending: the batch's next run sends
 *   them without charging again. What the relay accepted just before a crash and the run sends again (the window in
 *   flight) is charged once, like every recipient.
 *
 * With BILLING=off nothing is charged or refused (`enabled` false): batches take every due recipient.
 */
export class InsufficientCredits extends HttpError {
  constructor(readonly channel: Channel) {
    super(402, 'insufficient_credits', BILLING_TEXTS.insufficientCredits, {
      credits: [BILLING_TEXTS.insufficientCredits],
    });
    this.name = 'InsufficientCredits';
  }
}

/** The channel's balance and price; the balance row is locked when `lock` (inside a transaction). */
async function balanceOf(db: Queryable, companyId: string, channel: Channel, lock = false) {
  await ensureBalances(db, companyId);
  const { rows } = await db.query<{ balance: string; price: number }>(
    `select balance, price_per_message as price from credit_balances
      where company_id = $1 and channel = $2 ${lock ? 'for update' : ''}`,
    [companyId, channel],
  );
  return { balance: Number(rows[0]!.balance), price: rows[0]!.price };
}

/** Refuses (402 insufficient_credits) a send of `quantity` messages the channel's balance cannot pay for. */
export async function assertCredits(
  db: Queryable,
  companyId: string,
  channel: Channel,
  quantity: number,
  enabled: boolean,
): Promise<void> {
  if (!enabled || quantity <= 0) return;
  const { balance, price } = await balanceOf(db, companyId, channel);
  if (price * quantity > balance) throw new InsufficientCredits(channel);
}

export interface BatchCharge {
  /** The batch's due recipients now paid for (charged earlier and not yet sent, or charged now). */
  paid: number;
  /** Due recipients the balance could not pay for: the campaign pauses once the paid ones are sent. */
  short: number;
  /** The debit made now, for `afterDebit` once the transaction has committed. */
  debit: DebitResult | null;
}

/**
 * Pays for up to `wanted` of a batch's due recipients (pending, or deferred and due), oldest first: those charged by
 * an earlier run count first, the rest are debited now, as many as the balance covers. Runs in `tx`, a transaction.
 */
export async function chargeBatch(
  tx: Queryable,
  companyId: string,
  message: { id: number; channel: Channel },
  batch: number,
  wanted: number,
): Promise<BatchCharge> {
  const { balance, price } = await balanceOf(tx, companyId, message.channel, true);
  const due = `company_id = $1 and message_id = $2 and batch = $3
               and (state = 'pending' or (state = 'deferred' and next_attempt_at <= now()))`;
  const { rows } = await tx.query<{ charged: number; uncharged: number }>(
    `select count(*) filter (where charged)::int as charged, count(*) filter (where not charged)::int as uncharged
       from message_recipients where ${due}`,
    [companyId, message.id, batch],
  );
  const { charged, uncharged } = rows[0]!;
  const needed = Math.max(0, Math.min(wanted - charged, uncharged));
  const affordable = price === 0 ? needed : Math.min(needed, Math.floor(balance / price));
  let marked = 0;
  let result: DebitResult | null = null;
  if (affordable > 0) {
    const update = await tx.query(
      `update message_recipients set charged = true
        where company_id = $1 and message_id = $2 and id in (
          select id from message_recipients where ${due} and not charged order by id limit $4)`,
      [companyId, message.id, batch, affordable],
    );
    marked = update.rowCount ?? 0;
    result = await debit(tx, companyId, {
      channel: message.channel,
      kind: 'send',
      quantity: marked,
      messageId: message.id,
      detail: { batch },
    });
    // The balance row is locked and was read above: a short debit here is a bug, and the transaction must not commit.
    if (!result.ok) throw new Error('the balance changed under its lock');
  }
  return { paid: Math.min(wanted, charged + marked), short: needed - marked, debit: result };
}

/**
 * Refunds a campaign's charged recipients that will not be sent: final failures (`not_delivered`) and, when the
 * campaign was cancelled, those still waiting and not in flight. At the price of the campaign's last send debit.
 */
export async function refundUnsent(
  tx: Queryable,
  companyId: string,
  message: { id: number; channel: Channel },
  cancelled = false,
): Promise<number> {
  const { rows } = await tx.query<{ n: number; price: number | null }>(
    `with refunded as (
       update message_recipients set charged = false
        where company_id = $1 and message_id = $2 and charged
          and (state = 'not_delivered'
               or ($3 and state in ('pending', 'deferred') and in_flight_at is null))
       returning 1)
     select (select count(*) from refunded)::int as n,
            (select (-amount / nullif(quantity, 0))::int from credit_ledger
              where company_id = $1 and message_id = $2 and reason = 'send' order by id desc limit 1) as price`,
    [companyId, message.id, cancelled],
  );
  const amount = rows[0]!.n * (rows[0]!.price ?? 0);
  if (amount <= 0) return 0;
  await credit(tx, companyId, {
    channel: message.channel,
    kind: 'refund',
    amount,
    reason: fillText(BILLING_TEXTS.refundReason, { id: message.id }),
  });
  return amount;
}

/** The campaign pauses, its balance spent: it resumes when credits are granted or when its user resumes it. */
export async function pauseForCredits(db: Queryable, companyId: string, messageId: number): Promise<void> {
  await db.query(
    `update messages set status = 'paused', pending_reason = $3, updated_at = now()
      where company_id = $1 and id = $2 and status = 'sending'`,
    [companyId, messageId, PAUSE_REASON_CREDITS],
  );
}

/** The campaigns of a channel paused for credits; the caller resumes them after a grant. */
export async function pausedForCredits(db: Queryable, companyId: string, channel: Channel): Promise<number[]> {
  const { rows } = await db.query<{ id: number }>(
    `select id::int from messages
      where company_id = $1 and channel = $2 and status = 'paused' and pending_reason = $3 order by id`,
    [companyId, channel, PAUSE_REASON_CREDITS],
  );
  return rows.map((r) => r.id);
}
