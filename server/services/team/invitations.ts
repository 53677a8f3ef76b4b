import { assertWithinLimit } from '../billing/limits.ts';
import { notify } from '../notifications/notifications.ts';
import { timingSafeEqual } from 'node:crypto';
import type { AppContext } from '../../context.ts';
import { withTransaction, type PoolClient } from '../../db/pool.ts';
import { conflict, fieldError, gone, invalid, notFound } from '../../http/errors.ts';
import type { components } from '../../../shared/contract/schema.d.ts';
import type { Role } from '../../../shared/permissions.ts';
import { audit } from '../audit.ts';
import { guarded, wrongSecret } from '../auth/guessing.ts';
import { openSession, type IssuedSession } from '../auth/sessions.ts';
import { enqueueMail } from '../mail/outbox.ts';
import { hashPassword, randomToken, tokenHash } from '../security/crypto.ts';
import type { Scope } from '../scope.ts';
import { invitationMail } from './invitationMail.ts';

type Invitation = components['schemas']['Invitation'];
type InvitationInput = components['schemas']['InvitationInput'];
type InvitationPreview = components['schemas']['InvitationPreview'];

/** How long an invitation link works (issue 21: 7 days); a resend starts the period again. */
export const INVITATION_TTL_MS = 7 * 24 * 60 * 60 * 1000;
export const INVITATION_TEXTS = {
  alreadyMember: 'This person is already a member of the team',
  pending: 'An invitation to this address is pending: resend it instead',
  invalidLink: 'This invitation has expired or is no longer valid. Ask the person who invited you for a new one.',
  emailTaken:
    'This address already has an account with another company, and an account belongs to one company. ' +
    'Ask for an invitation to another address.',
} as const;

const invalidLink = () => gone('invitation_invalid', INVITATION_TEXTS.invalidLink);

/** The link's token names its company and invitation, so it is found by key; only the secret's hash is stored. */
const composeToken = (companyId: string, id: number, secret: string) => `${companyId}.${id}.${secret}`;
function parseToken(token: string): { companyId: string; id: number; secret: string } | null {
  const match = /^([0-9a-f-]{36})\.(\d{1,15})\.([A-Za-z0-9_-]{20,200})$/.exec(token);
  return match ? { companyId: match[1]!, id: Number(match[2]), secret: match[3]! } : null;
}

interface Row {
  id: number;
  email: string;
  role: Invitation['role'];
  invited_by: string | null;
  inviter_name: string | null;
  sent_at: Date;
  expires_at: Date;
  created_at: Date;
}

const SELECT = `select i.id::int, i.email::text as email, i.role, i.invited_by,
    nullif(trim(u.first_name || ' ' || u.last_name), '') as inviter_name, i.sent_at, i.expires_at, i.created_at
  from invitations i left join users u on u.id = i.invited_by`;

function toInvitation(row: Row): Invitation {
  return {
    id: row.id,
    email: row.email,
    role: row.role,
    status: row.expires_at.getTime() <= Date.now() ? 'expired' : 'pending',
    invitedBy: row.invited_by ? { id: row.invited_by, name: row.inviter_name ?? '' } : null,
    sentAt: row.sent_at.toISOString(),
    expiresAt: row.expires_at.toISOString(),
    createdAt: row.created_at.toISOString(),
  };
}

/** The company's name for the mail (companies are the system's table, read on the owner's pool). */
async function companyName(ctx: Pick<AppContext, 'pool'>, companyId: string): Promise<string> {
  const { rows } = await ctx.pool.query<{ name: string }>('select name from companies where id = $1', [companyId]);
  return rows[0]?.name ?? '';
}

const PENDING = 'i.accepted_at is null and i.revoked_at is null';

export async function listInvitations(scope: Scope): Promise<Invitation[]> {
  const { rows } = await scope.db.query<Row>(`${SELECT} where i.company_id = $1 and ${PENDING} order by i.id desc`, [
    scope.companyId,
  ]);
  return rows.map(toInvitation);
}

async function getInvitation(scope: Scope, id: number): Promise<Invitation> {
  const { rows } = await scope.db.query<Row>(`${SELECT} where i.company_id = $1 and i.id = $2 and ${PENDING}`, [
    scope.companyId,
    id,
  ]);
  if (!rows[0]) throw notFound();
  return toInvitation(rows[0]);
}

