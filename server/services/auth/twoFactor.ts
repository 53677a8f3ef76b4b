import type { AppContext } from '../../context.ts';
import type { Pool, PoolClient } from '../../db/pool.ts';
import { withTransaction } from '../../db/pool.ts';
import { conflict, HttpError } from '../../http/errors.ts';
import { audit } from '../audit.ts';
import { announceAuthChange } from './authCache.ts';
import { decrypt, encrypt, randomToken, tokenHash } from '../security/crypto.ts';
import { matchingStep, newTotpSecret, totpFor } from './totp.ts';
import { guarded, wrongSecret } from './guessing.ts';

const RECOVERY_CODES = 10;
export const invalidTwoFactor = () => new HttpError(401, 'invalid_2fa_token', 'Invalid 2FA token.');
/**
 * A wrong code in the two-factor settings of a signed-in user: a field error (422), not a 401, which the app takes
 * for an ended session and answers by signing out.
 */
export const INVALID_SETTINGS_CODE = 'Invalid 2FA code. Please try again.';
const wrongSettingsCode = () =>
  new HttpError(422, 'invalid_2fa_token', INVALID_SETTINGS_CODE, { code: [INVALID_SETTINGS_CODE] });

interface TwoFactorRow {
  secret_encrypted: string;
  enabled_at: Date | null;
  last_used_step: number | null;
}

async function load(db: Pool | PoolClient, userId: string, lock = false): Promise<TwoFactorRow | undefined> {
  const { rows } = await db.query<TwoFactorRow>(
    `select secret_encrypted, enabled_at, last_used_step from two_factor where user_id = $1 ${lock ? 'for update' : ''}`,
    [userId],
  );
  return rows[0];
}

export async function isTwoFactorEnabled(db: Pool | PoolClient, userId: string): Promise<boolean> {
  return Boolean((await load(db, userId))?.enabled_at);
}

/** A recovery code reads like `a1b2c-d3e4f`; case and dashes are ignored when checking. */
const normaliseRecovery = (code: string) => code.toLowerCase().replace(/[^a-z0-9]/g, '');

/**
 * Checks a TOTP code (each time step accepted once) or an unused recovery code, inside the caller's transaction.
 */
export async function consumeSecondFactor(
  ctx: AppContext,
  db: PoolClient,
  userId: string,
  code: string,
): Promise<'totp' | 'recovery' | null> {
  const row = await load(db, userId, true);
  if (!row) return null;
  const trimmed = code.trim();
  if (/^\d{6}$/.test(trimmed)) {
    const step = matchingStep(decrypt(ctx.config.secret, row.secret_encrypted), trimmed);
    if (step === null || (row.last_used_step !== null && step <= row.last_used_step)) return null;
    await db.query('update two_factor set last_used_step = $2 where user_id = $1', [userId, step]);
    return 'totp';
  }
  if (!row.enabled_at) return null;
  const { rowCount } = await db.query(
    `update recovery_codes set used_at = now()
      where id = (select id from recovery_codes where user_id = $1 and code_hash = $2 and used_at is null limit 1)`,
    [userId, tokenHash(normaliseRecovery(trimmed))],
  );
  return rowCount === 1 ? 'recovery' : null;
}

async function newRecoveryCodes(db: PoolClient, companyId: string, userId: string): Promise<string[]> {
  await db.query('delete from recovery_codes where user_id = $1', [userId]);
  const codes = Array.from({ length: RECOVERY_CODES }, () => {
    const raw = randomToken(8)
      .toLowerCase()
      .replace(/[^a-z0-9]/g, '')
      .padEnd(10, '0')
      .slice(0, 10);
    return `${raw.slice(0, 5)}-${raw.slice(5)}`;
  });
  for (const code of codes) {
    await db.query('insert into recovery_codes (company_id, user_id, code_hash) values ($1, $2, $3)', [
      companyId,
      userId,
      tokenHash(normaliseRecovery(code)),
    ]);
  }
  return codes;
}

