import { createHmac, timingSafeEqual } from 'node:crypto';

/**
 * Compact signed tokens for the public links a message carries: the open pixel, tracked links, the unsubscribe page
 * and one-click unsubscribe, the web version (mirror), the VERP return path bounces come back to, and the reply address. A token names a
 * company, a message and a recipient (and a link for clicks) in 34 bytes plus a 10-byte HMAC-SHA256 tag, base64url:
 * 59 characters, no enumerable ids. A tampered or truncated token decodes to null, and the endpoints answer it with 404.
 */
export const TOKEN_KINDS = { open: 1, click: 2, unsubscribe: 3, mirror: 4, bounce: 5, reply: 6 } as const;
export type TokenKind = keyof typeof TOKEN_KINDS;

export interface TrackingTarget {
  kind: TokenKind;
  companyId: string;
  messageId: number;
  /** 0 for links that name no recipient (a test send, the mirror of a campaign). */
  recipientId: number;
  /** The link's index in message_links (clicks only; 0 otherwise). */
  linkIdx: number;
}

const BODY = 1 + 16 + 8 + 8 + 1; // kind, company uuid, message id, recipient id, link index (0–255, then 2 bytes)
const TAG = 10;

function macKey(secret: string) {
  return `missiva:tracking:${secret}`;
}

function tag(secret: string, body: Buffer) {
  return createHmac('sha256', macKey(secret)).update(body).digest().subarray(0, TAG);
}

export function signTracking(secret: string, target: TrackingTarget): string {
  const wide = target.linkIdx > 255;
  const body = Buffer.alloc(BODY + (wide ? 1 : 0));
  body[0] = TOKEN_KINDS[target.kind] | (wide ? 0x80 : 0);
  Buffer.from(target.companyId.replace(/-/g, ''), 'hex').copy(body, 1);
  body.writeBigUInt64BE(BigInt(target.messageId), 17);
  body.writeBigUInt64BE(BigInt(target.recipientId), 25);
  if (wide) body.writeUInt16BE(target.linkIdx, 33);
  else body[33] = target.linkIdx;
  return Buffer.concat([body, tag(secret, body)]).toString('base64url');
}

export function verifyTracking(secret: string, token: string, expected?: TokenKind): TrackingTarget | null {
  if (!/^[A-Za-z0-9_-]{40,80}$/.test(token)) return null;
  const raw = Buffer.from(token, 'base64url');
  if (raw.length !== BODY + TAG && raw.length !== BODY + 1 + TAG) return null;
  const body = raw.subarray(0, raw.length - TAG);
  const given = raw.subarray(raw.length - TAG);
  if (!timingSafeEqual(given, tag(secret, body))) return null;
  const wide = (body[0]! & 0x80) !== 0;
  if (wide !== (body.length === BODY + 1)) return null;
  const kindCode = body[0]! & 0x7f;
  const kind = (Object.keys(TOKEN_KINDS) as TokenKind[]).find((k) => TOKEN_KINDS[k] === kindCode);
  if (!kind || (expected && kind !== expected)) return null;
  const hex = body.subarray(1, 17).toString('hex');
  const companyId = `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20)}`;
  return {
    kind,
    companyId,
    messageId: Number(body.readBigUInt64BE(17)),
    recipientId: Number(body.readBigUInt64BE(25)),
    linkIdx: wide ? body.readUInt16BE(33) : body[33]!,
  };
}

/** Public paths of the tracking endpoints, relative to PUBLIC_URL (one place for the engine and the routes). */
export const TRACKING_PATHS = {
  open: (token: string) => `/t/o/${token}.gif`,
  click: (token: string) => `/t/c/${token}`,
  unsubscribe: (token: string) => `/u/${token}`,
  mirror: (token: string) => `/m/${token}`,
} as const;

/**
 * VERP: the envelope sender of a campaign email is `b-<bounce token>@<return-path host>` (61 characters before the @,
 * within SMTP's 64), so a DSN or complaint sent back to it names its company, message and recipient.
 */
export const verpAddress = (secret: string, target: Omit<TrackingTarget, 'kind' | 'linkIdx'>, host: string) =>
  `b-${signTracking(secret, { ...target, kind: 'bounce', linkIdx: 0 })}@${host}`;

export function parseVerp(secret: string, address: string): TrackingTarget | null {
  const match = /^b-([A-Za-z0-9_-]+)@/.exec(address.trim());
  return match ? verifyTracking(secret, match[1]!, 'bounce') : null;
}

/**
 * The reply address of a campaign email (its Reply-To): `r-<reply token>@<host>`, received by the inbound SMTP
 * listener, which stores what comes back as a reply linked to the message and recipient it names. With messageId and
 * recipientId 0 it names only the company (the reply is then linked to the contact its From address belongs to).
 * The host is the sender domain's return-path host (its MX points at the listener), like the VERP address's.
 */
export const replyAddress = (secret: string, target: Omit<TrackingTarget, 'kind' | 'linkIdx'>, host: string) =>
  `r-${signTracking(secret, { ...target, kind: 'reply', linkIdx: 0 })}@${host}`;

export function parseReplyAddress(secret: string, address: string): TrackingTarget | null {
  const match = /^r-([A-Za-z0-9_-]+)@/.exec(address.trim());
  return match ? verifyTracking(secret, match[1]!, 'reply') : null;
}

/**
 * The mailto unsubscribe of a campaign email's `List-Unsubscribe` header: `u-<unsubscribe token>@<host>`, received
 * by the inbound listener, which unsubscribes the recipient it names as the one-click POST does.
 */
export const unsubscribeAddress = (token: string, host: string) => `u-${token}@${host}`;

export function parseUnsubscribeAddress(secret: string, address: string): TrackingTarget | null {
  const match = /^u-([A-Za-z0-9_-]+)@/.exec(address.trim());
  return match ? verifyTracking(secret, match[1]!, 'unsubscribe') : null;
}

/** The inbound address a recipient names: a VERP bounce, reply or mailto unsubscribe address, verified; else null. */
export const parseInboundAddress = (secret: string, address: string) =>
  parseVerp(secret, address) ?? parseReplyAddress(secret, address) ?? parseUnsubscribeAddress(secret, address);

/**
 * Headers that make an email provider's event webhooks name the recipient: the VERP token (the part after `b-`) as
 * SendGrid's unique argument (X-SMTPAPI, returned as a top-level field of each event) and as a Mailgun custom variable
 * (X-Mailgun-Variables, returned in `user-variables`). The engine adds them when it sends through such a relay.
 */
export const PROVIDER_TAG_FIELD = 'missiva';
export function providerTagHeaders(secret: string, target: Omit<TrackingTarget, 'kind' | 'linkIdx'>) {
  const token = signTracking(secret, { ...target, kind: 'bounce', linkIdx: 0 });
  const args = JSON.stringify({ [PROVIDER_TAG_FIELD]: token });
  return { 'X-SMTPAPI': JSON.stringify({ unique_args: { [PROVIDER_TAG_FIELD]: token } }), 'X-Mailgun-Variables': args };
}
