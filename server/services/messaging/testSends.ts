import nodemailer from 'nodemailer';
import type { MessageContent } from '../../channels/adapter.ts';
import { emailAdapter } from '../../channels/email/adapter.ts';
import { EmbeddedTooLargeError, ImageFetchError } from '../../channels/email/images.ts';
import { prepareEmail } from '../../channels/email/render.ts';
import { smtpTransportOptions } from '../../channels/email.ts';
import { HttpError, invalid, notFound } from '../../http/errors.ts';
import { credit, debit, type DebitResult } from '../billing/ledger.ts';
import { InsufficientCredits } from '../billing/sends.ts';
import type { Scope } from '../scope.ts';
import { contactScope, CONTACT_MERGE_FIELDS, type ContactForMerge } from './liquid.ts';
import { sendingIdentity, type SendingIdentity } from './sendingIdentity.ts';
import type { components } from '../../../shared/contract/schema.d.ts';
import { BILLING_TEXTS } from '../../../shared/billing.ts';
import { LIVE_CHANNELS, MESSAGING_TEXTS, type Channel } from '../../../shared/messaging.ts';
import { ENGINE_TEXTS } from '../../../shared/sending.ts';

type Input = components['schemas']['TestSendInput'];
type Result = components['schemas']['TestSendResult'];

/** Merge values of a test send without a chosen contact. */
const SAMPLE_CONTACT: Record<(typeof CONTACT_MERGE_FIELDS)[number], string> = {
  email: 'ada.lovelace@example.com',
  first_name: 'Ada',
  last_name: 'Lovelace',
  phone_prefix: '44',
  phone_number: '2079460000',
  country: 'GB',
  language: 'en',
  address: '12 St James’s Square, London',
};

const failed = () => new HttpError(502, 'test_send_failed', MESSAGING_TEXTS.testSendFailed);

interface Source {
  subject: string | null;
  preview_text: string | null;
  from_name: string | null;
  reply_to: string | null;
  html: string | null;
  text_body: string | null;
  embed_images: boolean;
  mirror_link: boolean;
  category: 'marketing' | 'transactional';
  sender_id: number | null;
}

async function source(scope: Scope, channel: Channel, input: Input): Promise<Source> {
  const sql = input.messageId
    ? `select subject, preview_text, from_name, reply_to::text, html, text_body, embed_images, mirror_link, category,
              sender_id::int from messages where company_id = $1 and id = $2 and channel = $3`
    : `select subject, null as preview_text, null as from_name, null as reply_to, html, text_body,
              false as embed_images, false as mirror_link, 'marketing' as category, null::int as sender_id
         from templates where company_id = $1 and id = $2 and channel = $3`;
  const { rows } = await scope.db.query<Source>(sql, [scope.companyId, input.messageId ?? input.templateId, channel]);
  if (!rows[0]) throw notFound();
  return rows[0];
}

/** The message's sender; for a template, the company's first verified sender; else the installation's MAIL_FROM. */
async function identityFor(scope: Scope, senderId: number | null): Promise<SendingIdentity> {
  if (senderId === null) {
    const { rows } = await scope.db.query<{ id: number }>(
      `select id::int from senders where company_id = $1 and channel = 'email' and verified_at is not null
        order by id limit 1`,
      [scope.companyId],
    );
    senderId = rows[0]?.id ?? null;
  }
  const identity = senderId === null ? null : await sendingIdentity(scope, senderId);
  if (identity) return identity;
  const match = /^\s*(?:"?([^"<]*)"?\s*)?<?([^<>\s]+@[^<>\s]+)>?\s*$/.exec(scope.config.mailFrom);
  return {
    id: 0,
    name: match?.[1]?.trim() || scope.config.productName,
    address: match?.[2] ?? 'no-reply@localhost',
    replyTo: null,
    verified: true,
    relayUrl: null,
    ratePerMinute: null,
    warmup: { enabled: false, startedOn: null, initial: 0, increasePct: 0 },
    dkim: null,
    returnPathHost: scope.config.returnPathDomain,
  };
}

