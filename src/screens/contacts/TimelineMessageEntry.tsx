import { Anchor, Spoiler, Text } from '@mantine/core';
import type { IntlShape } from 'react-intl';
import { useIntl } from 'react-intl';
import { SOFT_BOUNCES_TO_BLOCK } from '../../../shared/messaging.ts';
import type { ContactEvent } from '../../machines/contactsTable/contacts.types.ts';
import { blocklistReasonMessages, messagingEventMessages, timelineMessages as t } from './timeline.messages.ts';

const text = (value: unknown) => (typeof value === 'string' && value !== '' ? value : null);

/** A timeline entry about a message (its type starts with `message.`): the server adds the message's name. */
export const isMessagingEvent = (e: ContactEvent) => e.type.startsWith('message.');

/** The entry's title: what happened, and to which message. */
export function messagingTitle(intl: IntlShape, e: ContactEvent): string {
  const p = e.payload;
  const name = text(p.messageName) ?? intl.formatMessage(t.deletedMessage);
  if (e.type === 'message.replied') {
    return intl.formatMessage(t.replied, { subject: text(p.subject) ?? intl.formatMessage(t.noSubject) });
  }
  if (e.type === 'message.bounced') return intl.formatMessage(p.hard === false ? t.softBounce : t.hardBounce, { name });
  if (e.type === 'message.blocklisted') {
    const title = intl.formatMessage(t.blocklisted);
    const reason = p.reason as keyof typeof blocklistReasonMessages;
    if (reason === 'soft_bounces') {
      return `${title} ${intl.formatMessage(blocklistReasonMessages.soft_bounces, { count: SOFT_BOUNCES_TO_BLOCK })}`;
    }
    return reason in blocklistReasonMessages
      ? `${title} ${intl.formatMessage(blocklistReasonMessages[reason])}`
      : title;
  }
  const known = messagingEventMessages[e.type as keyof typeof messagingEventMessages];
  return known ? intl.formatMessage(known, { name }) : e.type;
}

/**
 * What the entry shows under its title: the link of a click, the status and diagnostic of a bounce, a machine open or
 * click marked as such, and for a reply the message it answers and its text, cut short until expanded.
 */
export function MessagingDetail({ event: e }: { event: ContactEvent }) {
  const intl = useIntl();
  const p = e.payload;
  if (e.type === 'message.replied') {
    const body = text(p.text) ?? text(p.snippet);
    return (
      <>
        {p.messageId != null ? (
          <Text size="xs" c="dimmed">
            {intl.formatMessage(t.repliedTo, {
              name: text(p.messageName) ?? intl.formatMessage(t.deletedMessage),
            })}
          </Text>
        ) : null}
        {body ? (
          <Spoiler
            maxHeight={40}
            showLabel={intl.formatMessage(t.showReply)}
            hideLabel={intl.formatMessage(t.hideReply)}
            data-testid="timeline-reply"
          >
            <Text size="sm" style={{ whiteSpace: 'pre-wrap' }}>
              {body}
            </Text>
          </Spoiler>
        ) : null}
      </>
    );
  }
  const url = text(p.url);
  const status = text(p.status);
  const diagnostic = text(p.diagnostic) ?? text(p.reason);
  return (
    <>
      {url && /^https?:\/\//i.test(url) ? (
        <Anchor href={url} target="_blank" rel="noopener noreferrer" size="xs" style={{ wordBreak: 'break-all' }}>
          {url}
        </Anchor>
      ) : null}
      {e.type === 'message.bounced' && (status || diagnostic) ? (
        <Text size="xs" c="dimmed">
          {status ? intl.formatMessage(t.status, { status, text: diagnostic ?? '' }) : diagnostic}
        </Text>
      ) : null}
      {p.machine === true ? (
        <Text size="xs" c="dimmed">
          {intl.formatMessage(t.machine)}
        </Text>
      ) : null}
    </>
  );
}