export async function twoFactorStatus(ctx: AppContext, userId: string) {
  const { rows } = await ctx.pool.query<{ enabled: boolean; left: number }>(
    `select coalesce((select enabled_at is not null from two_factor where user_id = $1), false) as enabled,
            (select count(*)::int from recovery_codes where user_id = $1 and used_at is null) as left`,
    [userId],
  );
  return { enabled: rows[0]?.enabled ?? false, recoveryCodesLeft: rows[0]?.left ?? 0 };
}

export async function setupTwoFactor(ctx: AppContext, user: { id: string; companyId: string; email: string }) {
  const existing = await load(ctx.pool, user.id);
  if (existing?.enabled_at) throw conflict('2fa_already_enabled', 'Two-factor authentication is already enabled.');
  const secret = newTotpSecret();
  await ctx.pool.query(
    `insert into two_factor (user_id, company_id, secret_encrypted) values ($1, $2, $3)
     on conflict (user_id) do update set secret_encrypted = excluded.secret_encrypted, last_used_step = null, created_at = now()`,
    [user.id, user.companyId, encrypt(ctx.config.secret, secret)],
  );
  const otpauthUri = totpFor(secret, user.email, ctx.config.productName).toString();
  const { default: QRCode } = await import('qrcode');
  const qrCode = await QRCode.toDataURL(otpauthUri, { errorCorrectionLevel: 'M', margin: 1, width: 240 });
  return { secret, otpauthUri, qrCode };
}

export async function enableTwoFactor(
  ctx: AppContext,
  user: { id: string; companyId: string },
  code: string,
  ip: string,
) {
  return withTransaction(ctx.pool, async (db) => {
    const row = await load(db, user.id, true);
    if (!row) throw conflict('2fa_not_set_up', 'Set up two-factor authentication first.');
    if (row.enabled_at) throw conflict('2fa_already_enabled', 'Two-factor authentication is already enabled.');
    if ((await consumeSecondFactor(ctx, db, user.id, code)) !== 'totp') throw wrongSettingsCode();
    await db.query('update two_factor set enabled_at = now() where user_id = $1', [user.id]);
    const recoveryCodes = await newRecoveryCodes(db, user.companyId, user.id);
    await audit(db, { companyId: user.companyId, userId: user.id, event: '2fa.enabled', ip });
    await announceAuthChange(db, { userId: user.id }, ctx.authCache);
    return { recoveryCodes };
  });
}

/** Wrong codes on disable and on new recovery codes count like wrong passwords (per account and per address). */
const guardCode = <T>(ctx: AppContext, user: { id: string }, ip: string, attempt: () => Promise<T>) =>
  guarded(ctx, { account: { key: user.id, userId: user.id }, address: ip }, attempt);

export async function disableTwoFactor(
  ctx: AppContext,
  user: { id: string; companyId: string },
  code: string,
  ip: string,
) {
  await guardCode(ctx, user, ip, () =>
    withTransaction(ctx.pool, async (db) => {
      const row = await load(db, user.id, true);
      if (!row?.enabled_at) throw conflict('2fa_not_enabled', 'Two-factor authentication is not enabled.');
      if (!(await consumeSecondFactor(ctx, db, user.id, code))) throw wrongSecret(wrongSettingsCode());
      await db.query('delete from two_factor where user_id = $1', [user.id]);
      await db.query('delete from recovery_codes where user_id = $1', [user.id]);
      await audit(db, { companyId: user.companyId, userId: user.id, event: '2fa.disabled', ip });
      await announceAuthChange(db, { userId: user.id }, ctx.authCache);
    }),
  );
}

export async function regenerateRecoveryCodes(
  ctx: AppContext,
  user: { id: string; companyId: string },
  code: string,
  ip: string,
) {
  return guardCode(ctx, user, ip, () =>
    withTransaction(ctx.pool, async (db) => {
      const row = await load(db, user.id, true);
      if (!row?.enabled_at) throw conflict('2fa_not_enabled', 'Two-factor authentication is not enabled.');
      if ((await consumeSecondFactor(ctx, db, user.id, code)) !== 'totp') throw wrongSecret(wrongSettingsCode());
      const recoveryCodes = await newRecoveryCodes(db, user.companyId, user.id);
      await audit(db, { companyId: user.companyId, userId: user.id, event: '2fa.recovery_codes_regenerated', ip });
      return { recoveryCodes };
    }),
  );
}
