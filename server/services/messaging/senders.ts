import type { AppContext } from '../../context.ts';
import type { Queryable } from '../../db/tenant.ts';
import { conflict, fieldError, invalid, notFound, TooManyRequests } from '../../http/errors.ts';
import { enqueueMail } from '../mail/outbox.ts';
import { encrypt, randomToken, tokenHash } from '../security/crypto.ts';
import type { Scope } from '../scope.ts';
import { domainOf, ensureSendingDomain } from './domains.ts';
import { pauseForUnverifiedSender } from './sendingIdentity.ts';
import type { components } from '../../../shared/contract/schema.d.ts';
import { FIELD_TEXTS } from '../../../shared/fieldTexts.ts';
import { LIVE_CHANNELS, type Channel } from '../../../shared/messaging.ts';
import { SENDER_TEXTS, SENDER_VERIFICATION } from '../../../shared/senders.ts';

/**
 * Senders: who a message comes from. A sender is verified by a link emailed to its address (a random token kept
 * hashed, valid 48 hours, replaced on every resend); only verified senders can send (the engine reads a sender
 * through `sendingIdentity`). A sender's domain gets its sending domain (DKIM key, DNS records) the first time one of
 * its addresses is added.
 */

export type Sender = components['schemas']['Sender'];
export type SenderInput = components['schemas']['SenderInput'];
export type SenderPatch = components['schemas']['SenderPatch'];

interface SenderRow {
  id: number;
  channel: Channel;
  name: string;
  address: string;
  reply_to: string | null;
  domain_id: number | null;
  verified_at: string | null;
  verification_sent_at: string | null;
  expired: boolean;
  relay_url: string | null;
  rate_per_minute: number | null;
  warmup_enabled: boolean;
  warmup_started_on: string | null;
  warmup_initial: number;
  warmup_increase_pct: string;
  created_at: string;
  updated_at: string;
}

const SELECT = `select id, channel, name, address, reply_to, domain_id,
  to_json(verified_at) #>> '{}' as verified_at, to_json(verification_sent_at) #>> '{}' as verification_sent_at,
  verification_sent_at < now() - make_interval(hours => ${SENDER_VERIFICATION.validHours}) as expired,
  relay_url, rate_per_minute, warmup_enabled, to_char(warmup_started_on, 'YYYY-MM-DD') as warmup_started_on,
  warmup_initial, warmup_increase_pct, to_json(created_at) #>> '{}' as created_at,
  to_json(updated_at) #>> '{}' as updated_at from senders`;

function present(row: SenderRow): Sender {
  return {
    id: row.id,
    channel: row.channel,
    name: row.name,
    address: row.address,
    replyTo: row.reply_to,
    domainId: row.domain_id,
    status: row.verified_at ? 'verified' : row.expired ? 'expired' : 'pending',
    verifiedAt: row.verified_at,
    verificationSentAt: row.verification_sent_at,
    relayConfigured: row.relay_url !== null,
    ratePerMinute: row.rate_per_minute,
    warmup: {
      enabled: row.warmup_enabled,
      startedOn: row.warmup_started_on,
      initial: row.warmup_initial,
      increasePct: Number(row.warmup_increase_pct),
    },
    createdAt: row.created_at,
    updatedAt: row.updated_at,
  };
}

async function senderRow(scope: Scope, channel: Channel, senderId: number, db: Queryable = scope.db) {
  const { rows } = await db.query<SenderRow>(`${SELECT} where company_id = $1 and channel = $2 and id = $3`, [
    scope.companyId,
    channel,
    senderId,
  ]);
  if (!rows[0]) throw notFound();
  return rows[0];
}

export async function listSenders(scope: Scope, channel: Channel): Promise<Sender[]> {
  const { rows } = await scope.db.query<SenderRow>(
    `${SELECT} where company_id = $1 and channel = $2 order by address, id`,
    [scope.companyId, channel],
  );
  return rows.map(present);
}

export async function getSender(scope: Scope, channel: Channel, senderId: number): Promise<Sender> {
  return present(await senderRow(scope, channel, senderId));
}

/** Channels whose senders can be added now; the others answer 422 until their sending is built. */
function checkChannel(channel: Channel) {
  if (!LIVE_CHANNELS.includes(channel)) throw fieldError('address', SENDER_TEXTS.channelNotLive);
}

function checkedName(name: string): string {
  const trimmed = name.trim();
  if (!trimmed) throw invalid({ name: [FIELD_TEXTS.nameRequired] });
  return trimmed;
}

const isUniqueViolation = (error: unknown) => (error as { code?: string }).code === '23505';

/**
 * Emails a new verification link to the sender's address through the outbox, in the caller's transaction, and
 * stores the hash of its token with the time it was sent (the link is valid 48 hours from then).
 */
