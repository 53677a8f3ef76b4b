import {
  ChannelName,
  MessageCategory as MessageCategorySchema,
  MessageStatus as MessageStatusSchema,
  MessageType as MessageTypeSchema,
} from './contract/schemas.ts';

/**
 * Messaging, named once for the server and the SPA: channels, message statuses and types (from the contract's schemas),
 * recipient states, and the spec's limits (section 9). Email is live; WhatsApp and SMS use the same names and tables.
 */

/** Channels with a route of their own (`/multichannel/{channel}`); any other channel in a path is the 404 page. */
export const CHANNELS = ChannelName.enum;
export type Channel = (typeof CHANNELS)[number];
/** Channels whose sending is built; the others show what is coming. */
export const LIVE_CHANNELS: readonly Channel[] = ['email'];
export const isChannel = (value: string | undefined): value is Channel =>
  value !== undefined && (CHANNELS as readonly string[]).includes(value);

/** Spec section 4: draft, scheduled, sent; the engine adds sending, paused, cancelled and failed. */
export const MESSAGE_STATUSES = MessageStatusSchema.enum;
export type MessageStatus = (typeof MESSAGE_STATUSES)[number];
/** Spec section 4: regular and automated (transactional or marketing is the `category` field). */
export const MESSAGE_TYPES = MessageTypeSchema.enum;
export type MessageType = (typeof MESSAGE_TYPES)[number];
export const MESSAGE_CATEGORIES = MessageCategorySchema.enum;
export type MessageCategory = (typeof MESSAGE_CATEGORIES)[number];

/** A recipient's delivery state as stored (message_recipients.state). */
export const DELIVERY_STATES = ['pending', 'deferred', 'sent', 'delivered', 'not_delivered', 'skipped'] as const;
export type DeliveryState = (typeof DELIVERY_STATES)[number];
/** Delivery states that are final: a campaign is sent only when every recipient is in one of them. */
export const FINAL_DELIVERY_STATES: readonly DeliveryState[] = ['sent', 'delivered', 'not_delivered', 'skipped'];
/**
 * Spec section 4's recipient states, as reports show them: derived from the delivery state and the event times
 * (unsubscribed over clicked over opened over delivered).
 */
export const RECIPIENT_STATES = [
  'delivered',
  'not_delivered',
  'opened',
  'clicked',
  'unsubscribed',
  'blocklisted',
] as const;
export type RecipientState = (typeof RECIPIENT_STATES)[number];

/** message_events.type */
export const MESSAGE_EVENT_TYPES = [
  'sent',
  'delivered',
  'deferred',
  'not_delivered',
  'opened',
  'clicked',
  'unsubscribed',
  'bounced',
  'complained',
  'blocklisted',
  'replied',
] as const;
export type MessageEventType = (typeof MESSAGE_EVENT_TYPES)[number];

/** Spec section 9: a campaign with embedded images cannot exceed 5MB. */
export const EMBEDDED_IMAGES_MAX_BYTES = 5 * 1024 * 1024;
/** Spec section 9: a preview text of about 35 characters is recommended. */
export const PREVIEW_TEXT_RECOMMENDED_LENGTH = 35;
/** Spec section 9: opens and clicks are trackable for the first 24 hours (the timeline shows them hour by hour). */
export const TRACKING_WINDOW_HOURS = 24;
/** Spec section 9: IP warm-up advice. */
export const WARMUP = { minWeeks: 4, initialQuota: 3000, dailyIncreasePct: 15 } as const;
/** Test sends go to at most this many addresses at once. */
export const TEST_SEND_MAX_ADDRESSES = 10;
/** Soft bounces in a row that block an address. */
export const SOFT_BOUNCES_TO_BLOCK = 3;

/** The day-by-day quota of a warm-up plan: initial × (1 + increase)^day, day 0 being the first day. */
export function warmupQuota(
  day: number,
  initial: number = WARMUP.initialQuota,
  increasePct: number = WARMUP.dailyIncreasePct,
) {
  return Math.floor(initial * Math.pow(1 + increasePct / 100, Math.max(0, day)));
}

/** The spec's feature messages of this area (section 8 and 5), shown word for word. */
export const MESSAGING_TEXTS = {
  embeddedTooLarge: 'A campaign with embedded images cannot exceed 5MB.',
  testSendFailed: 'Error while sending test messages',
  campaignLoadFailed: "Oops, we can't load this campaign, try again.",
} as const;
