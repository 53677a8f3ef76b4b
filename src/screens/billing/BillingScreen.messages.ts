import { defineMessage, defineMessages } from 'react-intl';

/** Billing → Channels (ids under `screen.billing.`). */
export const billingMessages = defineMessages({
  title: { id: 'screen.billing.title', defaultMessage: 'Channels and credits' },
  intro: {
    id: 'screen.billing.intro',
    defaultMessage:
      'Each channel spends credits from its own balance, one price per message. Top-ups and plan changes are made ' +
      'by your dedicated sales representative.',
  },
  offTitle: { id: 'screen.billing.offTitle', defaultMessage: 'Billing is off' },
  offText: {
    id: 'screen.billing.offText',
    defaultMessage: 'Billing is off on this installation: there are no balances nor limits.',
  },
  loadFailed: { id: 'screen.billing.loadFailed', defaultMessage: 'The billing information could not be loaded.' },
  ledgerFailed: { id: 'screen.billing.ledgerFailed', defaultMessage: 'The ledger could not be loaded.' },
  saveFailed: { id: 'screen.billing.saveFailed', defaultMessage: 'The threshold could not be saved.' },
  thresholdRejected: {
    id: 'screen.billing.thresholdRejected',
    defaultMessage: 'The threshold must be a whole number between 0 and 100,000,000.',
  },
  exportFailed: { id: 'screen.billing.exportFailed', defaultMessage: 'The ledger could not be exported.' },
  exported: defineMessage<{ count: number }>({
    id: 'screen.billing.exported',
    defaultMessage: '{count, plural, one {# ledger entry exported.} other {# ledger entries exported.}}',
  }),
  thresholdSaved: { id: 'screen.billing.thresholdSaved', defaultMessage: 'Low-balance threshold saved.' },
  channelEmail: { id: 'screen.billing.channel.email', defaultMessage: 'Email' },
  channelSms: { id: 'screen.billing.channel.sms', defaultMessage: 'SMS' },
  channelWhatsapp: { id: 'screen.billing.channel.whatsapp', defaultMessage: 'WhatsApp' },
  balance: { id: 'screen.billing.balance', defaultMessage: 'Balance' },
  credits: defineMessage<{ count: number }>({
    id: 'screen.billing.credits',
    defaultMessage: '{count, plural, one {# credit} other {# credits}}',
  }),
  price: { id: 'screen.billing.price', defaultMessage: 'Price per message' },
  threshold: { id: 'screen.billing.threshold', defaultMessage: 'Low-balance threshold' },
  thresholdLabel: defineMessage<{ channel: string }>({
    id: 'screen.billing.thresholdLabel',
    defaultMessage: 'Low-balance threshold for {channel}',
  }),
  thresholdHelp: {
    id: 'screen.billing.thresholdHelp',
    defaultMessage: 'Owners are notified when the balance falls below it.',
  },
  save: { id: 'screen.billing.save', defaultMessage: 'Save' },
  low: { id: 'screen.billing.low', defaultMessage: 'Low balance' },
  plan: defineMessage<{ name: string }>({ id: 'screen.billing.plan', defaultMessage: 'Plan: {name}' }),
  usageContacts: { id: 'screen.billing.usage.contacts', defaultMessage: 'Contacts' },
  usageSeats: { id: 'screen.billing.usage.seats', defaultMessage: 'Team members' },
  usageSends: { id: 'screen.billing.usage.sends', defaultMessage: 'Messages sent this month' },
  usageOf: defineMessage<{ used: string; limit: string }>({
    id: 'screen.billing.usageOf',
    defaultMessage: '{used} of {limit}',
  }),
  unlimited: defineMessage<{ used: string }>({ id: 'screen.billing.unlimited', defaultMessage: '{used} (unlimited)' }),
  chartTitle: { id: 'screen.billing.chartTitle', defaultMessage: 'Credits spent this month' },
  chartLabel: { id: 'screen.billing.chartLabel', defaultMessage: 'Credits spent per day this month, by channel' },
  chartEmpty: { id: 'screen.billing.chartEmpty', defaultMessage: 'No credits spent this month yet.' },
  ledgerTitle: { id: 'screen.billing.ledgerTitle', defaultMessage: 'Ledger' },
  ledgerEmpty: { id: 'screen.billing.ledgerEmpty', defaultMessage: 'No ledger entries yet.' },
  channelFilter: { id: 'screen.billing.channelFilter', defaultMessage: 'Channel' },
  allChannels: { id: 'screen.billing.allChannels', defaultMessage: 'All channels' },
  export: { id: 'screen.billing.export', defaultMessage: 'Export CSV' },
  date: { id: 'screen.billing.date', defaultMessage: 'Date' },
  kind: { id: 'screen.billing.kind', defaultMessage: 'Kind' },
  amount: { id: 'screen.billing.amount', defaultMessage: 'Amount' },
  balanceAfter: { id: 'screen.billing.balanceAfter', defaultMessage: 'Balance after' },
  detail: { id: 'screen.billing.detail', defaultMessage: 'Campaign or reason' },
  campaign: defineMessage<{ id: number }>({ id: 'screen.billing.campaign', defaultMessage: 'Campaign #{id}' }),
  kindSend: { id: 'screen.billing.kind.send', defaultMessage: 'Campaign send' },
  kindTestSend: { id: 'screen.billing.kind.testSend', defaultMessage: 'Test send' },
  kindTopUp: { id: 'screen.billing.kind.topUp', defaultMessage: 'Top-up' },
  kindGrant: { id: 'screen.billing.kind.grant', defaultMessage: 'Grant' },
  kindRefund: { id: 'screen.billing.kind.refund', defaultMessage: 'Refund' },
  previous: { id: 'screen.billing.previous', defaultMessage: 'Previous' },
  next: { id: 'screen.billing.next', defaultMessage: 'Next' },
  pageOf: defineMessage<{ page: number; pages: number }>({
    id: 'screen.billing.pageOf',
    defaultMessage: 'Page {page} of {pages}',
  }),
});