async function sendVerification(scope: Scope, db: Queryable, sender: { id: number; name: string; address: string }) {
  const token = randomToken();
  await db.query(
    `update senders set verification_token_hash = $3, verification_sent_at = now(), updated_at = now()
      where company_id = $1 and id = $2`,
    [scope.companyId, sender.id, tokenHash(token)],
  );
  const link = `${scope.config.publicUrl}/api${SENDER_VERIFICATION.path}?token=${encodeURIComponent(token)}`;
  const product = scope.config.productName;
  await enqueueMail(
    db as Parameters<typeof enqueueMail>[0],
    {
      companyId: scope.companyId,
      to: sender.address,
      subject: `Confirm ${sender.address} as a sender on ${product} / Conferma ${sender.address} come mittente`,
      text:
        `${sender.name} <${sender.address}> was added as a sender on ${product}. To confirm that this address may ` +
        `send, open this link within ${SENDER_VERIFICATION.validHours} hours:\n${link}\n\n` +
        `${sender.name} <${sender.address}> è stato aggiunto come mittente su ${product}. Per confermare che questo ` +
        `indirizzo può inviare, apri questo link entro ${SENDER_VERIFICATION.validHours} ore:\n${link}\n\n` +
        'If you did not expect this email, ignore it. / Se non ti aspettavi questa email, ignorala.',
      kind: 'sender_verification',
    },
    Boolean(scope.config.smtpUrl),
    true,
  );
}

function sealedRelay(scope: Scope, relayUrl: string | null | undefined): string | null {
  return relayUrl ? encrypt(scope.config.secret, relayUrl) : null;
}

export async function createSender(scope: Scope, channel: Channel, input: SenderInput): Promise<Sender> {
  checkChannel(channel);
  const name = checkedName(input.name);
  const address = input.address.trim();
  try {
    const id = await scope.db.transaction(async (db) => {
      const domainId = await ensureSendingDomain(scope, db, domainOf(address));
      const { rows } = await db.query<{ id: number }>(
        `insert into senders (company_id, channel, name, address, reply_to, domain_id, relay_url, rate_per_minute,
                              warmup_enabled, warmup_started_on, warmup_initial, warmup_increase_pct)
         values ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12) returning id`,
        [
          scope.companyId,
          channel,
          name,
          address,
          input.replyTo?.trim() || null,
          domainId,
          sealedRelay(scope, input.relayUrl),
          input.ratePerMinute ?? null,
          input.warmup?.enabled ?? false,
          input.warmup?.startedOn ?? null,
          input.warmup?.initial ?? 3000,
          input.warmup?.increasePct ?? 15,
        ],
      );
      const senderId = rows[0]!.id;
      await sendVerification(scope, db, { id: senderId, name, address });
      return senderId;
    });
    return getSender(scope, channel, id);
  } catch (error) {
    if (isUniqueViolation(error)) throw fieldError('address', SENDER_TEXTS.addressTaken);
    throw error;
  }
}

/**
 * Changes a sender; a new address loses the verification, gets its domain, and is sent a new link, and the
 * campaigns sending from it pause until it is verified again (pauseForUnverifiedSender).
 */
export async function updateSender(
  scope: Scope,
  channel: Channel,
  senderId: number,
  patch: SenderPatch,
): Promise<Sender> {
  try {
    await scope.db.transaction(async (db) => {
      const current = await senderRow(scope, channel, senderId, db);
      const address = patch.address?.trim();
      const readdressed = address !== undefined && address.toLowerCase() !== current.address.toLowerCase();
      const sets: string[] = [];
      const values: unknown[] = [scope.companyId, senderId];
      const set = (column: string, value: unknown) => {
        values.push(value);
        sets.push(`${column} = $${values.length}`);
      };
      if (patch.name !== undefined) set('name', checkedName(patch.name));
      if (patch.replyTo !== undefined) set('reply_to', patch.replyTo?.trim() || null);
      if (patch.relayUrl !== undefined) set('relay_url', sealedRelay(scope, patch.relayUrl));
      if (patch.ratePerMinute !== undefined) set('rate_per_minute', patch.ratePerMinute);
      if (patch.warmup) {
        set('warmup_enabled', patch.warmup.enabled);
        set('warmup_started_on', patch.warmup.startedOn);
        set('warmup_initial', patch.warmup.initial);
        set('warmup_increase_pct', patch.warmup.increasePct);
      }
      if (address !== undefined) set('address', address);
      if (readdressed) {
        set('domain_id', await ensureSendingDomain(scope, db, domainOf(address)));
        sets.push('verified_at = null');
      }
      await db.query(
        `update senders set ${[...sets, 'updated_at = now()'].join(', ')} where company_id = $1 and id = $2`,
        values,
      );
      if (readdressed) {
        await sendVerification(scope, db, { id: senderId, name: patch.name?.trim() || current.name, address });
        await pauseForUnverifiedSender(db, scope.companyId, { senderId });
      }
    });
  } catch (error) {
    if (isUniqueViolation(error)) throw fieldError('address', SENDER_TEXTS.addressTaken);
    throw error;
  }
  return getSender(scope, channel, senderId);
}

