import type { MessageDescriptor } from 'react-intl';
import type { MessageStatus, MessageType, Channel, DeliveryState } from '../../../shared/messaging.ts';
import type { ReportFilterName, ReportRecipientState } from '../../../shared/reports.ts';
import { consoleMessages as c } from './console.messages.ts';
import { reportMessages as r } from './report.messages.ts';

/** The translated label of each status, type, channel, state and filter the console and reports show. */
export const STATUS_LABELS: Record<MessageStatus, MessageDescriptor> = {
  draft: c.statusDraft,
  scheduled: c.statusScheduled,
  sending: c.statusSending,
  paused: c.statusPaused,
  sent: c.statusSent,
  cancelled: c.statusCancelled,
  failed: c.statusFailed,
};
export const STATUS_COLOURS: Record<MessageStatus, string> = {
  draft: 'gray',
  scheduled: 'blue',
  sending: 'cyan',
  paused: 'yellow',
  sent: 'green',
  cancelled: 'dark',
  failed: 'red',
};
export const TYPE_LABELS: Record<MessageType, MessageDescriptor> = {
  regular: c.typeRegular,
  automated: c.typeAutomated,
};
export const CHANNEL_LABELS: Record<Channel, MessageDescriptor> = {
  email: c.channelEmail,
  whatsapp: c.channelWhatsapp,
  sms: c.channelSms,
};
export const DELIVERY_LABELS: Record<DeliveryState, MessageDescriptor> = {
  pending: c.statePending,
  deferred: c.stateDeferred,
  sent: c.stateSent,
  delivered: c.stateDelivered,
  not_delivered: c.stateNotDelivered,
  skipped: c.stateSkipped,
};
export const RECIPIENT_LABELS: Record<ReportRecipientState, MessageDescriptor> = {
  pending: r.statePending,
  delivered: r.stateDelivered,
  not_delivered: r.stateNotDelivered,
  opened: r.stateOpened,
  clicked: r.stateClicked,
  unsubscribed: r.stateUnsubscribed,
  blocklisted: r.stateBlocklisted,
};
export const FILTER_LABELS: Record<ReportFilterName, MessageDescriptor> = {
  all: r.filterAll,
  pending: r.filterPending,
  delivered: r.filterDelivered,
  not_delivered: r.filterNotDelivered,
  opened: r.filterOpened,
  not_opened: r.filterNotOpened,
  clicked: r.filterClicked,
  unsubscribed: r.filterUnsubscribed,
  blocklisted: r.filterBlocklisted,
  bounced: r.filterBounced,
  complained: r.filterComplained,
};
