import type { AppContext, AuthContext } from '../../context.ts';
import { withTransaction } from '../../db/pool.ts';
import { fieldError, gone, HttpError, notFound, TooManyRequests } from '../../http/errors.ts';
import { audit } from '../audit.ts';
import { announceAuthChange } from './authCache.ts';
import { enqueueMail } from '../mail/outbox.ts';
import { dummyPasswordHash, hashPassword, randomToken, tokenHash, verifyPassword } from '../security/crypto.ts';
import { openSession, revokeAllSessions, type IssuedSession } from './sessions.ts';
import { consumeSecondFactor, invalidTwoFactor, isTwoFactorEnabled } from './twoFactor.ts';
import { guarded, takeAttempt, wrongSecret } from './guessing.ts';
import { FIELD_TEXTS } from '../../../shared/fieldTexts.ts';

const invalidLogin = () => new HttpError(401, 'invalid_credentials', 'Invalid login, please check and try again.');
const RESET_TTL_MS = 60 * 60 * 1000;

interface LoginInput {
  email: string;
  password: string;
  remember?: boolean;
  totp?: string;
}

type LoginOutcome = { twoFactorRequired: true } | ({ twoFactorRequired: false } & IssuedSession);

/**
 * Password first, then the second factor when enabled. The same answer for an unknown email and a wrong password,
 * and the same hashing time for both. Failed guesses are limited per account (an unknown email counts the same way)
 * and per address.
 */
export async function login(
  ctx: AppContext,
  input: LoginInput,
  meta: { ip: string; userAgent: string | undefined },
): Promise<LoginOutcome> {
  const { rows } = await ctx.pool.query<{
    id: string;
    company_id: string;
    role: AuthContext['role'];
    password_hash: string;
  }>('select id, company_id, role, password_hash from users where email = $1', [input.email.trim()]);
  const user = rows[0];
  const unknown = () => `email:${tokenHash(input.email.trim().toLowerCase()).toString('hex')}`;
  const account = user ? { key: user.id, userId: user.id } : { key: unknown() };
  return guarded(ctx, { account, address: meta.ip }, async (): Promise<LoginOutcome> => {
    const ok = await verifyPassword(user?.password_hash ?? (await dummyPasswordHash()), input.password);
    if (!user || !ok) {
      if (user) {
        await audit(ctx.pool, { companyId: user.company_id, userId: user.id, event: 'login.failed', ip: meta.ip });
      }
      throw wrongSecret(invalidLogin());
    }
    if (await isTwoFactorEnabled(ctx.pool, user.id)) {
      if (!input.totp) return { twoFactorRequired: true };
      const factor = await withTransaction(ctx.pool, (db) => consumeSecondFactor(ctx, db, user.id, input.totp!));
      if (!factor) {
        await audit(ctx.pool, { companyId: user.company_id, userId: user.id, event: 'login.2fa_failed', ip: meta.ip });
        throw wrongSecret(invalidTwoFactor());
      }
    }
    const session = await openSession(ctx, user, input.remember ?? false, meta);
    return { twoFactorRequired: false, ...session };
  });
}

/** The current user as `GET users/me` answers it; served from the auth cache unless `fresh`. */
export async function getUser(ctx: AppContext, auth: AuthContext, fresh = false) {
  if (ctx.authCache && !fresh) return ctx.authCache.currentUser(auth.userId, () => loadUser(ctx, auth));
  return loadUser(ctx, auth);
}

async function loadUser(ctx: AppContext, auth: AuthContext) {
  const { rows } = await ctx.pool.query({
    name: 'current-user',
    text: `select u.id, u.first_name as "firstName", u.last_name as "lastName", u.email::text as email,
            u.phone_prefix as "phonePrefix", u.phone_number as "phoneNumber", u.language, u.role,
            exists (select 1 from two_factor t where t.user_id = u.id and t.enabled_at is not null) as "twoFactorEnabled",
            to_json(u.created_at) #>> '{}' as "createdAt", to_json(u.updated_at) #>> '{}' as "updatedAt",
            json_build_object('id', c.id, 'name', c.name, 'channels', coalesce(
              (select json_agg(json_build_object('id', ch.id, 'type', ch.type, 'name', ch.name, 'status', ch.status) order by ch.created_at)
                 from channels ch where ch.company_id = c.id), '[]'::json)) as "memberOf"
       from users u join companies c on c.id = u.company_id
      where u.id = $1 and u.company_id = $2`,
    values: [auth.userId, auth.companyId],
  });
  if (!rows[0]) throw notFound();
  return rows[0];
}

export async function updateUser(
  ctx: AppContext,
  auth: AuthContext,
  patch: {
    firstName?: string;
    lastName?: string;
    phonePrefix?: string | null;
    phoneNumber?: string | null;
    language?: string;
  },
) {
  // Spec §5: a prefix is required when a phone number is given (stored as digits), and a phone is one user's.
  const { rows: current } = await ctx.pool.query<{ prefix: string | null; number: string | null }>(
    'select phone_prefix as prefix, phone_number as number from users where id = $1 and company_id = $2',
    [auth.userId, auth.companyId],
  );
  const prefix = 'phonePrefix' in patch ? patch.phonePrefix?.replace(/^\+/, '') || null : (current[0]?.prefix ?? null);
  const number = 'phoneNumber' in patch ? patch.phoneNumber || null : (current[0]?.number ?? null);
  if (number && !prefix) throw fieldError('phonePrefix', FIELD_TEXTS.prefixRequired);
  try {
    await ctx.pool.query(
      `update users set
          first_name = coalesce($3, first_name), last_name = coalesce($4, last_name),
          phone_prefix = $5, phone_number = $6,
          language = coalesce($7, language), updated_at = now()
        where id = $1 and company_id = $2`,
      [
        auth.userId,
        auth.companyId,
        patch.firstName?.trim() ?? null,
        patch.lastName?.trim() ?? null,
        prefix,
        number,
        patch.language ?? null,
      ],
    );
  } catch (error) {
    if ((error as { constraint?: string }).constraint === 'users_phone_idx')
      throw fieldError('phoneNumber', FIELD_TEXTS.phoneTaken);
    throw error;
  }
  await announceAuthChange(ctx.pool, { userId: auth.userId }, ctx.authCache);
  return getUser(ctx, auth, true);
}

