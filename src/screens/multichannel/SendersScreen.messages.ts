import { defineMessage, defineMessages } from 'react-intl';

/** Multichannel → Settings → Senders (ids under `screen.senders.`). */
export const sendersMessages = defineMessages({
  intro: {
    id: 'screen.senders.intro',
    defaultMessage:
      'Senders are the names and addresses your campaigns come from. Each address is verified by a link emailed to ' +
      'it; only verified senders can send. Publish the DNS records of each domain so your mail is signed and trusted.',
  },
  add: { id: 'screen.senders.add', defaultMessage: 'Add a sender' },
  empty: {
    id: 'screen.senders.empty',
    defaultMessage: 'No senders yet. Add one to start sending campaigns from your own address.',
  },
  loadFailed: { id: 'screen.senders.loadFailed', defaultMessage: 'The senders could not be loaded.' },
  tableLabel: { id: 'screen.senders.tableLabel', defaultMessage: 'Senders' },
  name: { id: 'screen.senders.name', defaultMessage: 'From name' },
  address: { id: 'screen.senders.address', defaultMessage: 'From address' },
  replyTo: { id: 'screen.senders.replyTo', defaultMessage: 'Reply-to (optional)' },
  status: { id: 'screen.senders.status', defaultMessage: 'Status' },
  actions: { id: 'screen.senders.actions', defaultMessage: 'Actions' },
  verified: { id: 'screen.senders.verified', defaultMessage: 'Verified' },
  pending: { id: 'screen.senders.pending', defaultMessage: 'Verification sent' },
  expired: { id: 'screen.senders.expired', defaultMessage: 'Link expired' },
  resend: { id: 'screen.senders.resend', defaultMessage: 'Resend link' },
  edit: { id: 'screen.senders.edit', defaultMessage: 'Edit' },
  delete: { id: 'screen.senders.delete', defaultMessage: 'Delete' },
  editOf: defineMessage<{ address: string }>({ id: 'screen.senders.editOf', defaultMessage: 'Edit {address}' }),
  deleteOf: defineMessage<{ address: string }>({ id: 'screen.senders.deleteOf', defaultMessage: 'Delete {address}' }),
  resendOf: defineMessage<{ address: string }>({
    id: 'screen.senders.resendOf',
    defaultMessage: 'Resend the verification link to {address}',
  }),
  confirmTitle: { id: 'screen.senders.confirmTitle', defaultMessage: 'Delete this sender?' },
  confirmText: defineMessage<{ address: string }>({
    id: 'screen.senders.confirmText',
    defaultMessage: '{address} will no longer be available for campaigns. Its domain and DNS records stay.',
  }),
  noticeResent: defineMessage<{ hours: number }>({
    id: 'screen.senders.noticeResent',
    defaultMessage: 'A new verification link was sent. It is valid for {hours} hours.',
  }),
  noticeTooSoon: {
    id: 'screen.senders.noticeTooSoon',
    defaultMessage: 'A link was sent less than a minute ago. Please wait a moment before asking again.',
  },
  noticeDeleted: { id: 'screen.senders.noticeDeleted', defaultMessage: 'The sender was deleted.' },
  noticeSaved: { id: 'screen.senders.noticeSaved', defaultMessage: 'The sender was saved.' },
  noticeInUse: {
    id: 'screen.senders.noticeInUse',
    defaultMessage:
      'This sender is used by a campaign that is not finished (draft, scheduled, sending or paused). Choose another ' +
      'sender in that campaign first.',
  },
  deleteFailed: { id: 'screen.senders.deleteFailed', defaultMessage: 'The sender could not be deleted. Try again.' },
  resendFailed: { id: 'screen.senders.resendFailed', defaultMessage: 'The link could not be sent. Try again.' },
  checkFailed: { id: 'screen.senders.checkFailed', defaultMessage: 'The DNS check could not run. Try again.' },
  // The form
  formAdd: { id: 'screen.senders.formAdd', defaultMessage: 'Add a sender' },
  formEdit: { id: 'screen.senders.formEdit', defaultMessage: 'Edit the sender' },
  formVerifyHint: {
    id: 'screen.senders.formVerifyHint',
    defaultMessage: 'We email a verification link to this address. A new address is verified again.',
  },
  relayUrl: { id: 'screen.senders.relayUrl', defaultMessage: 'SMTP relay (optional)' },
  relayHint: {
    id: 'screen.senders.relayHint',
    defaultMessage: 'smtp:// or smtps:// address of a relay of its own; empty: the installation’s relay.',
  },
  relayKept: {
    id: 'screen.senders.relayKept',
    defaultMessage: 'A relay is set. Leave this empty to keep it, or enter a new address.',
  },
  ratePerMinute: { id: 'screen.senders.ratePerMinute', defaultMessage: 'Messages per minute (optional)' },
  rateHint: { id: 'screen.senders.rateHint', defaultMessage: 'Empty: no limit of its own.' },
  warmupLegend: { id: 'screen.senders.warmupLegend', defaultMessage: 'IP warm-up' },
  warmupEnabled: { id: 'screen.senders.warmupEnabled', defaultMessage: 'Warm up this sender' },
  warmupAdvice: defineMessage<{ weeks: number; initial: string; increase: number }>({
    id: 'screen.senders.warmupAdvice',
    defaultMessage:
      'Warm up over at least {weeks} weeks: start with {initial} messages a day and increase by {increase}% a day. 0% means constant volume.',
  }),
  warmupStartedOn: { id: 'screen.senders.warmupStartedOn', defaultMessage: 'Start date' },
  warmupStartedOnHint: {
    id: 'screen.senders.warmupStartedOnHint',
    defaultMessage: 'Empty: the day of the first send.',
  },
  warmupInitial: { id: 'screen.senders.warmupInitial', defaultMessage: 'Initial daily quota' },
  warmupIncreasePct: { id: 'screen.senders.warmupIncreasePct', defaultMessage: 'Daily increase (%)' },
  save: { id: 'screen.senders.save', defaultMessage: 'Save' },
  saveFailed: { id: 'screen.senders.saveFailed', defaultMessage: 'The sender could not be saved. Try again.' },
  errorRequired: { id: 'screen.senders.errorRequired', defaultMessage: 'This field is required.' },
  errorAddressTaken: { id: 'screen.senders.errorAddressTaken', defaultMessage: 'This address is already a sender.' },
  errorInvalid: { id: 'screen.senders.errorInvalid', defaultMessage: 'This value is not valid.' },
  // Domains
  domainsTitle: { id: 'screen.senders.domainsTitle', defaultMessage: 'Sending domains' },
  domainsIntro: {
    id: 'screen.senders.domainsIntro',
    defaultMessage:
      'Publish these records at your DNS provider, then check them. DKIM signs your mail, SPF allows us to send for ' +
      'your domain, DMARC tells receivers what to do with unsigned mail, and the return path brings bounces back.',
  },
  domainsEmpty: {
    id: 'screen.senders.domainsEmpty',
    defaultMessage: 'A sending domain appears here when you add a sender with an address at it.',
  },
  recordsOf: defineMessage<{ domain: string }>({
    id: 'screen.senders.recordsOf',
    defaultMessage: 'DNS records of {domain}',
  }),
  recordKind: { id: 'screen.senders.recordKind', defaultMessage: 'Record' },
  host: { id: 'screen.senders.host', defaultMessage: 'Host' },
  type: { id: 'screen.senders.type', defaultMessage: 'Type' },
  value: { id: 'screen.senders.value', defaultMessage: 'Value' },
  copy: { id: 'screen.senders.copy', defaultMessage: 'Copy' },
  copied: { id: 'screen.senders.copied', defaultMessage: 'Copied' },
  copyOf: defineMessage<{ what: string; record: string }>({
    id: 'screen.senders.copyOf',
    defaultMessage: 'Copy the {what} of the {record} record',
  }),
  checkDns: { id: 'screen.senders.checkDns', defaultMessage: 'Check DNS' },
  checkedAt: defineMessage<{ when: string }>({ id: 'screen.senders.checkedAt', defaultMessage: 'Last checked {when}' }),
  neverChecked: { id: 'screen.senders.neverChecked', defaultMessage: 'Not checked yet' },
  seen: defineMessage<{ values: string }>({ id: 'screen.senders.seen', defaultMessage: 'Found instead: {values}' }),
  kindDkim: { id: 'screen.senders.kindDkim', defaultMessage: 'DKIM' },
  kindSpf: { id: 'screen.senders.kindSpf', defaultMessage: 'SPF' },
  kindDmarc: { id: 'screen.senders.kindDmarc', defaultMessage: 'DMARC' },
  kindReturnPath: { id: 'screen.senders.kindReturnPath', defaultMessage: 'Return path' },
  statusFound: { id: 'screen.senders.statusFound', defaultMessage: 'Found' },
  statusMissing: { id: 'screen.senders.statusMissing', defaultMessage: 'Missing' },
  statusWrong: { id: 'screen.senders.statusWrong', defaultMessage: 'Wrong' },
  statusUnchecked: { id: 'screen.senders.statusUnchecked', defaultMessage: 'Not checked' },
  // Multichannel → Settings, the page that leads to senders and the unsubscribe page
  settingsSenders: { id: 'screen.senders.settingsSenders', defaultMessage: 'Senders and domains' },
  settingsSendersText: {
    id: 'screen.senders.settingsSendersText',
    defaultMessage: 'The addresses your campaigns come from, their verification, and the DNS records of each domain.',
  },
  settingsUnsubscribe: { id: 'screen.senders.settingsUnsubscribe', defaultMessage: 'Unsubscribe page' },
  settingsUnsubscribeText: {
    id: 'screen.senders.settingsUnsubscribeText',
    defaultMessage: 'The texts and colours of the page your contacts see when they unsubscribe.',
  },
});
