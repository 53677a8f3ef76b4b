import { convert } from 'html-to-text';
import type { PoolClient } from '../../../db/pool.ts';
import { emitWebhookEvent } from '../../integrations/outbox.ts';
import { enqueueMail } from '../../mail/outbox.ts';
import type { Scope } from '../../scope.ts';
import { parseInboundAddress } from '../tokens.ts';
import { announceTimeline } from './apply.ts';

/** The part of a reply the timeline shows before it is expanded, and the most of its text the timeline keeps. */
export const REPLY_SNIPPET_CHARS = 200;
export const REPLY_TIMELINE_TEXT_CHARS = 4000;
/** The most of a reply's text the `message.received` webhook carries; GET /incoming-messages/{id} has all of it. */
export const REPLY_WEBHOOK_TEXT_CHARS = 20_000;

/** HTML-only mail as text: links keep their address, images are dropped. The HTML itself is never served. */
const TEXT_OPTIONS = {
  wordwrap: 100,
  selectors: [
    { selector: 'img', format: 'skip' },
    { selector: 'a', options: { hideLinkHrefIfSameAsText: true } },
  ],
};

/** The text of a message: its text part, else its HTML part converted to text, else nothing. */
export function plainTextOf(text: string | null, html: string | null): string {
  if (text?.trim()) return text;
  return html ? convert(html, TEXT_OPTIONS) : '';
}

export interface Reply {
  /** From the reply address: the message and recipient it answers (0 when the address names only the company). */
  messageId: number;
  recipientId: number;
  from: string | null;
  /** The address it was delivered to (the SMTP envelope's recipient), when known. */
  to?: string | null;
  subject: string | null;
  text: string | null;
  html: string | null;
  headerMessageId: string | null;
  inReplyTo: string | null;
  at: Date;
}

export type StoredReply = { kind: 'stored'; id: number; contactId: number | null } | { kind: 'duplicate' };

/** The text with quoted lines and runs of blank space dropped, cut to `max` characters. */
export function snippetOf(text: string | null, max = REPLY_SNIPPET_CHARS): string {
  const body = (text ?? '')
    .split('\n')
    .filter((line) => !line.trimStart().startsWith('>'))
    .join(' ')
    .replace(/\s+/g, ' ')
    .trim();
  return body.length > max ? `${body.slice(0, max - 1)}…` : body;
}

