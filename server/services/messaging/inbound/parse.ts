import { simpleParser, type ParsedMail } from 'mailparser';

/**
 * What came back to an inbound address, read with mailparser: a delivery status notification (RFC 3464
 * multipart/report; report-type=delivery-status), a complaint (RFC 5965 ARF, report-type=feedback-report), or anything
 * else, which is a reply. Report parts are `field: value` blocks like headers (RFC 3464 section 2.1, RFC 5965
 * section 3.1): read here with continuation lines joined.
 */
export interface DsnRecipient {
  finalRecipient: string | null;
  /** failed, delayed, delivered, relayed or expanded (RFC 3464 section 2.3.3). */
  action: string;
  /** The enhanced status code (RFC 3463), e.g. 5.1.1. */
  status: string;
  diagnostic: string | null;
  remoteMta: string | null;
}

export type InboundMail =
  | { kind: 'dsn'; reportingMta: string | null; recipients: DsnRecipient[] }
  | {
      kind: 'arf';
      feedbackType: string;
      userAgent: string | null;
      originalRcptTo: string | null;
      arrivalDate: string | null;
      /** The reported message's envelope sender: its Original-Mail-From field, or its Return-Path header. */
      originalMailFrom: string | null;
    }
  | {
      kind: 'reply';
      from: string | null;
      subject: string | null;
      text: string | null;
      html: string | null;
      messageId: string | null;
      inReplyTo: string | null;
    };

/** `field: value` groups of a report part, separated by blank lines; field names lower-cased, folded lines joined. */
export function reportFields(text: string): Array<Record<string, string>> {
  const groups: Array<Record<string, string>> = [];
  let current: Record<string, string> = {};
  let last: string | null = null;
  for (const line of text.replace(/\r\n/g, '\n').split('\n')) {
    if (line.trim() === '') {
      if (Object.keys(current).length) groups.push(current);
      current = {};
      last = null;
    } else if (/^[ \t]/.test(line) && last) {
      current[last] = `${current[last]} ${line.trim()}`;
    } else {
      const colon = line.indexOf(':');
      if (colon <= 0) continue;
      last = line.slice(0, colon).trim().toLowerCase();
      // A repeated field (Reported-Uri) keeps its first value: none of the fields read here repeat.
      current[last] ??= line.slice(colon + 1).trim();
    }
  }
  if (Object.keys(current).length) groups.push(current);
  return groups;
}

/** The address of a `type; address` field (Final-Recipient: rfc822; a@b), without angle brackets. */
const typedAddress = (value: string | undefined) =>
  value
    ? value
        .replace(/^[^;]*;/, '')
        .trim()
        .replace(/^<|>$/g, '') || null
    : null;

/** The status code alone: RFC 3464's example writes a comment after it ("4.0.0 (unknown temporary failure)"). */
const statusCode = (value: string | undefined) => /\b([245])\.(\d{1,3})\.(\d{1,3})\b/.exec(value ?? '')?.[0] ?? '';

function reportType(mail: ParsedMail): string | null {
  const type = mail.headers.get('content-type') as { value?: string; params?: Record<string, string> } | undefined;
  if (type?.value?.toLowerCase() !== 'multipart/report') return null;
  return type.params?.['report-type']?.toLowerCase() ?? null;
}

const partText = (mail: ParsedMail, contentType: string) =>
  mail.attachments.find((a) => a.contentType.toLowerCase() === contentType)?.content.toString('utf8') ?? null;

function readDsn(mail: ParsedMail): InboundMail | null {
  const status = partText(mail, 'message/delivery-status');
  if (status === null) return null;
  const [perMessage = {}, ...perRecipient] = reportFields(status);
  const recipients = perRecipient
    .filter((f) => f['action'] !== undefined || f['status'] !== undefined)
    .map((f) => ({
      finalRecipient: typedAddress(f['final-recipient'] ?? f['original-recipient']),
      action: (f['action'] ?? '').toLowerCase(),
      status: statusCode(f['status']),
      diagnostic: f['diagnostic-code']?.replace(/^[^;]*;\s*/, '') ?? null,
      remoteMta: typedAddress(f['remote-mta']),
    }));
  return { kind: 'dsn', reportingMta: typedAddress(perMessage['reporting-mta']), recipients };
}

function readArf(mail: ParsedMail): InboundMail | null {
  const report = partText(mail, 'message/feedback-report');
  if (report === null) return null;
  const f = reportFields(report)[0] ?? {};
  // The reported message (or its headers) follows the report; only its Return-Path is read.
  const original = partText(mail, 'message/rfc822') ?? partText(mail, 'text/rfc822-headers') ?? '';
  const returnPath = /^Return-Path:\s*<?([^>\r\n]*)>?/im.exec(original)?.[1]?.trim() || null;
  return {
    kind: 'arf',
    feedbackType: (f['feedback-type'] ?? 'abuse').toLowerCase(),
    userAgent: f['user-agent'] ?? null,
    originalRcptTo: f['original-rcpt-to']?.replace(/^<|>$/g, '') ?? null,
    arrivalDate: f['arrival-date'] ?? null,
    originalMailFrom: f['original-mail-from']?.replace(/^<|>$/g, '') || returnPath,
  };
}

/** Reads a raw message; a report without its machine-readable part is a reply like any other mail. */
export async function parseInbound(raw: Buffer | string): Promise<InboundMail> {
  const mail = await simpleParser(raw, { keepDeliveryStatus: true, skipImageLinks: true });
  const type = reportType(mail);
  const report = type === 'delivery-status' ? readDsn(mail) : type === 'feedback-report' ? readArf(mail) : null;
  if (report) return report;
  return {
    kind: 'reply',
    from: mail.from?.value[0]?.address?.toLowerCase() ?? null,
    subject: mail.subject ?? null,
    text: mail.text ?? null,
    html: typeof mail.html === 'string' ? mail.html : null,
    messageId: mail.messageId ?? null,
    inReplyTo: mail.inReplyTo ?? null,
  };
}

/**
 * A DSN recipient's outcome: a permanent failure (5.x.x) is a hard bounce, a transient one (4.x.x) a soft bounce,
 * a delivery (2.x.x, Action delivered/relayed) a delivery; anything else (expanded) says nothing. An action of failed
 * with no usable status counts as hard (RFC 3464: "failed" means the message could not be delivered).
 */
export function dsnOutcome(r: DsnRecipient): 'hard' | 'soft' | 'delivered' | null {
  const cls = r.status[0];
  if (cls === '5') return 'hard';
  if (cls === '4') return 'soft';
  if (cls === '2' || r.action === 'delivered' || r.action === 'relayed') return 'delivered';
  if (r.action === 'failed') return 'hard';
  if (r.action === 'delayed') return 'soft';
  return null;
}
