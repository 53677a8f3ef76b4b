import type { Channel } from '../../shared/messaging.ts';

/**
 * One adapter per channel: the engine (server/services/messaging) freezes recipients, batches, retries, throttles and
 * records; the adapter only renders a message for one recipient, sends a batch through its provider, and reads the
 * provider's events. Email is the first adapter (server/channels/email/); WhatsApp and SMS implement the same three.
 */
export interface Recipient {
  /** message_recipients.id; 0 for a test send. */
  id: number;
  contactId: number | null;
  address: string;
  /** The contact's fields for merge tags (see services/messaging/liquid.ts `contactScope`). */
  merge: Record<string, unknown>;
  /** The contact's language (the unsubscribe page and system texts follow it). */
  language: string | null;
}

/** What a message holds for a channel to render: the sender and the content as designed. */
export interface MessageContent {
  companyId: string;
  messageId: number;
  channel: Channel;
  subject: string | null;
  previewText: string | null;
  fromName: string | null;
  fromAddress: string | null;
  replyTo: string | null;
  html: string | null;
  text: string | null;
  embedImages: boolean;
  mirrorLink: boolean;
  category: 'marketing' | 'transactional';
}

/** One rendered message, ready for the provider (the adapter's own shape, opaque to the engine). */
export interface Rendered {
  recipientId: number;
  address: string;
  /** The stable id of this (message, recipient): a resend after a crash carries the same one. */
  messageIdHeader: string;
  size: number;
  payload: unknown;
}

/** The provider's answer for one recipient. */
export type SendOutcome =
  | { recipientId: number; state: 'sent'; response: string; providerMessageId?: string }
  /** 4xx-like: try again later with backoff. */
  | { recipientId: number; state: 'deferred'; response: string }
  /** 5xx-like: never delivered. */
  | { recipientId: number; state: 'not_delivered'; response: string };

/** An event a provider reports (a webhook, a bounce, a complaint, a reply). */
export interface ProviderEvent {
  type: 'delivered' | 'bounced' | 'complained' | 'deferred' | 'replied' | 'opened' | 'clicked' | 'unsubscribed';
  /** Which recipient it concerns, as far as the provider says. */
  companyId?: string;
  messageId?: number;
  recipientId?: number;
  address?: string;
  hard?: boolean;
  detail: Record<string, unknown>;
  at: Date;
}

export interface ChannelAdapter<R extends Rendered = Rendered> {
  channel: Channel;
  render(content: MessageContent, recipient: Recipient): Promise<R>;
  sendBatch(content: MessageContent, batch: R[]): Promise<SendOutcome[]>;
  parseEvents?(input: { headers: Record<string, string | string[] | undefined>; body: Buffer }): ProviderEvent[];
  close(): Promise<void> | void;
}