/** Queues the invitation's mail in the inviter's language, inside the caller's transaction. */
async function mailInvitation(
  scope: Scope,
  db: PoolClient,
  invitation: { id: number; email: string; role: string },
  secret: string,
  company: string,
) {
  const { rows } = await db.query<{ first_name: string; last_name: string; language: string }>(
    'select first_name, last_name, language from users where company_id = $1 and id = $2',
    [scope.companyId, scope.userId],
  );
  const inviter = rows[0];
  const link = `${scope.config.publicUrl}/invitation?token=${encodeURIComponent(
    composeToken(scope.companyId, invitation.id, secret),
  )}`;
  const mail = invitationMail({
    language: inviter?.language === 'it' ? 'it' : 'en',
    inviter: `${inviter?.first_name ?? ''} ${inviter?.last_name ?? ''}`.trim(),
    company,
    productName: scope.config.productName,
    role: invitation.role,
    link,
  });
  await enqueueMail(
    db,
    { companyId: scope.companyId, to: invitation.email, kind: 'invitation', ...mail },
    Boolean(scope.config.smtpUrl),
    true,
  );
  return inviter?.language === 'it' ? 'it' : 'en';
}

/**
 * Invites a person by email with a role: the one place an invitation is made, so the plan's seat limit is checked here
 * (billing) before anything is written. An address with an account, or with a pending invitation, is refused.
 */
export async function inviteMember(
  scope: Scope,
  input: InvitationInput,
  ip: string,
  ctx: Pick<AppContext, 'pool'>,
): Promise<Invitation> {
  const email = input.email.trim();
  const taken = await scope.db.query('select 1 from users where company_id = $1 and email = $2', [
    scope.companyId,
    email,
  ]);
  if (taken.rows.length) throw fieldError('email', INVITATION_TEXTS.alreadyMember);
  const company = await companyName(ctx, scope.companyId);
  const secret = randomToken();
  const id = await scope.db.transaction(async (db) => {
    // The plan's seats: reaching them answers 402 'Upgrade required' at the moment of inviting.
    await assertWithinLimit(db, scope.companyId, 'seats', 1, scope.config.billing);
    const { rows } = await db.query<{ id: number }>(
      `insert into invitations (company_id, email, role, token_hash, invited_by, expires_at)
       values ($1, $2, $3, $4, $5, $6) on conflict do nothing returning id::int`,
      [scope.companyId, email, input.role, tokenHash(secret), scope.userId, new Date(Date.now() + INVITATION_TTL_MS)],
    );
    if (!rows[0]) throw fieldError('email', INVITATION_TEXTS.pending);
    const invitation = { id: rows[0].id, email, role: input.role };
    const language = await mailInvitation(scope, db, invitation, secret, company);
    await db.query('update invitations set language = $3 where company_id = $1 and id = $2', [
      scope.companyId,
      rows[0].id,
      language,
    ]);
    await audit(db, {
      companyId: scope.companyId,
      userId: scope.userId,
      event: 'invitation.sent',
      ip,
      details: { invitationId: rows[0].id, email, role: input.role },
    });
    return rows[0].id;
  });
  return getInvitation(scope, id);
}

/** Sends a pending invitation again with a new secret and a new 7-day period; the old link stops working. */
export async function resendInvitation(
  scope: Scope,
  id: number,
  ip: string,
  ctx: Pick<AppContext, 'pool'>,
): Promise<Invitation> {
  const secret = randomToken();
  const company = await companyName(ctx, scope.companyId);
  await scope.db.transaction(async (db) => {
    const { rows } = await db.query<{ email: string; role: Role }>(
      `update invitations i set token_hash = $3, sent_at = now(), expires_at = $4
        where i.company_id = $1 and i.id = $2 and ${PENDING} returning email::text as email, role`,
      [scope.companyId, id, tokenHash(secret), new Date(Date.now() + INVITATION_TTL_MS)],
    );
    if (!rows[0]) throw notFound();
    await mailInvitation(scope, db, { id, ...rows[0] }, secret, company);
    await audit(db, {
      companyId: scope.companyId,
      userId: scope.userId,
      event: 'invitation.resent',
      ip,
      details: { invitationId: id, email: rows[0].email },
    });
  });
  return getInvitation(scope, id);
}

export async function revokeInvitation(scope: Scope, id: number, ip: string): Promise<void> {
  await scope.db.transaction(async (db) => {
    const { rows } = await db.query<{ email: string }>(
      `update invitations i set revoked_at = now() where i.company_id = $1 and i.id = $2 and ${PENDING}
       returning email::text as email`,
      [scope.companyId, id],
    );
    if (!rows[0]) throw notFound();
    await audit(db, {
      companyId: scope.companyId,
      userId: scope.userId,
      event: 'invitation.revoked',
      ip,
      details: { invitationId: id, email: rows[0].email },
    });
  });
}

