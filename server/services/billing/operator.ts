import { MAX_GRANT_CREDITS, PLAN_LIMITS, type PlanLimit } from '../../../shared/billing.ts';
import { isChannel, type Channel } from '../../../shared/messaging.ts';
import type { TenantDb } from '../../db/tenant.ts';
import { audit } from '../audit.ts';
import { credit } from './ledger.ts';
import { planOf, type Plan } from './limits.ts';
import { resumePausedForCredits } from '../messaging/engine.ts';

/**
 * What the installation's operator does for a company (issue 21 §4.6), shared by the CLI (`credits:grant`,
 * `plan:set`) and the operator API: each change writes the ledger or the plan and its audit entry in one transaction.
 */

export class OperatorInputError extends Error {
  constructor(
    readonly field: string,
    message: string,
  ) {
    super(message);
    this.name = 'OperatorInputError';
  }
}

export function checkGrant(channel: string, amount: number): asserts channel is Channel {
  if (!isChannel(channel)) throw new OperatorInputError('channel', `channel must be one of email, sms, whatsapp`);
  if (!Number.isSafeInteger(amount) || amount < 1 || amount > MAX_GRANT_CREDITS)
    throw new OperatorInputError('amount', `amount must be a whole number from 1 to ${MAX_GRANT_CREDITS}`);
}

/** Grants credits on one channel; answers the balance after. */
export async function grantCredits(
  db: TenantDb,
  input: { channel: string; amount: number; reason?: string | null },
): Promise<number> {
  checkGrant(input.channel, input.amount);
  const channel = input.channel;
  return db.transaction(async (client) => {
    const balance = await credit(client, db.companyId, {
      channel,
      kind: 'grant',
      amount: input.amount,
      reason: input.reason ?? null,
    });
    await resumePausedForCredits(client, db.companyId, channel);
    await audit(client, {
      companyId: db.companyId,
      userId: null,
      event: 'credits.granted',
      details: { channel, amount: input.amount, reason: input.reason ?? null, balance },
    });
    return balance;
  });
}

/** Sets the company's plan and its limits (null: unlimited); answers the plan saved. */
export async function setPlan(
  db: TenantDb,
  input: { name: string; limits: Partial<Record<PlanLimit, number | null>> },
): Promise<Plan> {
  const name = input.name.trim();
  if (name.length < 1 || name.length > 100) throw new OperatorInputError('name', 'a plan name has 1 to 100 characters');
  for (const limit of PLAN_LIMITS) {
    const value = input.limits[limit];
    if (value !== undefined && value !== null && (!Number.isSafeInteger(value) || value < 0 || value > 2 ** 31 - 1))
      throw new OperatorInputError(limit, `${limit} must be a whole number from 0, or left out for unlimited`);
  }
  return db.transaction(async (client) => {
    const before = await planOf(client, db.companyId);
    await client.query(
      `insert into billing_plans (company_id, name, max_contacts, max_seats, max_sends_per_month)
       values ($1, $2, $3, $4, $5)
       on conflict (company_id) do update set name = excluded.name, max_contacts = excluded.max_contacts,
         max_seats = excluded.max_seats, max_sends_per_month = excluded.max_sends_per_month, updated_at = now()`,
      [db.companyId, name, input.limits.contacts ?? null, input.limits.seats ?? null, input.limits.sends ?? null],
    );
    const after = await planOf(client, db.companyId);
    await audit(client, {
      companyId: db.companyId,
      userId: null,
      event: 'plan.changed',
      details: { before, after },
    });
    return after;
  });
}
