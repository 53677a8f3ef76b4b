import type { AppContext } from '../context.ts';
import type { TenantDb } from '../db/tenant.ts';

/** Whom a scoped service works for: a company, and in a request the signed-in user (null for jobs and links). */
export interface Tenant {
  companyId: string;
  userId: string | null;
}

/**
 * What every tenant service receives, built once per request (from the authenticated context) or per job (from its
 * payload's company): the company and user, and a database bound to that company. There is no pool in it, so a
 * service cannot reach another company's rows, and row-level security refuses them if a statement forgets its filter.
 */
export interface Scope extends Readonly<Tenant> {
  readonly db: TenantDb;
  readonly config: AppContext['config'];
  readonly log: AppContext['log'];
  readonly realtime: AppContext['realtime'];
}

/** The scope of one company, for a request's caller, a job's payload or a signed link. */
export function forTenant(ctx: Pick<AppContext, 'tenants' | 'config' | 'log' | 'realtime'>, tenant: Tenant): Scope {
  return {
    companyId: tenant.companyId,
    userId: tenant.userId,
    db: ctx.tenants.bind(tenant.companyId),
    config: ctx.config,
    log: ctx.log,
    realtime: ctx.realtime,
  };
}

/** The scope a job works in: the company its payload names, no user. */
export function forJob(ctx: Pick<AppContext, 'tenants' | 'config' | 'log' | 'realtime'>, companyId: string): Scope {
  return forTenant(ctx, { companyId, userId: null });
}
