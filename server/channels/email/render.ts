import { createHmac, randomUUID } from 'node:crypto';
import { compile } from 'html-to-text';
import type { Template } from 'liquidjs';
import type { MessageContent, Recipient } from '../adapter.ts';
import type { Queryable } from '../../db/tenant.ts';
import { liquid } from '../../services/messaging/liquid.ts';
import type { SendingIdentity } from '../../services/messaging/sendingIdentity.ts';
import {
  replyAddress,
  signTracking,
  TRACKING_PATHS,
  unsubscribeAddress,
  verpAddress,
  type TrackingTarget,
} from '../../services/messaging/tokens.ts';
import { EMBEDDED_IMAGES_MAX_BYTES } from '../../../shared/messaging.ts';
import { EmbeddedTooLargeError, inlineImages, type InlineImage } from './images.ts';

/**
 * An email campaign prepared once per batch (parsed templates, numbered links, inlined images) and rendered per
 * recipient: merge tags, tracked links, open pixel, unsubscribe and web-version links, RFC 8058 headers, a stable
 * Message-ID and the VERP return path.
 */
export interface PreparedEmail {
  content: MessageContent;
  identity: SendingIdentity;
  /** Tracking (pixel, click rewrite, List-Unsubscribe); off for test sends. */
  tracking: boolean;
  /** "[Test] " for test sends. */
  subjectPrefix: string;
  /** The links of the content in order: message_links.idx is the position + 1. */
  links: string[];
  subject: Template[];
  html: Template[];
  text: Template[];
  images: InlineImage[];
  /** Bytes of the attachments once base64-encoded (the 5MB limit counts the message as sent). */
  attachmentBytes: number;
}

/** What the engine and test sends pass to prepare: the installation's key and public address. */
export interface EmailSetup {
  secret: string;
  publicUrl: string;
  /**
   * The installation receives mail (an inbound SMTP listener is configured): a campaign's Reply-To is then its signed
   * reply address, so replies are recorded and forwarded to the sender's reply-to (inbound/replies.ts).
   */
  inboundReplies?: boolean;
}

/** Whether campaigns route replies through the inbound listener: only when the installation runs one. */
export const routesReplies = (config: { inboundSmtpPort: number | undefined }) => config.inboundSmtpPort !== undefined;

