import type { components } from '../../../shared/contract/schema.d.ts';
import type { Scope } from '../scope.ts';
import type { AppContext } from '../../context.ts';
import { AUDIT_RETENTION_DAYS } from '../../../shared/audit.ts';

type AuditEntry = components['schemas']['AuditEntry'];

export interface AuditFilter {
  event?: string;
  userId?: string;
  from?: string;
  to?: string;
}

/** A page of the company's audit entries, newest first, with the total for the Pagination header. */
export async function listAuditLog(scope: Scope, filter: AuditFilter, page: number, perPage: number) {
  const where = `a.company_id = $1 and ($2::text is null or a.event = $2) and ($3::uuid is null or a.user_id = $3)
    and ($4::timestamptz is null or a.created_at >= $4) and ($5::timestamptz is null or a.created_at < $5)`;
  const values = [scope.companyId, filter.event ?? null, filter.userId ?? null, filter.from ?? null, filter.to ?? null];
  const [{ rows }, count] = await Promise.all([
    scope.db.query<AuditEntry>(
      `select a.id::int, a.event, case when u.id is null then null else json_build_object('id', u.id, 'name',
              trim(u.first_name || ' ' || u.last_name), 'email', u.email::text) end as user,
              host(a.ip) as ip, a.details, to_json(a.created_at) #>> '{}' as "createdAt"
         from audit_log a left join users u on u.id = a.user_id
        where ${where} order by a.created_at desc, a.id desc limit $6 offset $7`,
      [...values, perPage, (page - 1) * perPage],
    ),
    scope.db.query<{ total: number }>(`select count(*)::int as total from audit_log a where ${where}`, values),
  ]);
  return { rows, total: count.rows[0]!.total };
}

/** Deletes entries older than AUDIT_RETENTION_DAYS across companies (the daily retention job, system path). */
export async function pruneAuditLog(ctx: Pick<AppContext, 'pool'>): Promise<number> {
  const { rowCount } = await ctx.pool.query(
    `delete from audit_log where created_at < now() - make_interval(days => $1)`,
    [AUDIT_RETENTION_DAYS],
  );
  return rowCount ?? 0;
}
