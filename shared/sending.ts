/**
 * The sending engine's names, limits and texts, defined once for the server (server/services/messaging/engine.ts)
 * and the SPA (which translates the pending reasons under `engine.pendingReason.*`).
 */
import { MessageSendState } from './contract/schemas.ts';

/** Recipients per batch job: the engine queues one job per batch, never one per email. */
export const SEND_BATCH_SIZE = 500;

/** Attempts of a recipient whose provider answers a transient failure (4xx) before it is not delivered. */
export const SEND_MAX_ATTEMPTS = 5;
/** The wait before the n-th retry is this × 4^(n-1): 1, 4, 16 and 64 minutes. */
export const SEND_RETRY_BASE_SECONDS = 60;

/**
 * Why a sending campaign still has recipients waiting (messages.pending_reason), read from the contract's
 * `MessageSendState.pendingReason`; `sender_unverified`: paused because its sender lost its verification while it was
 * sending (a new address), until the sender is verified and resumed; `credits_exhausted`: paused because the
 * channel's balance ran out (shared/billing.ts), until credits are granted.
 */
export const PENDING_REASONS = MessageSendState.properties.pendingReason.enum.filter(
  (r): r is Exclude<typeof r, null> => r !== null,
);
export type PendingReason = (typeof PENDING_REASONS)[number];

/** The engine's answers to operations a campaign's status does not allow, and the failures it records. */
export const ENGINE_TEXTS = {
  notSendable: 'Only a draft campaign can be sent.',
  notPausable: 'Only a campaign that is sending can be paused.',
  notResumable: 'Only a paused campaign can be resumed.',
  notCancellable: 'This campaign has already finished.',
  notRetryable: 'Only a sent or sending campaign can retry its failed recipients.',
  channelNotLive: 'This channel cannot send yet.',
  checklistBlocked: 'The pre-send checklist found a problem that stops sending.',
  imageUnreadable: 'An image of this campaign could not be read to embed it.',
  scheduleInvalid: 'The schedule has no future run.',
  noRelay: 'No SMTP relay is configured (SMTP_URL or the sender’s own relay).',
  senderMissing: 'The campaign has no sender that can send.',
  senderUnverified: 'The sender of this campaign is not verified: confirm it from the link we emailed, then resume.',
  sourceRequired: 'Choose a template or a campaign to send, not both.',
} as const;
