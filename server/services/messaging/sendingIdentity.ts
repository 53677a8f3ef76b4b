import type { Queryable } from '../../db/tenant.ts';
import type { Scope } from '../scope.ts';
import { decrypt } from '../security/crypto.ts';

/**
 * Who a campaign is sent as: the one reader of a sender for sending (the engine, test sends, the warm-up quota and
 * the pre-send checklist): the sender, its verification, relay, limits and warm-up plan, and its domain's DKIM key
 * and return-path host. It answers an unverified sender too, with `verified: false`, so each caller decides: the
 * checklist blocks sending, and the engine pauses a campaign whose sender lost its verification while sending
 * (batch.ts). Another company's sender is null, as row-level security and the company filter both say.
 */
export interface SendingIdentity {
  id: number;
  name: string;
  address: string;
  replyTo: string | null;
  verified: boolean;
  /** The sender's own relay (decrypted); null: the installation's SMTP_URL. */
  relayUrl: string | null;
  ratePerMinute: number | null;
  warmup: { enabled: boolean; startedOn: string | null; initial: number; increasePct: number };
  /** DKIM key of the sender's domain (decrypted PEM), when it has one. */
  dkim: { domainName: string; keySelector: string; privateKey: string } | null;
  /** Where bounces come back (VERP host): the domain's return-path host, else RETURN_PATH_DOMAIN. */
  returnPathHost: string;
}

interface Row {
  id: number;
  name: string;
  address: string;
  reply_to: string | null;
  verified: boolean;
  relay_url: string | null;
  rate_per_minute: number | null;
  warmup_enabled: boolean;
  warmup_started_on: string | null;
  warmup_initial: number;
  warmup_increase_pct: string;
  domain: string | null;
  dkim_selector: string | null;
  dkim_private_key: string | null;
  return_path_host: string | null;
}

/** The sender as it sends now; null when the company has no such sender. */
export async function sendingIdentity(scope: Scope, senderId: number): Promise<SendingIdentity | null> {
  const { rows } = await scope.db.query<Row>(
    `select s.id::int, s.name, s.address::text, s.reply_to::text, s.verified_at is not null as verified, s.relay_url,
            s.rate_per_minute, s.warmup_enabled, s.warmup_started_on::text, s.warmup_initial,
            s.warmup_increase_pct::text, d.domain::text, d.dkim_selector, d.dkim_private_key, d.return_path_host
       from senders s left join sending_domains d on d.company_id = s.company_id and d.id = s.domain_id
      where s.company_id = $1 and s.id = $2`,
    [scope.companyId, senderId],
  );
  const row = rows[0];
  if (!row) return null;
  const secret = scope.config.secret;
  return {
    id: row.id,
    name: row.name,
    address: row.address,
    replyTo: row.reply_to,
    verified: row.verified,
    relayUrl: row.relay_url ? decrypt(secret, row.relay_url) : null,
    ratePerMinute: row.rate_per_minute,
    warmup: {
      enabled: row.warmup_enabled,
      startedOn: row.warmup_started_on,
      initial: row.warmup_initial,
      increasePct: Number(row.warmup_increase_pct),
    },
    dkim:
      row.domain && row.dkim_selector && row.dkim_private_key
        ? { domainName: row.domain, keySelector: row.dkim_selector, privateKey: decrypt(secret, row.dkim_private_key) }
        : null,
    returnPathHost: row.return_path_host || scope.config.returnPathDomain,
  };
}

/**
 * Pauses the sending campaigns of a sender that lost its verification (its address changed), or one campaign, with
 * the reason `sender_unverified`. What Brevo and Mailchimp users expect: mail never leaves from an address nobody
 * confirmed, and nothing is lost either: the campaign keeps its frozen recipients, says why it waits, and sends the
 * rest once the sender is verified again and someone resumes it. A batch checks the status before each window, so
 * a batch already running stops within it. Mail already sent stays sent, from the address verified at the time.
 */
export async function pauseForUnverifiedSender(
  db: Queryable,
  companyId: string,
  which: { senderId: number } | { messageId: number },
) {
  await db.query(
    `update messages set status = 'paused', pending_reason = 'sender_unverified', updated_at = now()
      where company_id = $1 and status = 'sending' and ${'senderId' in which ? 'sender_id' : 'id'} = $2`,
    [companyId, 'senderId' in which ? which.senderId : which.messageId],
  );
}
