import { BILLING_NOTIFICATIONS, BILLING_TEXTS, fillText, type PlanLimit } from '../../../shared/billing.ts';
import type { Channel } from '../../../shared/messaging.ts';
import type { AppContext } from '../../context.ts';
import { enqueueMail } from '../mail/outbox.ts';
import { notify, notifyIn } from '../notifications/notifications.ts';
import { forJob } from '../scope.ts';
import type { DebitResult } from './ledger.ts';

/**
 * What follows a debit that crossed its channel's low-balance threshold (issue 21 §4.5): a notification
 * `billing.low_balance` and an email to each owner, once per crossing — `debit()` says `crossedThreshold` only for
 * the debit that went from at or above the threshold to below it. Call it after the debit's transaction commits.
 */
export async function afterDebit(
  ctx: AppContext,
  companyId: string,
  channel: Channel,
  result: DebitResult,
): Promise<void> {
  if (!result.crossedThreshold) return;
  const scope = forJob(ctx, companyId);
  const { rows } = await scope.db.query<{ threshold: number }>(
    `select low_balance_threshold::int as threshold from credit_balances where company_id = $1 and channel = $2`,
    [companyId, channel],
  );
  const values = { channel, balance: result.balanceAfter, threshold: rows[0]?.threshold ?? 0 };
  await notify(ctx, { companyId, kind: BILLING_NOTIFICATIONS.lowBalance, level: 'warning', values });
  await scope.db.transaction(async (tx) => {
    const owners = await tx.query<{ email: string }>(
      `select email from users where company_id = $1 and role = 'owner'`,
      [companyId],
    );
    for (const owner of owners.rows)
      await enqueueMail(
        tx,
        {
          companyId,
          to: owner.email,
          subject: fillText(BILLING_TEXTS.lowBalanceSubject, values),
          text: fillText(BILLING_TEXTS.lowBalanceBody, values),
          kind: BILLING_NOTIFICATIONS.lowBalance,
        },
        Boolean(ctx.config.smtpUrl),
        true,
      );
  });
}

/** Advisory lock class (with the company and limit as key) that serialises the once-a-day check of limitReached. */
const LIMIT_NOTICE_LOCK_CLASS = 0x4d42_0001;

/**
 * The notification `billing.limit_reached` when a plan limit refused something: at most once a day per limit, since a
 * user retrying an import or a send would otherwise fill the bell with the same news. The check and the insert run in
 * one transaction under a lock per company and limit, so two refusals in quick succession (each notifying in the
 * background) cannot both find no notice and write one each.
 */
export async function limitReached(ctx: AppContext, companyId: string, limit: PlanLimit, max: number): Promise<void> {
  await forJob(ctx, companyId).db.transaction(async (db) => {
    await db.query('select pg_advisory_xact_lock($1, hashtext($2::text))', [
      LIMIT_NOTICE_LOCK_CLASS,
      `${companyId}:${limit}`,
    ]);
    const { rows } = await db.query(
      `select 1 from notifications where company_id = $1 and kind = $2 and values ->> 'limit' = $3
          and created_at > now() - interval '1 day' limit 1`,
      [companyId, BILLING_NOTIFICATIONS.limitReached, limit],
    );
    if (rows.length) return;
    await notifyIn(db, ctx.realtime, {
      companyId,
      kind: BILLING_NOTIFICATIONS.limitReached,
      level: 'warning',
      values: { limit, max },
    });
  });
}
