import type { AppContext, AuthContext } from '../../context.ts';
import { withTransaction } from '../../db/pool.ts';
import { fieldError, gone, notFound } from '../../http/errors.ts';
import { FIELD_TEXTS } from '../../../shared/fieldTexts.ts';
import { audit } from '../audit.ts';
import { enqueueMail } from '../mail/outbox.ts';
import { randomToken, tokenHash } from '../security/crypto.ts';

/** How long the link sent to the new address stays valid. */
export const EMAIL_CHANGE_TTL_MS = 24 * 60 * 60 * 1000;
export const EMAIL_CHANGE_LINK_TEXT = 'This confirmation link has expired or was already used. Please ask again.';

/**
 * Records a requested email change and, in the same transaction, queues two mails through the system outbox: the
 * signed link (a random token stored only as its hash) to the new address, and a notice to the current one.
 */
export async function requestEmailChange(ctx: AppContext, auth: AuthContext, email: string, ip: string) {
  const newEmail = email.trim();
  await withTransaction(ctx.pool, async (db) => {
    const { rows } = await db.query<{ email: string; first_name: string; language: string }>(
      'select email, first_name, language from users where id = $1 and company_id = $2',
      [auth.userId, auth.companyId],
    );
    const user = rows[0];
    if (!user) throw notFound();
    const taken = await db.query('select 1 from users where email = $1', [newEmail]);
    if (taken.rowCount) throw fieldError('email', FIELD_TEXTS.emailTaken);
    const token = randomToken();
    await db.query(
      `insert into email_change_tokens (company_id, user_id, new_email, token_hash, expires_at)
       values ($1, $2, $3, $4, $5)`,
      [auth.companyId, auth.userId, newEmail, tokenHash(token), new Date(Date.now() + EMAIL_CHANGE_TTL_MS)],
    );
    const link = `${ctx.config.publicUrl}/account/email/confirm?token=${encodeURIComponent(token)}`;
    const it = user.language === 'it';
    const product = ctx.config.productName;
    const smtp = Boolean(ctx.config.smtpUrl);
    await enqueueMail(
      db,
      {
        companyId: auth.companyId,
        to: newEmail,
        kind: 'email_change_confirm',
        subject: it ? `Conferma il nuovo indirizzo email di ${product}` : `Confirm your new ${product} email address`,
        text: it
          ? `Ciao ${user.first_name},\n\nper usare questo indirizzo per accedere apri questo link entro 24 ore:\n${link}`
          : `Hello ${user.first_name},\n\nTo sign in with this address from now on, open this link within 24 hours:\n${link}`,
      },
      smtp,
    );
    await enqueueMail(
      db,
      {
        companyId: auth.companyId,
        to: user.email,
        kind: 'email_change_notice',
        subject: it ? `Richiesta di cambio email su ${product}` : `Email change requested on ${product}`,
        text: it
          ? `Ciao ${user.first_name},\n\nè stato chiesto di cambiare l'email di accesso in ${newEmail}. Se non sei stato tu, cambia la password.`
          : `Hello ${user.first_name},\n\nSomeone asked to change your sign-in email to ${newEmail}. If it was not you, change your password.`,
      },
      smtp,
    );
    await audit(db, {
      companyId: auth.companyId,
      userId: auth.userId,
      event: 'email.change_requested',
      ip,
      details: { to: newEmail },
    });
  });
}

/** Applies the change a valid, unused, unexpired link asks for; any other token answers 410. */
export async function confirmEmailChange(ctx: AppContext, token: string, ip: string): Promise<{ email: string }> {
  const changed = await withTransaction(ctx.pool, async (db) => {
    const { rows } = await db.query<{ company_id: string; user_id: string; new_email: string }>(
      `update email_change_tokens set used_at = now()
        where token_hash = $1 and used_at is null and expires_at > now() returning company_id, user_id, new_email`,
      [tokenHash(token)],
    );
    const row = rows[0];
    if (!row) return null;
    const taken = await db.query('select 1 from users where email = $1 and id <> $2', [row.new_email, row.user_id]);
    if (taken.rowCount) throw fieldError('email', FIELD_TEXTS.emailTaken);
    await db.query('update users set email = $2, updated_at = now() where id = $1 and company_id = $3', [
      row.user_id,
      row.new_email,
      row.company_id,
    ]);
    // Other links of the same user end with this one.
    await db.query(
      'update email_change_tokens set used_at = now() where company_id = $1 and user_id = $2 and used_at is null',
      [row.company_id, row.user_id],
    );
    await audit(db, {
      companyId: row.company_id,
      userId: row.user_id,
      event: 'email.changed',
      ip,
      details: { to: row.new_email },
    });
    return { email: row.new_email };
  });
  if (!changed) throw gone('email_change_token_invalid', EMAIL_CHANGE_LINK_TEXT);
  return changed;
}
