import { Parser } from 'htmlparser2';
import type { Scope } from '../scope.ts';
import { notFound } from '../../http/errors.ts';
import { ChecklistItem as ChecklistItemSchema } from '../../../shared/contract/schemas.ts';
import { EMBEDDED_IMAGES_MAX_BYTES, MESSAGING_TEXTS, type Channel } from '../../../shared/messaging.ts';
import { countAudience, type MessageRecipientsSource } from './audience.ts';
import { checkMerge } from './mergeCheck.ts';

/**
 * The pre-send checklist of a message (the wizard's step-3 shows it; sending refuses a message with a blocking
 * failure). Each item has a stable key the SPA translates (the contract's ChecklistItem enum, listed once there). The
 * engine calls `blockingProblems` before it starts a send.
 */
export const CHECKLIST_KEYS = ChecklistItemSchema.properties.key.enum;
export type ChecklistKey = (typeof CHECKLIST_KEYS)[number];

export interface ChecklistItem {
  key: ChecklistKey;
  ok: boolean;
  /** A blocking item that fails stops the send; the others are advice. */
  blocking: boolean;
  /** What is wrong, in words a person understands (English; the SPA translates by key and shows this as detail). */
  detail?: string;
}

/**
 * Whether a failing item stops the send. What would send nothing, from nowhere, or broken (content, recipients, a
 * verified sender, merge tags, links) and what the spec forbids (over 5MB with embedded images) block; DNS records,
 * the unsubscribe link, preview text and alt text are advice.
 */
const BLOCKING: Record<ChecklistKey, boolean> = {
  content: true,
  recipients: true,
  senderVerified: true,
  dkimFound: false,
  spfFound: false,
  unsubscribeLink: false,
  previewText: false,
  imageAlt: false,
  linksValid: true,
  mergeTags: true,
  size: true,
};

/** `{{ unsubscribe_url }}`, with or without filters. */
const UNSUBSCRIBE_TAG = /\{\{-?\s*unsubscribe_url\s*(\|[^}]*)?-?\}\}/;
/** A link that is exactly one of the message's own URL variables. */
const URL_VARIABLE = /^\{\{-?\s*(unsubscribe_url|mirror_url)\s*-?\}\}$/;

interface MessageRow extends MessageRecipientsSource {
  channel: Channel;
  subject: string | null;
  previewText: string | null;
  html: string | null;
  text: string | null;
  embedImages: boolean;
  senderVerified: boolean | null;
  dns: { dkim?: { status?: string }; spf?: { status?: string } } | null;
}

/**
 * A link is valid when it is an absolute http(s) URL once its merge tags are filled in (a tag stands for a path
 * segment), one of the message's URL variables, or a mailto:/tel: link (which mail clients open themselves).
 */
export function isValidLink(href: string): boolean {
  const link = href.trim();
  if (URL_VARIABLE.test(link)) return true;
  const filled = link.replace(/\{\{[\s\S]*?\}\}/g, 'x').replace(/\{%[\s\S]*?%\}/g, '');
  if (/^(mailto:[^@\s]+@[^@\s]+|tel:\+?[0-9 ()-]+)$/i.test(filled)) return true;
  try {
    const url = new URL(filled);
    return (url.protocol === 'http:' || url.protocol === 'https:') && url.hostname.length > 0;
  } catch {
    return false;
  }
}

/** Images without alt text and links that do not resolve, in document order. */
export function inspectHtml(html: string): { imagesWithoutAlt: string[]; badLinks: string[] } {
  const imagesWithoutAlt: string[] = [];
  const badLinks: string[] = [];
  const parser = new Parser(
    {
      onopentag(name, attributes) {
        if (name === 'img' && !attributes.alt?.trim()) imagesWithoutAlt.push(attributes.src ?? '');
        if (name === 'a' && attributes.href !== undefined && !isValidLink(attributes.href)) {
          badLinks.push(attributes.href);
        }
      },
    },
    { decodeEntities: true },
  );
  parser.write(html);
  parser.end();
  return { imagesWithoutAlt, badLinks };
}

const list = (items: string[]) =>
  items.slice(0, 3).join(', ') + (items.length > 3 ? ` and ${items.length - 3} more` : '');