/** Statuses of a message that will still send: its sender cannot go. */
const UNFINISHED = ['draft', 'scheduled', 'sending', 'paused'];

export async function deleteSender(scope: Scope, channel: Channel, senderId: number): Promise<void> {
  await scope.db.transaction(async (db) => {
    // Locks the sender, so a message cannot start using it between the check and the delete.
    const { rows } = await db.query(
      'select id from senders where company_id = $1 and channel = $2 and id = $3 for update',
      [scope.companyId, channel, senderId],
    );
    if (!rows[0]) throw notFound();
    const used = await db.query(
      'select 1 from messages where company_id = $1 and sender_id = $2 and status = any($3) limit 1',
      [scope.companyId, senderId, UNFINISHED],
    );
    if (used.rowCount) throw conflict('sender_in_use', SENDER_TEXTS.inUse);
    await db.query('delete from senders where company_id = $1 and id = $2', [scope.companyId, senderId]);
  });
}

/** Emails a new link (the old one stops working); at most one a minute per sender, and never to a verified one. */
export async function resendVerification(scope: Scope, channel: Channel, senderId: number): Promise<Sender> {
  await scope.db.transaction(async (db) => {
    const { rows } = await db.query<{
      name: string;
      address: string;
      verified: boolean;
      wait: number | null;
    }>(
      `select name, address, verified_at is not null as verified,
              ceil(extract(epoch from verification_sent_at + make_interval(secs => $4) - now()))::int as wait
         from senders where company_id = $1 and channel = $2 and id = $3 for update`,
      [scope.companyId, channel, senderId, SENDER_VERIFICATION.resendAfterSeconds],
    );
    const sender = rows[0];
    if (!sender) throw notFound();
    if (sender.verified) throw conflict('sender_verified', SENDER_TEXTS.alreadyVerified);
    if (sender.wait !== null && sender.wait > 0) throw new TooManyRequests(sender.wait);
    await sendVerification(scope, db, { id: senderId, name: sender.name, address: sender.address });
  });
  return getSender(scope, channel, senderId);
}

export type VerificationOutcome = 'verified' | 'expired' | 'unknown';

/** What the link's page shows before anything changes: the sender it names and whether it can still be confirmed. */
export type VerificationState =
  | { outcome: 'pending'; name: string; address: string }
  | { outcome: VerificationOutcome; name?: undefined; address?: undefined };

/**
 * Reads the sender a link names without changing it (a mail scanner following the link must not verify it): pending
 * with its name and address when the person can confirm it, else the outcome a confirmation would answer.
 */
export async function senderVerificationState(
  ctx: Pick<AppContext, 'pool'>,
  token: string,
): Promise<VerificationState> {
  const { rows } = await ctx.pool.query<{ name: string; address: string; verified: boolean; expired: boolean }>(
    `select name, address::text, verified_at is not null as verified,
            verification_sent_at < now() - make_interval(hours => $2) as expired
       from senders where verification_token_hash = $1`,
    [tokenHash(token), SENDER_VERIFICATION.validHours],
  );
  const sender = rows[0];
  if (!sender) return { outcome: 'unknown' };
  if (sender.verified) return { outcome: 'verified' };
  if (sender.expired) return { outcome: 'expired' };
  return { outcome: 'pending', name: sender.name, address: sender.address };
}

/**
 * The page's confirmation (a POST): finds the sender by the hash of its token (before the company is known, so on
 * the system pool) and marks it verified when the link is at most 48 hours old. The token stays until another is
 * sent, so confirming again still says verified; an older link says expired; an unknown or replaced one says unknown.
 */
export async function verifySender(ctx: Pick<AppContext, 'pool'>, token: string): Promise<VerificationOutcome> {
  const hash = tokenHash(token);
  const { rows } = await ctx.pool.query<{ verified: boolean; expired: boolean }>(
    `select verified_at is not null as verified,
            verification_sent_at < now() - make_interval(hours => $2) as expired
       from senders where verification_token_hash = $1`,
    [hash, SENDER_VERIFICATION.validHours],
  );
  const sender = rows[0];
  if (!sender) return 'unknown';
  if (sender.verified) return 'verified';
  if (sender.expired) return 'expired';
  await ctx.pool.query(
    `update senders set verified_at = coalesce(verified_at, now()), updated_at = now()
      where verification_token_hash = $1`,
    [hash],
  );
  return 'verified';
}
