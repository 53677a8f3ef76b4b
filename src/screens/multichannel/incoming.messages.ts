import { defineMessage, defineMessages } from 'react-intl';

/** The incoming view of the message log (/multichannel/messages?view=incoming) and its message drawer. */
export const incomingMessages = defineMessages({
  view: { id: 'screen.incoming.view', defaultMessage: 'Show' },
  outgoing: { id: 'screen.incoming.view.outgoing', defaultMessage: 'Outgoing' },
  incoming: { id: 'screen.incoming.view.incoming', defaultMessage: 'Incoming' },
  search: { id: 'screen.incoming.search', defaultMessage: 'Search by address or subject' },
  from: { id: 'screen.incoming.from', defaultMessage: 'From' },
  contact: { id: 'screen.incoming.contact', defaultMessage: 'Contact' },
  subject: { id: 'screen.incoming.subject', defaultMessage: 'Subject' },
  campaign: { id: 'screen.incoming.campaign', defaultMessage: 'In reply to' },
  received: { id: 'screen.incoming.received', defaultMessage: 'Received' },
  noSubject: { id: 'screen.incoming.noSubject', defaultMessage: '(no subject)' },
  read: { id: 'screen.incoming.read', defaultMessage: 'Read' },
  readLabel: defineMessage<{ from: string }>({
    id: 'screen.incoming.readLabel',
    defaultMessage: 'Read the message from {from}',
  }),
  empty: { id: 'screen.incoming.empty', defaultMessage: 'No incoming messages yet' },
  loadFailed: { id: 'screen.incoming.loadFailed', defaultMessage: "Incoming messages couldn't be loaded." },
  total: defineMessage<{ count: number; more: string }>({
    id: 'screen.incoming.total',
    defaultMessage:
      '{more, select, yes {More than {count, number} messages} other {{count, plural, one {# message} other {# messages}}}}',
  }),
  drawerTitle: { id: 'screen.incoming.drawer.title', defaultMessage: 'Incoming message' },
  to: { id: 'screen.incoming.drawer.to', defaultMessage: 'To' },
  emptyText: { id: 'screen.incoming.drawer.emptyText', defaultMessage: 'This message has no text.' },
  messageFailed: { id: 'screen.incoming.drawer.failed', defaultMessage: "The message couldn't be loaded." },
});