function checkConfirmation(password: string, confirmation: string): void {
  if (password !== confirmation) throw fieldError('passwordConfirmation', 'Passwords do not match');
}

export async function changePassword(
  ctx: AppContext,
  auth: AuthContext,
  input: { currentPassword: string; password: string; passwordConfirmation: string },
  ip: string,
): Promise<void> {
  checkConfirmation(input.password, input.passwordConfirmation);
  await guarded(ctx, { account: { key: auth.userId, userId: auth.userId }, address: ip }, async () => {
    const { rows } = await ctx.pool.query<{ password_hash: string }>(
      'select password_hash from users where id = $1 and company_id = $2',
      [auth.userId, auth.companyId],
    );
    if (!rows[0] || !(await verifyPassword(rows[0].password_hash, input.currentPassword))) {
      throw wrongSecret(fieldError('currentPassword', 'Current password is not correct'));
    }
  });
  const hash = await hashPassword(input.password);
  await withTransaction(ctx.pool, async (db) => {
    await db.query('update users set password_hash = $2, updated_at = now() where id = $1', [auth.userId, hash]);
    await revokeAllSessions(db, auth.userId, 'password_changed', auth.sessionId, ctx.authCache);
    await audit(db, { companyId: auth.companyId, userId: auth.userId, event: 'password.changed', ip });
  });
}

/** Reset requests are limited per client address, known email or not; past the limit they answer 429. */
export async function admitPasswordResetRequest(ctx: AppContext, ip: string): Promise<void> {
  const taken = await takeAttempt(ctx, { scope: 'resetRequest', subject: ip });
  if (!taken.ok) throw new TooManyRequests(taken.retryAfterSeconds);
}

/**
 * Sends a single-use link valid for one hour, at most a few an hour to one user. Unknown addresses get no mail; the
 * route answers before this runs, so both answer in the same time.
 */
export async function requestPasswordReset(ctx: AppContext, email: string, ip: string): Promise<void> {
  const { rows } = await ctx.pool.query<{ id: string; company_id: string; first_name: string; language: string }>(
    'select id, company_id, first_name, language from users where email = $1',
    [email.trim()],
  );
  const user = rows[0];
  if (!user || !(await takeAttempt(ctx, { scope: 'resetMail', subject: user.id })).ok) return;
  const token = randomToken();
  const link = `${ctx.config.publicUrl}/reset-password?token=${encodeURIComponent(token)}`;
  const italian = user.language === 'it';
  const subject = italian
    ? `Reimposta la password di ${ctx.config.productName}`
    : `Reset your ${ctx.config.productName} password`;
  const text = italian
    ? `Ciao ${user.first_name},\n\nper scegliere una nuova password apri questo link entro un'ora:\n${link}\n\nSe non hai chiesto tu il reset, ignora questa email.`
    : `Hello ${user.first_name},\n\nTo choose a new password, open this link within one hour:\n${link}\n\nIf you did not ask for a reset, ignore this email.`;
  await withTransaction(ctx.pool, async (db) => {
    await db.query(
      'insert into password_reset_tokens (company_id, user_id, token_hash, expires_at) values ($1, $2, $3, $4)',
      [user.company_id, user.id, tokenHash(token), new Date(Date.now() + RESET_TTL_MS)],
    );
    await enqueueMail(
      db,
      { companyId: user.company_id, to: email.trim(), subject, text, kind: 'password_reset' },
      Boolean(ctx.config.smtpUrl),
    );
    await audit(db, { companyId: user.company_id, userId: user.id, event: 'password.reset_requested', ip });
  });
}

export async function resetPassword(
  ctx: AppContext,
  input: { token: string; password: string; passwordConfirmation: string },
  ip: string,
): Promise<void> {
  checkConfirmation(input.password, input.passwordConfirmation);
  await guarded(ctx, { address: ip }, () => applyPasswordReset(ctx, input, ip));
}

async function applyPasswordReset(ctx: AppContext, input: { token: string; password: string }, ip: string) {
  const hash = await hashPassword(input.password);
  const done = await withTransaction(ctx.pool, async (db) => {
    const { rows } = await db.query<{ id: number; user_id: string; company_id: string }>(
      `update password_reset_tokens set used_at = now()
        where token_hash = $1 and used_at is null and expires_at > now() returning id, user_id, company_id`,
      [tokenHash(input.token)],
    );
    const row = rows[0];
    if (!row) return false;
    await db.query('update users set password_hash = $2, updated_at = now() where id = $1', [row.user_id, hash]);
    await db.query('update password_reset_tokens set used_at = now() where user_id = $1 and used_at is null', [
      row.user_id,
    ]);
    await revokeAllSessions(db, row.user_id, 'password_reset', undefined, ctx.authCache);
    await audit(db, { companyId: row.company_id, userId: row.user_id, event: 'password.reset', ip });
    return true;
  });
  if (!done) {
    throw wrongSecret(
      gone('reset_token_invalid', 'This reset link has expired or was already used. Please ask for a new one.'),
    );
  }
}
