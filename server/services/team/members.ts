import type { AppContext } from '../../context.ts';
import { conflict, forbidden, invalid, notFound } from '../../http/errors.ts';
import type { components } from '../../../shared/contract/schema.d.ts';
import type { Role } from '../../../shared/permissions.ts';
import { audit } from '../audit.ts';
import { announceAuthChange } from '../auth/authCache.ts';
import { revokeAllSessions } from '../auth/sessions.ts';
import { revokeMemberKeys } from '../integrations/apiKeys.ts';
import type { Scope } from '../scope.ts';

type TeamMember = components['schemas']['TeamMember'];
type Auth = Pick<AppContext, 'authCache'>;

/** The refusal for demoting or removing the only owner: the company would have nobody to own it. */
export const LAST_OWNER_TEXT = 'The last owner cannot leave or be demoted. Transfer ownership to an admin first.';
const lastOwner = () => conflict('last_owner', LAST_OWNER_TEXT);

// Last activity: the newest sign-in or token refresh of any of the member's sessions.
const SELECT = `select u.id, u.email::text as email, u.first_name as "firstName", u.last_name as "lastName", u.role,
    exists (select 1 from two_factor t where t.user_id = u.id and t.enabled_at is not null) as "twoFactorEnabled",
    (select to_json(greatest(max(s.created_at), max(rt.created_at))) #>> '{}'
       from sessions s left join refresh_tokens rt on rt.session_id = s.id where s.user_id = u.id) as "lastActiveAt",
    to_json(u.created_at) #>> '{}' as "createdAt"
  from users u`;

const ROLE_ORDER = `array_position(array['owner', 'admin', 'editor', 'viewer'], u.role)`;

export async function listMembers(scope: Scope): Promise<TeamMember[]> {
  const { rows } = await scope.db.query<TeamMember>(
    `${SELECT} where u.company_id = $1 order by ${ROLE_ORDER}, u.last_name, u.first_name, u.email`,
    [scope.companyId],
  );
  return rows;
}

async function getMember(scope: Scope, userId: string): Promise<TeamMember> {
  const { rows } = await scope.db.query<TeamMember>(`${SELECT} where u.company_id = $1 and u.id = $2`, [
    scope.companyId,
    userId,
  ]);
  if (!rows[0]) throw notFound();
  return rows[0];
}

/** The target's current role, locked for the change; 404 for an id of another company or none. */
async function lockMember(db: { query: Scope['db']['query'] }, companyId: string, userId: string) {
  const { rows } = await db.query<{ role: Role; email: string }>(
    'select role, email::text as email from users where company_id = $1 and id = $2 for update',
    [companyId, userId],
  );
  if (!rows[0]) throw notFound();
  return rows[0];
}

/** Whether another owner than `userId` remains (the company always keeps one). */
async function otherOwnerExists(db: { query: Scope['db']['query'] }, companyId: string, userId: string) {
  const { rows } = await db.query(
    `select 1 from users where company_id = $1 and role = 'owner' and id <> $2 for update`,
    [companyId, userId],
  );
  return rows.length > 0;
}

/** The caller's own role: only an owner may change or remove an owner. */
async function callerRole(scope: Scope): Promise<Role | undefined> {
  const { rows } = await scope.db.query<{ role: Role }>('select role from users where company_id = $1 and id = $2', [
    scope.companyId,
    scope.userId,
  ]);
  return rows[0]?.role;
}

export async function changeRole(scope: Scope, userId: string, role: Role, ip: string, ctx: Auth) {
  const actor = await callerRole(scope);
  await scope.db.transaction(async (db) => {
    const target = await lockMember(db, scope.companyId, userId);
    if (target.role === role) return;
    if (target.role === 'owner') {
      if (actor !== 'owner') throw forbidden();
      if (!(await otherOwnerExists(db, scope.companyId, userId))) throw lastOwner();
    }
    await db.query('update users set role = $3, updated_at = now() where company_id = $1 and id = $2', [
      scope.companyId,
      userId,
      role,
    ]);
    await audit(db, {
      companyId: scope.companyId,
      userId: scope.userId,
      event: 'member.role_changed',
      ip,
      details: { memberId: userId, email: target.email, from: target.role, to: role },
    });
    // Every node drops the member's cached role, so the new one applies to their next request.
    await announceAuthChange(db, { userId }, ctx.authCache);
  });
  return getMember(scope, userId);
}

/**
 * Removes a member from the company: their sessions and API keys end in the same transaction, every node is told at
 * once (so their next request answers 401), and the user is deleted (a user belongs to one company).
 */
export async function removeMember(scope: Scope, userId: string, ip: string, ctx: Auth): Promise<void> {
  const actor = await callerRole(scope);
  await scope.db.transaction(async (db) => {
    const target = await lockMember(db, scope.companyId, userId);
    if (target.role === 'owner') {
      if (actor !== 'owner') throw forbidden();
      if (!(await otherOwnerExists(db, scope.companyId, userId))) throw lastOwner();
    }
    await revokeAllSessions(db, userId, 'member_removed', undefined, ctx.authCache);
    await revokeMemberKeys(db, scope.companyId, userId, ctx);
    await announceAuthChange(db, { userId }, ctx.authCache);
    await audit(db, {
      companyId: scope.companyId,
      userId: scope.userId,
      event: 'member.removed',
      ip,
      details: { memberId: userId, email: target.email, role: target.role },
    });
    await db.query('delete from users where company_id = $1 and id = $2', [scope.companyId, userId]);
  });
}

/** Makes an admin the owner and the calling owner an admin, in one transaction. */
export async function transferOwnership(scope: Scope, userId: string, ip: string, ctx: Auth): Promise<void> {
  if (userId === scope.userId) throw invalid({ userId: ['Choose another member'] });
  await scope.db.transaction(async (db) => {
    const target = await lockMember(db, scope.companyId, userId);
    const me = await lockMember(db, scope.companyId, scope.userId!);
    if (me.role !== 'owner') throw forbidden();
    if (target.role !== 'admin') throw invalid({ userId: ['Ownership can only go to an admin'] });
    await db.query(`update users set role = 'owner', updated_at = now() where company_id = $1 and id = $2`, [
      scope.companyId,
      userId,
    ]);
    await db.query(`update users set role = 'admin', updated_at = now() where company_id = $1 and id = $2`, [
      scope.companyId,
      scope.userId,
    ]);
    await audit(db, {
      companyId: scope.companyId,
      userId: scope.userId,
      event: 'ownership.transferred',
      ip,
      details: { toMemberId: userId, toEmail: target.email },
    });
    await announceAuthChange(db, { userId }, ctx.authCache);
    await announceAuthChange(db, { userId: scope.userId! }, ctx.authCache);
  });
}
