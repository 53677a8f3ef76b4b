import { Text } from '@mantine/core';
import { useIntl, type MessageDescriptor } from 'react-intl';
import { FIELD_TEXTS } from '../../../shared/fieldTexts.ts';
import { notificationsMessages as m } from './NotificationsScreen.messages.ts';

/** The server's field messages (spec section 5) that the notification settings can answer with. */
const KNOWN: Record<string, MessageDescriptor> = {
  'invalid pattern': m.invalidPattern,
  'invalid selection': m.invalidSelection,
  [FIELD_TEXTS.timeZoneInvalid]: m.invalidTimeZone,
};

/** The first error of a field, translated; an unknown message reads as a generic invalid value. */
export function FieldErrorText({ message }: { message: string | undefined }) {
  const intl = useIntl();
  if (message === undefined) return null;
  const descriptor: MessageDescriptor = KNOWN[message] ?? m.invalidValue;
  return (
    <Text c="red" size="sm" role="alert" data-field-error={message}>
      {intl.formatMessage(descriptor)}
    </Text>
  );
}
