import nodemailer, { type Transporter } from 'nodemailer';

export interface EmailMessage {
  from: string;
  to: string;
  replyTo?: string;
  subject: string;
  text: string;
  html?: string | null;
}

/** The email channel adapter: one pooled SMTP transport per process, from SMTP_URL. */
export interface EmailChannel {
  send(message: EmailMessage): Promise<{ messageId: string }>;
  close(): void;
}

/** nodemailer's options for a pooled SMTP transport to an `smtp://` or `smtps://` URL (see SMTP_URL). */
export function smtpTransportOptions(smtpUrl: string, maxConnections = 5) {
  const url = new URL(smtpUrl);
  return {
    host: url.hostname,
    port: Number(url.port || (url.protocol === 'smtps:' ? 465 : 587)),
    secure: url.protocol === 'smtps:',
    auth: url.username ? { user: decodeURIComponent(url.username), pass: decodeURIComponent(url.password) } : undefined,
    pool: true as const,
    maxConnections,
    maxMessages: Infinity,
    ignoreTLS: url.searchParams.get('tls') === 'off',
    requireTLS: url.searchParams.get('tls') === 'required',
    connectionTimeout: 10_000,
    greetingTimeout: 10_000,
    socketTimeout: 30_000,
  };
}

export function createEmailChannel(smtpUrl: string): EmailChannel {
  const transport: Transporter = nodemailer.createTransport(smtpTransportOptions(smtpUrl));
  return {
    async send(message) {
      const info = await transport.sendMail({ ...message, html: message.html ?? undefined });
      return { messageId: info.messageId };
    },
    close: () => transport.close(),
  };
}
