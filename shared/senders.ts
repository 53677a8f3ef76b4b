/**
 * Senders, named once for the server and the SPA: how long a verification link lives, how often it can be resent,
 * where it lands, and the texts the server answers (the SPA translates them by their key).
 */
export const SENDER_VERIFICATION = {
  /** A verification link is valid this many hours after it was sent. */
  validHours: 48,
  /** A new link can be asked for once this many seconds have passed since the last. */
  resendAfterSeconds: 60,
  /** The public endpoint the link opens (GET: the page) and its button posts to (POST: confirms), under /api. */
  path: '/public/sender-verification',
} as const;

/** The server's texts for senders (422 field messages and 409s), in English; the SPA maps them to its messages. */
export const SENDER_TEXTS = {
  addressTaken: 'This address is already a sender',
  channelNotLive: 'Senders for this channel are not available yet',
  inUse:
    'This sender is used by a campaign that is not finished (draft, scheduled, sending or paused). ' +
    'Choose another sender in that campaign first.',
  alreadyVerified: 'This sender is already verified',
  notVerified: 'This sender is not verified yet: open the link emailed to its address first',
  tokenRequired: 'The verification link is incomplete: open it again from the email',
} as const;
