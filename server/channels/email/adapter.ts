import nodemailer, { type Transporter } from 'nodemailer';
import type SMTPPool from 'nodemailer/lib/smtp-pool/index.js';
import type { ChannelAdapter, MessageContent, Recipient, Rendered, SendOutcome } from '../adapter.ts';
import { smtpTransportOptions } from '../email.ts';
import { renderEmail, type EmailPayload, type EmailSetup, type PreparedEmail } from './render.ts';

/** SMTP connections per relay a process keeps open: also the most messages in flight at once (and so at a crash). */
export const SEND_POOL_CONNECTIONS = 20;

export type EmailRendered = Rendered & { payload: EmailPayload };

/**
 * Pooled SMTP transports per relay URL, one set per process (the worker's), closed when the worker stops. A sender
 * with its own relay gets its own pool; every other sender shares SMTP_URL's.
 */
export class SmtpPools {
  readonly #pools = new Map<string, Transporter<SMTPPool.SentMessageInfo>>();
  constructor(readonly maxConnections = SEND_POOL_CONNECTIONS) {}

  get(url: string): Transporter<SMTPPool.SentMessageInfo> {
    let pool = this.#pools.get(url);
    if (!pool) {
      pool = nodemailer.createTransport(smtpTransportOptions(url, this.maxConnections));
      this.#pools.set(url, pool);
    }
    return pool;
  }

  close() {
    for (const pool of this.#pools.values()) pool.close();
    this.#pools.clear();
  }
}

/** The SMTP reply of a failure, and whether it is transient (4xx or no answer at all) or permanent (5xx). */
export function smtpOutcome(recipientId: number, error: unknown): SendOutcome {
  const e = error as { responseCode?: number; response?: string; message?: string; code?: string };
  const response = (e.response || e.message || String(error)).slice(0, 1000);
  if (e.responseCode && e.responseCode >= 500) return { recipientId, state: 'not_delivered', response };
  return { recipientId, state: 'deferred', response };
}

/**
 * The email channel for one prepared message: renders a recipient (render.ts) and sends a batch through the pooled
 * transport, every message at once (the pool queues them on its connections), answering each SMTP reply.
 */
export function emailAdapter(
  setup: EmailSetup,
  prepared: PreparedEmail,
  transport: Transporter<SMTPPool.SentMessageInfo>,
): ChannelAdapter<EmailRendered> {
  return {
    channel: 'email',
    render: (_content: MessageContent, recipient: Recipient) => renderEmail(setup, prepared, recipient),
    async sendBatch(_content, batch) {
      return Promise.all(
        batch.map(async (one): Promise<SendOutcome> => {
          try {
            const info: SMTPPool.SentMessageInfo = await transport.sendMail(one.payload);
            if (info.rejected?.length) return smtpOutcome(one.recipientId, info.rejectedErrors?.[0] ?? info);
            return {
              recipientId: one.recipientId,
              state: 'sent',
              response: String(info.response ?? '').slice(0, 1000),
              providerMessageId: one.messageIdHeader,
            };
          } catch (error) {
            return smtpOutcome(one.recipientId, error);
          }
        }),
      );
    },
    close() {},
  };
}
