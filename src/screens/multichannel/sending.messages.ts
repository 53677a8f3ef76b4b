import { defineMessages } from 'react-intl';
import type { PendingReason } from '../../../shared/sending.ts';

/** Why a sending campaign still has recipients waiting (`MessageSendState.pendingReason`), for the report and console. */
export const pendingReasonMessages = defineMessages({
  deferred: {
    id: 'screen.engine.pendingReason.deferred',
    defaultMessage: 'Retrying later: the receiving server asked to try again.',
  },
  rate_limit: {
    id: 'screen.engine.pendingReason.rateLimit',
    defaultMessage: 'Waiting for the next minute: the sender’s rate limit is reached.',
  },
  warmup: {
    id: 'screen.engine.pendingReason.warmup',
    defaultMessage: 'Continuing tomorrow: today’s warm-up quota is used.',
  },
  sender_unverified: {
    id: 'screen.engine.pendingReason.senderUnverified',
    defaultMessage: 'Paused: the sender’s address changed and is not verified. Confirm it, then resume.',
  },
  credits_exhausted: {
    id: 'screen.engine.pendingReason.creditsExhausted',
    defaultMessage: 'Paused: the channel’s credits ran out. It resumes by itself when credits are added.',
  },
} satisfies Record<PendingReason, unknown>);

/** The pending count beside a sending campaign. */
export const sendingMessages = defineMessages({
  pending: {
    id: 'screen.engine.pending',
    defaultMessage: '{count, plural, one {# recipient still pending} other {# recipients still pending}}',
  },
});
