// Types shared by the sendCost machine and its actor, so neither module imports the other back.
import type { Channel } from '../../../shared/messaging.ts';

/** What sending to the campaign's recipients costs on its channel, against the balance (estimateSendCost). */
export interface SendCost {
  enabled: boolean;
  cost: number;
  balance: number;
  enough: boolean;
}

export interface SendCostInput {
  channel: Channel;
  /** The recipients counted by the wizard; null until counted. */
  recipients: number | null;
}

export interface SendCostContext {
  channel: Channel;
  recipients: number | null;
  estimate: SendCost | null;
}

export type SendCostEvent = { type: 'recipients.set'; recipients: number | null } | { type: 'estimate.retry' };
