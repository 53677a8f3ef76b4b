import { Badge, Button, Group, List, Paper, SimpleGrid, Stack, Text, Textarea, Timeline, Title } from '@mantine/core';
import { useState, type FormEvent } from 'react';
import { useIntl } from 'react-intl';
import type { ContactDetails } from '../../machines/contactDetail/contactDetail.machine.ts';
import { contactMessages as m, eventMessages } from './ContactScreen.messages.ts';
import { contactsMessages as c } from './contacts.messages.ts';

const FIELDS = ['email', 'firstName', 'lastName', 'country', 'language', 'address'] as const;

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
        {row(intl.formatMessage(c.phoneNumber), contact.phoneNumber ? `+${contact.phonePrefix ?? ''} ${contact.phoneNumber}` : '')}
        {row(intl.formatMessage(c.createdAt), intl.formatDate(contact.createdAt, { dateStyle: 'medium', timeStyle: 'short' }))}
        {attributes.map((a) => row(a.name, contact.attributes[a.id] === undefined || contact.attributes[a.id] === null ? '' : String(contact.attributes[a.id])))}
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

/** Notes, newest first, and the form for a new one. */
export function ContactNotes({ details, busy, disabled, onSubmit }: { details: ContactDetails; busy: boolean; disabled: boolean; onSubmit: (text: string) => void }) {
  const intl = useIntl();
  const [text, setText] = useState('');
  const submit = (e: FormEvent) => {
    e.preventDefault();
    onSubmit(text);
    setText('');
  };
  return (
    <Paper withBorder p="md" radius="md">
      <Title order={3} size="h5" mb="sm">
        {intl.formatMessage(m.notes)}
      </Title>
      <Stack>
        <form onSubmit={submit}>
          <Stack gap="xs">
            <Textarea label={intl.formatMessage(m.noteLabel)} value={text} onChange={(e) => setText(e.currentTarget.value)} maxLength={5000} autosize minRows={2} disabled={disabled} />
            <Button type="submit" size="xs" w="fit-content" loading={busy} disabled={disabled}>
              {intl.formatMessage(m.addNote)}
            </Button>
          </Stack>
        </form>
        {details.notes.length ? (
          <List spacing="xs" data-testid="contact-notes">
            {details.notes.map((n) => (
              <List.Item key={n.id}>
                <Text size="sm" style={{ whiteSpace: 'pre-wrap' }}>
                  {n.text}
                </Text>
                <Text size="xs" c="dimmed">
                  {[n.authorName, intl.formatDate(n.createdAt, { dateStyle: 'medium', timeStyle: 'short' })].filter(Boolean).join(' · ')}
                </Text>
              </List.Item>
            ))}
          </List>
        ) : (
          <Text c="dimmed">{intl.formatMessage(m.noNotes)}</Text>
        )}
      </Stack>
    </Paper>
  );
}

/** The activity timeline, newest first. */
export function ContactTimeline({ details }: { details: ContactDetails }) {
  const intl = useIntl();
  const label = (type: string) => (type in eventMessages ? intl.formatMessage(eventMessages[type as keyof typeof eventMessages]) : type);
  return (
    <Paper withBorder p="md" radius="md">
      <Title order={3} size="h5" mb="sm">
        {intl.formatMessage(m.timeline)}
      </Title>
      {details.timeline.length ? (
        <Timeline bulletSize={14} lineWidth={2} data-testid="contact-timeline">
          {details.timeline.map((e) => (
            <Timeline.Item key={e.id} title={label(e.type)}>
              <Text size="xs" c="dimmed">
                {intl.formatDate(e.createdAt, { dateStyle: 'medium', timeStyle: 'short' })}
              </Text>
            </Timeline.Item>
          ))}
        </Timeline>
      ) : (
        <Text c="dimmed">{intl.formatMessage(m.noTimeline)}</Text>
      )}
    </Paper>
  );
}