interface Found {
  companyId: string;
  id: number;
  email: string;
  role: Role;
  language: string;
  expiresAt: Date;
  companyName: string;
  inviterName: string | null;
}

/**
 * Finds the pending invitation a link names (system path: nobody is signed in). A wrong secret counts as a guess per
 * client address; an expired, revoked or used link answers the same 410 as an unknown one.
 */
async function findByToken(db: { query: AppContext['pool']['query'] }, token: string, lock = false): Promise<Found> {
  const parsed = parseToken(token);
  if (!parsed) throw wrongSecret(invalidLink());
  const { rows } = await db.query<Found & { token_hash: Buffer; live: boolean }>(
    `select i.company_id as "companyId", i.id::int, i.email::text as email, i.role, i.language,
            i.expires_at as "expiresAt", c.name as "companyName", i.token_hash,
            nullif(trim(concat_ws(' ', u.first_name, u.last_name)), '') as "inviterName",
            i.accepted_at is null and i.revoked_at is null and i.expires_at > now() as live
       from invitations i join companies c on c.id = i.company_id
       left join users u on u.company_id = i.company_id and u.id = i.invited_by
      where i.company_id = $1 and i.id = $2 ${lock ? 'for update of i' : ''}`,
    [parsed.companyId, parsed.id],
  );
  const row = rows[0];
  if (!row || !timingSafeEqual(row.token_hash, tokenHash(parsed.secret))) throw wrongSecret(invalidLink());
  if (!row.live) throw invalidLink();
  return row;
}

export async function lookupInvitation(ctx: AppContext, token: string, ip: string): Promise<InvitationPreview> {
  const found = await guarded(ctx, { address: ip }, () => findByToken(ctx.pool, token));
  return {
    companyName: found.companyName,
    inviterName: found.inviterName,
    email: found.email,
    role: found.role as InvitationPreview['role'],
    language: found.language,
    expiresAt: found.expiresAt.toISOString(),
  };
}

interface AcceptInput {
  token: string;
  firstName: string;
  lastName: string;
  password: string;
  passwordConfirmation: string;
}

/**
 * A new person joins with a name and a password and is signed in. An address that already has an account (users
 * belong to one company) answers 409 with a clear text; the invitation stays pending.
 */
export async function acceptInvitation(
  ctx: AppContext,
  input: AcceptInput,
  meta: { ip: string; userAgent: string | undefined },
): Promise<IssuedSession> {
  const errors: Record<string, string[]> = {};
  if (!input.firstName.trim()) errors.firstName = ['Please provide a first name'];
  if (!input.lastName.trim()) errors.lastName = ['Please provide a last name'];
  if (input.password !== input.passwordConfirmation) errors.passwordConfirmation = ['Passwords do not match'];
  if (Object.keys(errors).length) throw invalid(errors);
  await guarded(ctx, { address: meta.ip }, () => findByToken(ctx.pool, input.token));
  const hash = await hashPassword(input.password);
  const user = await withTransaction(ctx.pool, async (db) => {
    const found = await findByToken(db, input.token, true);
    const existing = await db.query('select 1 from users where email = $1', [found.email]);
    if (existing.rows.length) throw conflict('email_taken', INVITATION_TEXTS.emailTaken);
    const { rows } = await db.query<{ id: string }>(
      `insert into users (company_id, email, password_hash, first_name, last_name, language, role)
       values ($1, $2, $3, $4, $5, $6, $7) returning id`,
      [found.companyId, found.email, hash, input.firstName.trim(), input.lastName.trim(), found.language, found.role],
    );
    const userId = rows[0]!.id;
    await db.query(
      'update invitations set accepted_at = now(), accepted_user_id = $3 where company_id = $1 and id = $2',
      [found.companyId, found.id, userId],
    );
    await audit(db, {
      companyId: found.companyId,
      userId,
      event: 'invitation.accepted',
      ip: meta.ip,
      details: { invitationId: found.id, email: found.email, role: found.role },
    });
    return { id: userId, company_id: found.companyId, role: found.role };
  });
  // The team hears of its new member in the bell (team.invitation_accepted, with their name).
  await notify(ctx, {
    companyId: user.company_id,
    kind: 'team.invitation_accepted',
    level: 'info',
    values: { name: `${input.firstName.trim()} ${input.lastName.trim()}` },
  });
  return openSession(ctx, user, false, meta);
}