const escapeHtml = (text: string) =>
  text.replace(/[&<>"]/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;' })[c]!);

/** The campaign a reply answers, as its forward needs it. */
interface Answered {
  name: string;
  subject: string | null;
  /** The campaign's reply-to, else its sender's reply-to, else the sender's address; null without a sender. */
  forwardTo: string | null;
}

/**
 * Forwards a stored reply through the outbox (in the caller's transaction) to the address the campaign's replies
 * would have reached without Missiva in between: the campaign's reply-to, else its sender's, else the sender's own
 * address. The forward carries the replier as its Reply-To, so answering it writes to the contact, and a short note
 * in English and Italian above the reply (system mail has no recipient language). Never to one of our own signed
 * addresses, so a misconfigured reply-to cannot loop.
 */
async function forwardReply(scope: Scope, db: PoolClient, reply: Reply, answered: Answered) {
  const to = answered.forwardTo;
  if (!to || parseInboundAddress(scope.config.secret, to)) return;
  const who = reply.from ?? 'Someone / Qualcuno';
  const note =
    `${who} replied to the campaign "${answered.name}". The reply is recorded on the contact's timeline in ` +
    `${scope.config.productName}; answer this email to write back.\n` +
    `${who} ha risposto alla campagna "${answered.name}". La risposta è registrata nella cronologia del contatto ` +
    `in ${scope.config.productName}; rispondi a questa email per scrivergli.`;
  await enqueueMail(
    db,
    {
      companyId: scope.companyId,
      to,
      ...(reply.from ? { replyTo: reply.from } : {}),
      subject: reply.subject?.trim() || `Re: ${answered.subject ?? answered.name}`,
      text: `${note}\n\n----\n\n${reply.text ?? ''}`,
      ...(reply.html ? { html: `<p>${escapeHtml(note).replace('\n', '<br>')}</p><hr>${reply.html}` } : {}),
      kind: 'reply_forward',
    },
    Boolean(scope.config.smtpUrl),
    true,
  );
}

/**
 * Stores a reply in the company its address names: linked to the message and recipient when the address says so
 * (and to the recipient's contact), otherwise to the company's contact with the From address. A contact of another
 * company cannot be reached: the statements run bound to this company under row-level security. The same Message-ID
 * twice (a sender retrying after a lost answer) is stored once. A `replied` event, a timeline entry and the
 * `message.received` webhook event (in the same transaction, so it is sent exactly when the reply is stored) follow,
 * and a reply to a campaign is forwarded to the campaign's reply-to (forwardReply), once like it is stored.
 */
export async function storeReply(scope: Scope, reply: Reply): Promise<StoredReply> {
  const stored = await scope.db.transaction(async (db): Promise<StoredReply> => {
    let messageId: number | null = null;
    let recipientId: number | null = null;
    let contactId: number | null = null;
    let channel = 'email';
    let answered: Answered | null = null;
    if (reply.messageId > 0) {
      const { rows } = await db.query<
        Answered & { recipientId: number | null; contactId: number | null; channel: string }
      >(
        `select r.id::int as "recipientId", r.contact_id::int as "contactId", m.channel, m.name, m.subject,
                coalesce(nullif(m.reply_to::text, ''), nullif(s.reply_to::text, ''), s.address::text) as "forwardTo"
           from messages m
           left join message_recipients r on r.company_id = m.company_id and r.message_id = m.id and r.id = $3
           left join senders s on s.company_id = m.company_id and s.id = m.sender_id
          where m.company_id = $1 and m.id = $2`,
        [scope.companyId, reply.messageId, reply.recipientId],
      );
      if (rows[0]) {
        messageId = reply.messageId;
        recipientId = rows[0].recipientId;
        contactId = rows[0].contactId;
        channel = rows[0].channel;
        answered = rows[0];
      }
    }
    if (contactId === null && reply.from) {
      const { rows } = await db.query<{ id: number }>(
        `select id::int from contacts where company_id = $1 and email = $2 and anonymised_at is null`,
        [scope.companyId, reply.from],
      );
      contactId = rows[0]?.id ?? null;
    }
    const inserted = await db.query<{ id: number }>(
      `insert into incoming_messages (company_id, channel, contact_id, message_id, recipient_id, from_address, subject,
         text_body, html, received_at, header_message_id, in_reply_to, to_address)
       values ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12, $13)
       on conflict (company_id, header_message_id) where header_message_id is not null do nothing
       returning id::int`,
      [
        scope.companyId,
        channel,
        contactId,
        messageId,
        recipientId,
        reply.from ?? '',
        reply.subject,
        reply.text,
        reply.html,
        reply.at,
        reply.headerMessageId,
        reply.inReplyTo,
        reply.to ?? null,
      ],
    );
    const id = inserted.rows[0]?.id;
    if (id === undefined) return { kind: 'duplicate' };
    if (answered) await forwardReply(scope, db, reply, answered);
    if (messageId !== null) {
      await db.query(
        `insert into message_events (company_id, message_id, recipient_id, contact_id, channel, type, detail, created_at)
         values ($1, $2, $3, $4, $5, 'replied', $6, $7)`,
        [scope.companyId, messageId, recipientId, contactId, channel, { incomingId: id }, reply.at],
      );
    }
    if (contactId !== null) {
      const text = (reply.text ?? '').slice(0, REPLY_TIMELINE_TEXT_CHARS);
      await db.query(
        `insert into contact_events (company_id, contact_id, type, payload, created_at)
         values ($1, $2, 'message.replied', $3, $4)`,
        [
          scope.companyId,
          contactId,
          {
            incomingId: id,
            ...(messageId !== null ? { messageId } : {}),
            channel,
            from: reply.from,
            subject: reply.subject,
            snippet: snippetOf(reply.text),
            text,
          },
          reply.at,
        ],
      );
    }
    await emitWebhookEvent(db, scope.companyId, 'message.received', {
      id,
      channel,
      from: reply.from ?? '',
      to: reply.to ?? null,
      subject: reply.subject,
      text: plainTextOf(reply.text, reply.html).slice(0, REPLY_WEBHOOK_TEXT_CHARS),
      contactId,
      inReplyToMessageId: messageId,
      receivedAt: reply.at.toISOString(),
    });
    return { kind: 'stored', id, contactId };
  });
  if (stored.kind === 'stored' && stored.contactId !== null) announceTimeline(scope, stored.contactId);
  return stored;
}
