import { Badge, Button, Group, Paper, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import { useId } from 'react';
import { useIntl } from 'react-intl';
import type { SnapshotFrom } from 'xstate';
import type {
  contactDetailMachine,
  ContactDetailEvent,
  ContactDetails,
} from '../../machines/contactDetail/contactDetail.machine.ts';
import type { Contact } from '../../machines/contactsTable/contacts.types.ts';
import { contactMessages as m } from './ContactScreen.messages.ts';
import { contactsMessages as c } from './contacts.messages.ts';
import { Permitted } from '../shared/Permitted.tsx';

const FIELDS = ['email', 'firstName', 'lastName', 'country', 'language', 'address'] as const;

/**
 * The contact's name and status, and its actions: each button sends its event, the machine decides. A blocked contact's
 * Unblock button says what it does (spec section 4) in a line under the actions.
 */
export function ContactHeader({
  contact,
  step,
  canEdit,
  send,
}: {
  contact: Contact;
  step: SnapshotFrom<typeof contactDetailMachine>['value'];
  canEdit: boolean;
  send: (event: ContactDetailEvent) => void;
}) {
  const intl = useIntl();
  const hintId = useId();
  const anonymised = Boolean(contact.anonymisedAt);
  return (
    <Group justify="space-between" align="flex-start">
      <Group>
        <Title order={2} size="h3">
          {contact.email ?? `#${contact.id}`}
        </Title>
        {anonymised ? (
          <Badge color="gray">{intl.formatMessage(c.anonymised)}</Badge>
        ) : contact.blocked ? (
          <Badge color="red">{intl.formatMessage(c.blocked)}</Badge>
        ) : null}
      </Group>
      <Stack gap={4} align="flex-end">
        <Group gap="xs">
          <Permitted permission="contacts:write">
            <Button variant="default" disabled={!canEdit} onClick={() => send({ type: 'contact.edit' })}>
              {intl.formatMessage(m.edit)}
            </Button>
          </Permitted>
          {contact.blocked ? (
            <Permitted permission="contacts:write">
              <Button
                variant="default"
                aria-describedby={hintId}
                loading={step === 'unblocking'}
                onClick={() => send({ type: 'contact.unblock' })}
              >
                {intl.formatMessage(m.unblock)}
              </Button>
            </Permitted>
          ) : (
            <Permitted permission="contacts:write">
              <Button
                variant="default"
                loading={step === 'blocking'}
                disabled={anonymised}
                onClick={() => send({ type: 'contact.block' })}
              >
                {intl.formatMessage(m.block)}
              </Button>
            </Permitted>
          )}
          <Permitted permission="contacts:export">
            <Button variant="default" loading={step === 'exportingData'} onClick={() => send({ type: 'data.export' })}>
              {intl.formatMessage(m.exportData)}
            </Button>
          </Permitted>
          <Permitted permission="contacts:write">
            <Button
              variant="light"
              color="red"
              disabled={anonymised}
              onClick={() => send({ type: 'contact.anonymise' })}
            >
              {intl.formatMessage(m.anonymise)}
            </Button>
          </Permitted>
          <Permitted permission="contacts:write">
            <Button variant="light" color="red" onClick={() => send({ type: 'contact.delete' })}>
              {intl.formatMessage(c.delete)}
            </Button>
          </Permitted>
        </Group>
        {contact.blocked ? (
          <Text id={hintId} size="xs" c="dimmed" data-testid="unblock-hint">
            {intl.formatMessage(m.unblockHint)}
          </Text>
        ) : null}
      </Stack>
    </Group>
  );
}

/** The contact's fields and custom attributes. */
export function ContactFields({ details }: { details: ContactDetails }) {
  const intl = useIntl();
  const { contact, attributes } = details;
  const row = (label: string, value: string) => (
    <div key={label}>
      <Text size="xs" c="dimmed">
        {label}
      </Text>
      <Text>{value || '—'}</Text>
    </div>
  );
  return (
    <Paper withBorder p="md" radius="md">
      <Title order={3} size="h5" mb="sm">
        {intl.formatMessage(m.details)}
      </Title>
      <SimpleGrid cols={{ base: 1, sm: 2 }} data-testid="contact-fields">
        {FIELDS.map((f) => row(intl.formatMessage(c[f]), contact[f] ?? ''))}
        {row(
          intl.formatMessage(c.phoneNumber),
          contact.phoneNumber ? `+${contact.phonePrefix ?? ''} ${contact.phoneNumber}` : '',
        )}
        {row(
          intl.formatMessage(c.createdAt),
          intl.formatDate(contact.createdAt, { dateStyle: 'medium', timeStyle: 'short' }),
        )}
        {attributes.map((a) =>
          row(
            a.name,
            contact.attributes[a.id] === undefined || contact.attributes[a.id] === null
              ? ''
              : String(contact.attributes[a.id]),
          ),
        )}
      </SimpleGrid>
    </Paper>
  );
}

/** The lists the contact is in. */
export function ContactLists({ details }: { details: ContactDetails }) {
  const intl = useIntl();
  return (
    <Paper withBorder p="md" radius="md">
      <Title order={3} size="h5" mb="sm">
        {intl.formatMessage(m.lists)}
      </Title>
      {details.lists.length ? (
        <Group gap="xs" data-testid="contact-lists">
          {details.lists.map((l) => (
            <Badge key={l.id} variant="light">
              {l.name}
            </Badge>
          ))}
        </Group>
      ) : (
        <Text c="dimmed">{intl.formatMessage(m.noLists)}</Text>
      )}
    </Paper>
  );
}
