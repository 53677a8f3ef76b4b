import { can, ROLES } from '../../../shared/permissions.ts';
import type { AppContext } from '../../context.ts';
import { notify } from '../notifications/notifications.ts';
import type { Scope } from '../scope.ts';
import type { DeliveryLimits, Endpoint } from './deliveryTypes.ts';

/**
 * A success clears the endpoint's `failing_since`; a failure sets it when unset; an endpoint failing since longer
 * than `disableAfterMs` is disabled ('failing'). Returns true when this call disabled it (so the admins are told once).
 */
export async function recordHealth(
  db: Pick<Scope['db'], 'query'>,
  companyId: string,
  endpointId: number,
  anySuccess: boolean,
  anyFailure: boolean,
  limits: DeliveryLimits,
): Promise<boolean> {
  if (anySuccess) {
    await db.query(
      `update webhook_endpoints set failing_since = null
        where company_id = $1 and id = $2 and failing_since is not null`,
      [companyId, endpointId],
    );
    return false;
  }
  if (!anyFailure) return false;
  // One statement: the failing time is set when unset, and the endpoint disabled when it has failed long enough;
  // `was` is the row before the change, so only the call that disables it reports so.
  const { rows } = await db.query<{ disabled: boolean }>(
    `update webhook_endpoints e
        set failing_since = coalesce(e.failing_since, now()),
            enabled = e.enabled and not coalesce(e.failing_since < now() - $3 * interval '1 millisecond', false),
            disabled_reason = case when e.enabled and e.failing_since < now() - $3 * interval '1 millisecond'
                                   then 'failing' else e.disabled_reason end,
            updated_at = case when e.enabled and e.failing_since < now() - $3 * interval '1 millisecond'
                              then now() else e.updated_at end
       from (select enabled from webhook_endpoints where company_id = $1 and id = $2 for update) was
      where e.company_id = $1 and e.id = $2
     returning was.enabled and not e.enabled as disabled`,
    [companyId, endpointId, limits.disableAfterMs],
  );
  return rows[0]?.disabled === true;
}

/** The roles that manage webhook endpoints: they are told when one is disabled. */
const WEBHOOK_MANAGERS = ROLES.filter((role) => can(role, 'webhooks:manage'));

/** Tells each member who manages webhooks (shared/permissions.ts) that an endpoint was disabled for failing. */
export async function notifyDisabled(ctx: AppContext, scope: Scope, endpoint: Endpoint): Promise<void> {
  const { rows } = await scope.db.query<{ id: string }>(
    `select id from users where company_id = $1 and role = any($2::text[])`,
    [scope.companyId, WEBHOOK_MANAGERS],
  );
  for (const user of rows) {
    await notify(ctx, {
      companyId: scope.companyId,
      userId: user.id,
      kind: 'webhook.disabled',
      level: 'error',
      values: { url: endpoint.url },
    });
  }
}
