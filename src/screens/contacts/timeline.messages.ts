import { defineMessage, defineMessages } from 'react-intl';

type Named = { name: string };
const named = (id: string, defaultMessage: string) => defineMessage<Named>({ id, defaultMessage });

/** The contact timeline's messaging entries (ContactEvent.type): what happened to a message sent to the contact. */
export const messagingEventMessages = {
  'message.sent': named('screen.timeline.message.sent', 'Message sent: {name}'),
  'message.delivered': named('screen.timeline.message.delivered', 'Message delivered: {name}'),
  'message.deferred': named('screen.timeline.message.deferred', 'Delivery delayed: {name}'),
  'message.not_delivered': named('screen.timeline.message.notDelivered', 'Message not delivered: {name}'),
  'message.opened': named('screen.timeline.message.opened', 'Message opened: {name}'),
  'message.clicked': named('screen.timeline.message.clicked', 'Link clicked in {name}'),
  'message.unsubscribed': named('screen.timeline.message.unsubscribed', 'Unsubscribed from {name}'),
  'message.complained': named('screen.timeline.message.complained', 'Marked as spam: {name}'),
};

export const timelineMessages = {
  hardBounce: named('screen.timeline.message.hardBounce', 'Hard bounce: {name}'),
  softBounce: named('screen.timeline.message.softBounce', 'Soft bounce: {name}'),
  repliedTo: named('screen.timeline.message.repliedTo', 'In reply to {name}'),
  replied: defineMessage<{ subject: string }>({
    id: 'screen.timeline.message.replied',
    defaultMessage: 'Reply: {subject}',
  }),
  status: defineMessage<{ status: string; text: string }>({
    id: 'screen.timeline.message.status',
    defaultMessage: 'Status {status}: {text}',
  }),
  ...defineMessages({
    blocklisted: { id: 'screen.timeline.message.blocklisted', defaultMessage: 'Address blocklisted' },
    noSubject: { id: 'screen.timeline.message.noSubject', defaultMessage: '(no subject)' },
    /** A message deleted since: its events stay on the timeline without its name. */
    deletedMessage: { id: 'screen.timeline.message.deletedMessage', defaultMessage: 'a deleted message' },
    showReply: { id: 'screen.timeline.message.showReply', defaultMessage: 'Show the whole reply' },
    hideReply: { id: 'screen.timeline.message.hideReply', defaultMessage: 'Hide' },
    machine: { id: 'screen.timeline.message.machine', defaultMessage: 'by a mail privacy proxy or link scanner' },
  }),
};

/** Why an address was blocklisted (channel_blocklist.reason). */
export const blocklistReasonMessages = {
  hard_bounce: defineMessage({ id: 'screen.timeline.blocklist.hardBounce', defaultMessage: 'after a hard bounce' }),
  complaint: defineMessage({ id: 'screen.timeline.blocklist.complaint', defaultMessage: 'after a spam complaint' }),
  soft_bounces: defineMessage<{ count: number }>({
    id: 'screen.timeline.blocklist.softBounces',
    defaultMessage: 'after {count} soft bounces in a row',
  }),
  unsubscribed: defineMessage({ id: 'screen.timeline.blocklist.unsubscribed', defaultMessage: 'after unsubscribing' }),
};