const LINK_HREF = /(<a\b[^>]*?\bhref\s*=\s*)(["'])(https?:\/\/[^"']+)\2/gi;
const BODY_OPEN = /<body\b[^>]*>/i;
const BODY_CLOSE = /<\/body\s*>/i;

const escapeHtml = (text: string) =>
  text.replace(/[&<>"]/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;' })[c]!);

/** The plain-text part made from the HTML when a message has none (merge tags survive: no wrapping, no upper case). */
export const textFromHtml = compile({
  wordwrap: false,
  selectors: [
    { selector: 'h1', options: { uppercase: false } },
    { selector: 'h2', options: { uppercase: false } },
    { selector: 'h3', options: { uppercase: false } },
    { selector: 'img', format: 'skip' },
  ],
});

/**
 * Numbers every http(s) link of the HTML (a link holding a merge tag is the recipient's own, not counted) and puts a
 * merge variable in its place, so each recipient's render writes its own signed click URL.
 */
export function numberLinks(html: string): { html: string; links: string[] } {
  const links: string[] = [];
  const out = html.replace(LINK_HREF, (whole, head: string, quote: string, href: string) => {
    if (href.includes('{{') || href.includes('{%')) return whole;
    const url = href.replace(/&amp;/g, '&');
    let idx = links.indexOf(url);
    if (idx < 0) idx = links.push(url) - 1;
    return `${head}${quote}{{ missiva_track.l${idx + 1} }}${quote}`;
  });
  return { html: out, links };
}

/** The preview text as a hidden preheader right after <body>, shown by mail clients beside the subject. */
function withPreheader(html: string, preview: string | null): string {
  if (!preview?.trim()) return html;
  const block =
    '<div style="display:none;max-height:0;max-width:0;opacity:0;overflow:hidden;mso-hide:all">' +
    `${escapeHtml(preview)}${'&#847;&zwnj;&nbsp;'.repeat(20)}</div>`;
  const open = BODY_OPEN.exec(html);
  return open
    ? html.slice(0, open.index + open[0].length) + block + html.slice(open.index + open[0].length)
    : block + html;
}

function withPixel(html: string): string {
  const pixel =
    '<img src="{{ missiva_track.open }}" width="1" height="1" alt="" ' +
    'style="display:block;border:0;width:1px;height:1px;overflow:hidden">';
  const close = BODY_CLOSE.exec(html);
  return close ? html.slice(0, close.index) + pixel + html.slice(close.index) : html + pixel;
}

export interface PrepareOptions {
  tracking: boolean;
  subjectPrefix?: string;
  /** For embedded images: the company's asset library. */
  db: Queryable;
}

/** Prepares a message's content for rendering; throws EmbeddedTooLargeError past the 5MB limit. */
export async function prepareEmail(
  content: MessageContent,
  identity: SendingIdentity,
  options: PrepareOptions,
): Promise<PreparedEmail> {
  let html = content.html ?? '';
  let images: InlineImage[] = [];
  if (content.embedImages) ({ html, images } = await inlineImages(options.db, content.companyId, html));
  let links: string[] = [];
  if (options.tracking) ({ html, links } = numberLinks(html));
  // Made from the numbered HTML, the text part's links are tracked too.
  const text = content.text?.trim() ? content.text : textFromHtml(html);
  if (options.tracking) html = withPixel(html);
  html = withPreheader(html, content.previewText);
  const attachmentBytes = images.reduce((n, image) => n + Math.ceil(image.content.length / 3) * 4, 0);
  if (
    content.embedImages &&
    attachmentBytes + Buffer.byteLength(html) + Buffer.byteLength(text) > EMBEDDED_IMAGES_MAX_BYTES
  )
    throw new EmbeddedTooLargeError();
  return {
    content,
    identity,
    tracking: options.tracking,
    subjectPrefix: options.subjectPrefix ?? '',
    links,
    subject: liquid.parse(content.subject ?? ''),
    html: liquid.parse(html),
    text: liquid.parse(text),
    images,
    attachmentBytes,
  };
}

/** The Message-ID of (message, recipient): the same on every attempt, unguessable across companies. */
export function stableMessageId(secret: string, content: MessageContent, recipientId: number, domain: string) {
  const mac = createHmac('sha256', `missiva:message-id:${secret}`)
    .update(`${content.companyId}:${content.messageId}:${recipientId}`)
    .digest('base64url')
    .slice(0, 16);
  return `<${content.messageId}.${recipientId}.${mac}@${domain}>`;
}

/** The nodemailer message of one recipient. */
export interface EmailPayload {
  from: { name: string; address: string };
  to: string;
  replyTo?: string | { name: string; address: string };
  subject: string;
  html: string;
  text: string;
  messageId: string;
  headers: Record<string, string>;
  envelope: { from: string; to: string };
  attachments: { cid: string; filename: string; contentType: string; content: Buffer }[];
  dkim?: NonNullable<SendingIdentity['dkim']> & { headerFieldNames: string };
}

/**
 * The headers the DKIM signature covers: nodemailer's default list (RFC 6376's recommended fields and the List-*
 * headers) plus List-Unsubscribe-Post, which RFC 8058 section 4 requires the signature to cover for one-click
 * unsubscribe (nodemailer's default leaves it out, and mailbox providers then ignore the one-click header).
 */
export const DKIM_SIGNED_HEADERS =
  'From:Sender:Reply-To:Subject:Date:Message-ID:To:Cc:MIME-Version:Content-Type:Content-Transfer-Encoding:' +
  'Content-ID:Content-Description:Resent-Date:Resent-From:Resent-Sender:Resent-To:Resent-Cc:Resent-Message-ID:' +
  'In-Reply-To:References:List-Id:List-Help:List-Unsubscribe:List-Unsubscribe-Post:List-Subscribe:List-Post:' +
  'List-Owner:List-Archive';

export async function renderEmail(setup: EmailSetup, prepared: PreparedEmail, recipient: Recipient) {
  const { content, identity } = prepared;
  const target: Omit<TrackingTarget, 'kind' | 'linkIdx'> = {
    companyId: content.companyId,
    messageId: content.messageId,
    recipientId: recipient.id,
  };
  const url = (kind: TrackingTarget['kind'], linkIdx = 0) => signTracking(setup.secret, { ...target, kind, linkIdx });
  const unsubscribeToken = url('unsubscribe');
  const unsubscribeUrl = setup.publicUrl + TRACKING_PATHS.unsubscribe(unsubscribeToken);
  const track: Record<string, string> = {};
  if (prepared.tracking) {
    track.open = setup.publicUrl + TRACKING_PATHS.open(url('open'));
    prepared.links.forEach(
      (_, i) => (track[`l${i + 1}`] = setup.publicUrl + TRACKING_PATHS.click(url('click', i + 1))),
    );
  }
  const scope = {
    contact: recipient.merge,
    unsubscribe_url: unsubscribeUrl,
    mirror_url: content.mirrorLink ? setup.publicUrl + TRACKING_PATHS.mirror(url('mirror')) : '',
    message: { name: content.subject ?? '', subject: content.subject ?? '' },
    missiva_track: track,
  };
  // Templates are parsed once and read nothing from outside (no partials): the synchronous renderer skips the
  // async machinery a render would otherwise pay per recipient.
  const subject = liquid.renderSync(prepared.subject, scope) as string;
  const html = liquid.renderSync(prepared.html, scope) as string;
  const text = liquid.renderSync(prepared.text, scope) as string;
  const domain = identity.address.split('@')[1] ?? identity.returnPathHost;
  const headers: Record<string, string> = {};
  if (prepared.tracking) {
    headers['List-Unsubscribe'] =
      `<mailto:${unsubscribeAddress(unsubscribeToken, identity.returnPathHost)}?subject=unsubscribe>, <${unsubscribeUrl}>`;
    headers['List-Unsubscribe-Post'] = 'List-Unsubscribe=One-Click';
  }
  const fromName = content.fromName || identity.name;
  // A campaign's replies come back to its signed reply address when the installation receives mail: the listener
  // records them on the message and the contact's timeline, then forwards them to the reply-to below (or the
  // sender's address). Otherwise, and for test sends, replies go straight to that reply-to.
  const ownReplyTo = content.replyTo || identity.replyTo;
  const replyTo =
    prepared.tracking && setup.inboundReplies
      ? { name: fromName, address: replyAddress(setup.secret, target, identity.returnPathHost) }
      : ownReplyTo;
  const payload: EmailPayload = {
    from: { name: fromName, address: identity.address },
    to: recipient.address,
    ...(replyTo ? { replyTo } : {}),
    subject: prepared.subjectPrefix + subject.replace(/\s+/g, ' ').trim(),
    html,
    text,
    // A test send (recipient 0) gets a fresh id per address; a campaign's recipient the same one on every attempt.
    messageId:
      recipient.id === 0 ? `<${randomUUID()}@${domain}>` : stableMessageId(setup.secret, content, recipient.id, domain),
    headers,
    envelope: {
      from: prepared.tracking ? verpAddress(setup.secret, target, identity.returnPathHost) : identity.address,
      to: recipient.address,
    },
    attachments: prepared.images.map((image) => ({ ...image })),
    ...(identity.dkim ? { dkim: { ...identity.dkim, headerFieldNames: DKIM_SIGNED_HEADERS } } : {}),
  };
  return {
    recipientId: recipient.id,
    address: recipient.address,
    messageIdHeader: payload.messageId,
    size: Buffer.byteLength(html) + Buffer.byteLength(text) + prepared.attachmentBytes,
    payload,
  };
}