async function mergeContact(scope: Scope, contactId: number | undefined) {
  if (!contactId) return { ...SAMPLE_CONTACT };
  const { rows } = await scope.db.query<ContactForMerge>(
    `select email::text, first_name, last_name, phone_prefix, phone_number, country, language, address, attributes
       from contacts where company_id = $1 and id = $2`,
    [scope.companyId, contactId],
  );
  if (!rows[0]) throw notFound();
  const names = await scope.db.query<{ id: string; name: string }>(
    'select id::text, name from contact_attributes where company_id = $1',
    [scope.companyId],
  );
  return contactScope(rows[0], new Map(names.rows.map((r) => [r.id, r.name])));
}

/**
 * Sends a template or a campaign to up to 10 addresses as the chosen contact (or sample values) would get it: the
 * subject prefixed "[Test]", no tracking. 502 with the spec's text when the SMTP server refuses any address. Each
 * address is paid for before the send (402 when the balance is short) and refunded when it was not accepted.
 */
export async function sendTestMessages(scope: Scope, channel: Channel, input: Input): Promise<Result> {
  if (!LIVE_CHANNELS.includes(channel)) throw new HttpError(409, 'channel_not_live', ENGINE_TEXTS.channelNotLive);
  if (Boolean(input.messageId) === Boolean(input.templateId))
    throw invalid({ [input.messageId ? 'templateId' : 'messageId']: [ENGINE_TEXTS.sourceRequired] });
  const found = await source(scope, channel, input);
  const merge = await mergeContact(scope, input.contactId);
  const identity = await identityFor(scope, found.sender_id);
  const content: MessageContent = {
    companyId: scope.companyId,
    messageId: input.messageId ?? 0,
    channel,
    subject: found.subject,
    previewText: found.preview_text,
    fromName: found.from_name,
    fromAddress: identity.address,
    replyTo: found.reply_to,
    html: found.html,
    text: found.text_body,
    embedImages: found.embed_images,
    mirrorLink: found.mirror_link,
    category: found.category,
  };
  let prepared;
  try {
    prepared = await prepareEmail(content, identity, { tracking: false, subjectPrefix: '[Test] ', db: scope.db });
  } catch (error) {
    if (error instanceof EmbeddedTooLargeError) throw invalid({ embedImages: [MESSAGING_TEXTS.embeddedTooLarge] });
    if (error instanceof ImageFetchError) throw invalid({ embedImages: [ENGINE_TEXTS.imageUnreadable] });
    throw error;
  }
  const relay = identity.relayUrl ?? scope.config.smtpUrl;
  if (!relay) throw failed();
  // Paid before anything is sent (402 when the balance is short); addresses the server refused are refunded.
  const paid = scope.config.billing ? await payTestSend(scope, channel, input) : null;
  let accepted = 0;
  // A connection of its own, closed after the send: the API process keeps no SMTP pool open.
  const transport = nodemailer.createTransport(smtpTransportOptions(relay, 2));
  try {
    const adapter = emailAdapter(
      { secret: scope.config.secret, publicUrl: scope.config.publicUrl },
      prepared,
      transport,
    );
    const rendered = await Promise.all(
      input.addresses.map((address) =>
        adapter.render(content, { id: 0, contactId: input.contactId ?? null, address, merge, language: null }),
      ),
    );
    const outcomes = await adapter.sendBatch(content, rendered);
    accepted = outcomes.filter((o) => o.state === 'sent').length;
    if (accepted < outcomes.length) {
      scope.log.warn({ outcomes }, 'test send refused');
      throw failed();
    }
    return { sent: outcomes.map((o, i) => ({ address: input.addresses[i]!, response: o.response })) };
  } finally {
    transport.close();
    const unsent = input.addresses.length - accepted;
    if (paid && paid.cost > 0 && unsent > 0)
      await credit(scope.db, scope.companyId, {
        channel,
        kind: 'refund',
        amount: (paid.cost / input.addresses.length) * unsent,
        actorId: scope.userId,
        reason: BILLING_TEXTS.testSendRefundReason,
      });
  }
}

/** Debits one test send per address (kind `test_send`), or refuses with 402 when the balance cannot pay. */
async function payTestSend(scope: Scope, channel: Channel, input: Input): Promise<DebitResult> {
  const paid = await debit(scope.db, scope.companyId, {
    channel,
    kind: 'test_send',
    quantity: input.addresses.length,
    messageId: input.messageId ?? null,
    actorId: scope.userId,
    detail: { templateId: input.templateId ?? null },
  });
  if (!paid.ok) throw new InsufficientCredits(channel);
  return paid;
}
