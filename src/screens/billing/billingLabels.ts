import type { MessageDescriptor } from 'react-intl';
import type { LedgerKind } from '../../../shared/billing.ts';
import type { Channel } from '../../../shared/messaging.ts';
import { billingMessages as m } from './BillingScreen.messages.ts';

/** The names the billing page shows for channels and ledger kinds (shared/billing.ts names them). */
export const CHANNEL_LABEL: Record<Channel, MessageDescriptor> = {
  email: m.channelEmail,
  sms: m.channelSms,
  whatsapp: m.channelWhatsapp,
};

export const KIND_LABEL: Record<LedgerKind, MessageDescriptor> = {
  send: m.kindSend,
  test_send: m.kindTestSend,
  top_up: m.kindTopUp,
  grant: m.kindGrant,
  refund: m.kindRefund,
};

export const CHANNEL_COLOR: Record<Channel, string> = { email: 'blue.6', sms: 'grape.6', whatsapp: 'teal.6' };
