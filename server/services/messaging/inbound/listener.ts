import { SMTPServer, type SMTPServerDataStream, type SMTPServerSession } from 'smtp-server';
import type { AppContext } from '../../../context.ts';
import { forJob } from '../../scope.ts';
import { parseInboundAddress, parseVerp, type TrackingTarget } from '../tokens.ts';
import { applyDeliveryEvent, type ApplyResult } from './apply.ts';
import { dsnOutcome, parseInbound, type InboundMail } from './parse.ts';
import { storeReply } from './replies.ts';
import { findRecipient, unsubscribe } from '../unsubscribe.ts';

type Ctx = Pick<AppContext, 'tenants' | 'config' | 'log' | 'realtime'>;

/** Recipients accepted per message: a DSN or reply names one VERP or reply address; more is not mail for us. */
const MAX_RECIPIENTS = 20;
/** How long closing waits for sessions in progress before it ends them. */
const CLOSE_TIMEOUT_MS = 5_000;

/** An SMTP reply code with its text, as smtp-server sends a callback's error. */
const smtpError = (code: number, message: string) => Object.assign(new Error(message), { responseCode: code });

/**
 * Applies one received mail to the recipient a verified inbound address names: a DSN's outcome (5.x.x a hard bounce,
 * 4.x.x a soft one, 2.x.x a delivery), an ARF report as a complaint, anything else as a reply (stored with `to`, the
 * envelope address it came to).
 */
export async function receiveInbound(
  ctx: Ctx,
  target: TrackingTarget,
  mail: InboundMail,
  at = new Date(),
  to: string | null = null,
): Promise<ApplyResult | 'stored'> {
  const scope = forJob(ctx, target.companyId);
  const ids = { messageId: target.messageId, recipientId: target.recipientId, source: 'smtp', at };
  if (target.kind === 'unsubscribe') {
    // A mailto unsubscribe (List-Unsubscribe): whatever the mail says, the address it was sent to is the request.
    const recipient = await findRecipient(scope, target.messageId, target.recipientId);
    if (!recipient) return 'unknown';
    await unsubscribe(scope, recipient);
    return 'stored';
  }
  if (mail.kind === 'reply') {
    const stored = await storeReply(scope, {
      messageId: target.messageId,
      recipientId: target.recipientId,
      from: mail.from,
      to,
      subject: mail.subject,
      text: mail.text,
      html: mail.html,
      headerMessageId: mail.messageId,
      inReplyTo: mail.inReplyTo,
      at,
    });
    return stored.kind === 'stored' ? 'stored' : 'duplicate';
  }
  if (target.recipientId === 0) return 'unknown';
  if (mail.kind === 'arf') {
    const detail = { feedbackType: mail.feedbackType, userAgent: mail.userAgent };
    return applyDeliveryEvent(scope, { ...ids, type: 'complained', detail });
  }
  // One VERP address is one recipient: the first recipient block that says something is its outcome.
  for (const r of mail.recipients) {
    const outcome = dsnOutcome(r);
    if (!outcome) continue;
    const detail = { status: r.status, diagnostic: r.diagnostic, action: r.action, remoteMta: r.remoteMta };
    if (outcome === 'delivered') return applyDeliveryEvent(scope, { ...ids, type: 'delivered', detail });
    return applyDeliveryEvent(scope, { ...ids, type: 'bounced', hard: outcome === 'hard', detail });
  }
  return 'ignored';
}

async function readAll(stream: SMTPServerDataStream): Promise<Buffer> {
  const chunks: Buffer[] = [];
  for await (const chunk of stream) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks);
}

export interface InboundListener {
  port: number;
  close(): Promise<void>;
}

/**
 * The inbound SMTP listener of the worker role (INBOUND_SMTP_PORT): the MX of the return-path hosts. It accepts mail
 * only for verified VERP (`b-…`) and reply (`r-…`) addresses and the feedback-loop addresses of the configuration
 * (INBOUND_FEEDBACK_ADDRESSES) — any other or tampered recipient is refused at RCPT TO with 550 — and messages up to INBOUND_SMTP_MAX_BYTES (SIZE is announced; larger ones get 552). No AUTH: senders are
 * other mail servers. A message is answered 250 once applied, or 451 (try again later) when applying it failed.
 */
export async function startInboundSmtp(
  ctx: Ctx,
  options: { port: number; host?: string; maxBytes?: number },
): Promise<InboundListener> {
  const secret = ctx.config.secret;
  const feedback = new Set(ctx.config.inboundFeedbackAddresses);
  const isFeedback = (address: string) => feedback.has(address.trim().toLowerCase());
  /**
   * Whom a message to one recipient concerns: the recipient a VERP or reply address names; for a feedback-loop
   * address, the recipient the reported message's envelope sender (a VERP address) names, and only in an ARF report.
   */
  const targetOf = (rcpt: string, mail: InboundMail) => {
    if (!isFeedback(rcpt)) return parseInboundAddress(secret, rcpt);
    return mail.kind === 'arf' && mail.originalMailFrom ? parseVerp(secret, mail.originalMailFrom) : null;
  };
  const maxBytes = options.maxBytes ?? ctx.config.inboundSmtpMaxBytes;
  const server = new SMTPServer({
    banner: 'Missiva inbound',
    disabledCommands: ['AUTH', 'STARTTLS'],
    authOptional: true,
    size: maxBytes,
    logger: false,
    closeTimeout: CLOSE_TIMEOUT_MS,
    onRcptTo(address, session, callback) {
      if (session.envelope.rcptTo.length >= MAX_RECIPIENTS) {
        return callback(smtpError(452, '4.5.3 Too many recipients'));
      }
      if (!isFeedback(address.address) && !parseInboundAddress(secret, address.address)) {
        return callback(smtpError(550, '5.1.1 No such recipient here'));
      }
      return callback();
    },
    onData(stream: SMTPServerDataStream, session: SMTPServerSession, callback) {
      readAll(stream)
        .then(
          async (raw) => {
            if (stream.sizeExceeded) return callback(smtpError(552, '5.3.4 Message too big'));
            const mail = await parseInbound(raw);
            for (const rcpt of session.envelope.rcptTo) {
              const target = targetOf(rcpt.address, mail);
              if (!target) {
                ctx.log.info({ inbound: { kind: mail.kind, rcpt: rcpt.address } }, 'inbound mail names no recipient');
                continue;
              }
              const result = await receiveInbound(ctx, target, mail, new Date(), rcpt.address);
              ctx.log.info({ inbound: { kind: mail.kind, result, messageId: target.messageId } }, 'inbound mail');
            }
            return callback();
          },
          (error: unknown) => {
            ctx.log.error({ err: error }, 'inbound mail could not be read');
            callback(smtpError(451, '4.3.0 Try again later'));
          },
        )
        .catch((error: unknown) => {
          ctx.log.error({ err: error }, 'inbound mail could not be applied');
          callback(smtpError(451, '4.3.0 Try again later'));
        });
    },
  });
  server.on('error', (error) => ctx.log.warn({ err: error }, 'inbound SMTP error'));
  await new Promise<void>((resolve, reject) => {
    server.server.once('error', reject);
    server.listen(options.port, options.host ?? ctx.config.inboundSmtpHost, () => {
      server.server.off('error', reject);
      resolve();
    });
  });
  const address = server.server.address();
  const port = typeof address === 'object' && address ? address.port : options.port;
  return {
    port,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
