import { BILLING_NOTIFICATIONS, BILLING_TEXTS, type PlanLimit } from '../../../shared/billing.ts';
import type { Queryable } from '../../db/tenant.ts';
import { HttpError } from '../../http/errors.ts';

/**
 * Plan limits (issue 21 §4): contacts kept, seats (team members), messages sent this calendar month (UTC). A limit
 * reached answers 402 Payment Required with the spec's "Upgrade required" text (§6), code `upgrade_required` and the
 * limit's name, so the SPA shows it where the user tried (an import, a send). With BILLING=off nothing is limited:
 * callers pass `config.billing` as `enabled`.
 */
export class LimitReached extends HttpError {
  constructor(
    readonly limit: PlanLimit,
    readonly max: number,
  ) {
    super(402, 'upgrade_required', BILLING_TEXTS.upgradeRequired, { [limit]: [BILLING_TEXTS.upgradeRequired] });
    this.name = 'LimitReached';
  }
}

export interface Plan {
  name: string;
  limits: Record<PlanLimit, number | null>;
}

export const LIMIT_NOTIFICATION = BILLING_NOTIFICATIONS.limitReached;

/** The company's plan; a company the operator never set one for has the default plan with no limits. */
export async function planOf(db: Queryable, companyId: string): Promise<Plan> {
  const { rows } = await db.query<{
    name: string;
    contacts: number | null;
    seats: number | null;
    sends: number | null;
  }>(
    `select name, max_contacts as contacts, max_seats as seats, max_sends_per_month as sends
       from billing_plans where company_id = $1`,
    [companyId],
  );
  const row = rows[0];
  return {
    name: row?.name ?? 'standard',
    limits: { contacts: row?.contacts ?? null, seats: row?.seats ?? null, sends: row?.sends ?? null },
  };
}

/** What the company uses of each limit now. */
export async function usageOf(db: Queryable, companyId: string): Promise<Record<PlanLimit, number>> {
  const { rows } = await db.query<Record<PlanLimit, number>>(
    `select (select count(*) from contacts where company_id = $1)::int as contacts,
            -- Members and the invitations still pending: each pending one holds the seat it will take.
            ((select count(*) from users where company_id = $1)
              + (select count(*) from invitations where company_id = $1 and accepted_at is null
                    and revoked_at is null and expires_at > now()))::int as seats,
            (select count(*) from message_recipients where company_id = $1
                and sent_at >= date_trunc('month', now() at time zone 'UTC') at time zone 'UTC')::int as sends`,
    [companyId],
  );
  return rows[0]!;
}

/**
 * Throws `LimitReached` when adding `adding` more of `limit` would pass the company's plan. Call it in the transaction
 * of the change where one exists, before writing anything.
 */
export async function assertWithinLimit(
  db: Queryable,
  companyId: string,
  limit: PlanLimit,
  adding: number,
  enabled = true,
): Promise<void> {
  if (!enabled || adding <= 0) return;
  const plan = await planOf(db, companyId);
  const max = plan.limits[limit];
  if (max === null) return;
  const used = (await usageOf(db, companyId))[limit];
  if (used + adding > max) throw new LimitReached(limit, max);
}