export async function presendChecklist(scope: Scope, messageId: number): Promise<ChecklistItem[]> {
  const { rows } = await scope.db.query<MessageRow>(
    `select m.channel, m.subject, m.preview_text as "previewText", m.html, m.text_body as text,
            m.embed_images as "embedImages", m.include_lists as "includeLists",
            m.include_segments as "includeSegments", m.exclude_lists as "excludeLists",
            m.exclude_segments as "excludeSegments", m.parent_id as "parentId", m.resend_filter as "resendFilter",
            s.verified_at is not null as "senderVerified", d.dns_records as dns
       from messages m
       left join senders s on s.company_id = m.company_id and s.id = m.sender_id
       left join lateral (
         select dns_records from sending_domains d
          where d.company_id = m.company_id
            and (d.id = s.domain_id or (s.domain_id is null and d.domain = split_part(s.address::text, '@', 2)))
          limit 1
       ) d on true
      where m.company_id = $1 and m.id = $2`,
    [scope.companyId, messageId],
  );
  const message = rows[0];
  if (!message) throw notFound();
  const html = message.html ?? '';
  const results: Record<ChecklistKey, Omit<ChecklistItem, 'key' | 'blocking'>> = {
    content: { ok: Boolean(html.trim()) },
    recipients: await recipients(scope, message),
    senderVerified: { ok: message.senderVerified === true },
    dkimFound: { ok: message.dns?.dkim?.status === 'found' },
    spfFound: { ok: message.dns?.spf?.status === 'found' },
    unsubscribeLink: { ok: UNSUBSCRIBE_TAG.test(html) },
    previewText: { ok: Boolean(message.previewText?.trim()) },
    ...htmlItems(html),
    mergeTags: await mergeTags(scope, message),
    size: await size(scope, message),
  };
  return CHECKLIST_KEYS.map((key) => ({ key, blocking: BLOCKING[key], ...results[key] }));
}

async function recipients(scope: Scope, message: MessageRow) {
  try {
    const count = await countAudience(scope, message.channel, message);
    return count > 0 ? { ok: true } : { ok: false, detail: 'The chosen lists and segments reach no one' };
  } catch (error) {
    // A list or segment deleted since it was chosen: the count cannot be made until it is taken out.
    const errors = (error as { errors?: Record<string, string[]> }).errors;
    if (!errors) throw error;
    return { ok: false, detail: Object.values(errors).flat().join('; ') };
  }
}

function htmlItems(html: string) {
  const { imagesWithoutAlt, badLinks } = inspectHtml(html);
  return {
    imageAlt: imagesWithoutAlt.length
      ? { ok: false, detail: `Images without alt text: ${list(imagesWithoutAlt)}` }
      : { ok: true },
    linksValid: badLinks.length ? { ok: false, detail: `Links that do not resolve: ${list(badLinks)}` } : { ok: true },
  };
}

async function mergeTags(scope: Scope, message: MessageRow) {
  const { rows } = await scope.db.query<{ name: string }>('select name from contact_attributes where company_id = $1', [
    scope.companyId,
  ]);
  const names = rows.map((row) => row.name);
  const parts = [message.subject ?? '', message.previewText ?? '', message.html ?? '', message.text ?? ''];
  const problems = parts.flatMap((part) => checkMerge(part, names));
  return problems.length ? { ok: false, detail: problems.map((p) => p.message).join('; ') } : { ok: true };
}

/**
 * With embedded images, what the message weighs: the HTML and text parts plus every asset of the company the HTML
 * names (by its unguessable token), base64-encoded as attachments are (4 bytes for every 3).
 */
export async function embeddedSize(scope: Scope, html: string, text: string): Promise<number> {
  const { rows } = await scope.db.query<{ bytes: string }>(
    `select coalesce(sum(size), 0)::bigint as bytes from assets where company_id = $1 and strpos($2, token) > 0`,
    [scope.companyId, html],
  );
  const assets = Number(rows[0]?.bytes ?? 0);
  return Buffer.byteLength(html) + Buffer.byteLength(text) + Math.ceil(assets / 3) * 4;
}

async function size(scope: Scope, message: MessageRow) {
  if (!message.embedImages) return { ok: true };
  const bytes = await embeddedSize(scope, message.html ?? '', message.text ?? '');
  return bytes <= EMBEDDED_IMAGES_MAX_BYTES ? { ok: true } : { ok: false, detail: MESSAGING_TEXTS.embeddedTooLarge };
}

export const blockingProblems = (items: ChecklistItem[]) => items.filter((item) => item.blocking && !item.ok);
