import { Button, Group, List, Paper, Stack, Text, Textarea, Timeline, Title } from '@mantine/core';
import type { FormEvent } from 'react';
import { useIntl } from 'react-intl';
import type { ContactDetails } from '../../machines/contactDetail/contactDetail.machine.ts';
import type { ContactEvent } from '../../machines/contactsTable/contacts.types.ts';
import { contactMessages as m, eventMessages } from './ContactScreen.messages.ts';
import { contactsMessages as c } from './contacts.messages.ts';
import { isMessagingEvent, MessagingDetail, messagingTitle } from './TimelineMessageEntry.tsx';
import { websiteTimelineMessages } from './timelineWebsite.messages.ts';

/** What the notes panel may do now: the machine answers each (`snapshot.can`), the panel only renders it. */
export interface NotesActions {
  /** The note being written (the machine keeps it until it is saved) and what is wrong with it. */
  text: string;
  textError?: string;
  adding: boolean;
  disabled: boolean;
  canDelete: boolean;
  canLoadMore: boolean;
  loadingMore: boolean;
  onChange: (text: string) => void;
  onSubmit: (text: string) => void;
  onDelete: (noteId: number) => void;
  onLoadMore: () => void;
}

/** A "Show more" button under a list that has further pages. */
function MoreButton({
  label,
  can,
  loading,
  onClick,
}: {
  label: string;
  can: boolean;
  loading: boolean;
  onClick: () => void;
}) {
  return (
    <Button variant="subtle" size="xs" w="fit-content" loading={loading} disabled={!can && !loading} onClick={onClick}>
      {label}
    </Button>
  );
}

/** Notes, newest first, each with its delete action, the next page on demand, and the form for a new one. */
export function ContactNotes({ details, actions }: { details: ContactDetails; actions: NotesActions }) {
  const intl = useIntl();
  const submit = (e: FormEvent) => {
    e.preventDefault();
    actions.onSubmit(actions.text);
  };
  return (
    <Paper withBorder p="md" radius="md">
      <Title order={3} size="h5" mb="sm">
        {intl.formatMessage(m.notes)}
      </Title>
      <Stack>
        <form onSubmit={submit}>
          <Stack gap="xs">
            <Textarea
              label={intl.formatMessage(m.noteLabel)}
              value={actions.text}
              onChange={(e) => actions.onChange(e.currentTarget.value)}
              error={actions.textError}
              readOnly={actions.adding}
              maxLength={5000}
              autosize
              minRows={2}
              disabled={actions.disabled}
            />
            <Button type="submit" size="xs" w="fit-content" loading={actions.adding} disabled={actions.disabled}>
              {intl.formatMessage(m.addNote)}
            </Button>
          </Stack>
        </form>
        {details.notes.length ? (
          <List spacing="xs" listStyleType="none" data-testid="contact-notes">
            {details.notes.map((n) => (
              <List.Item key={n.id} data-note-id={n.id}>
                <Group justify="space-between" align="flex-start" wrap="nowrap">
                  <div>
                    <Text size="sm" style={{ whiteSpace: 'pre-wrap' }}>
                      {n.text}
                    </Text>
                    <Text size="xs" c="dimmed">
                      {[n.authorName, intl.formatDate(n.createdAt, { dateStyle: 'medium', timeStyle: 'short' })]
                        .filter(Boolean)
                        .join(' · ')}
                    </Text>
                  </div>
                  <Button
                    variant="subtle"
                    color="red"
                    size="compact-xs"
                    aria-label={intl.formatMessage(m.deleteNote)}
                    disabled={!actions.canDelete}
                    onClick={() => actions.onDelete(n.id)}
                  >
                    {intl.formatMessage(c.delete)}
                  </Button>
                </Group>
              </List.Item>
            ))}
          </List>
        ) : (
          <Text c="dimmed">{intl.formatMessage(m.noNotes)}</Text>
        )}
        {details.notesCursor ? (
          <MoreButton
            label={intl.formatMessage(m.moreNotes)}
            can={actions.canLoadMore}
            loading={actions.loadingMore}
            onClick={actions.onLoadMore}
          />
        ) : null}
      </Stack>
    </Paper>
  );
}

/** The activity timeline, newest first, with the next page on demand. */
export function ContactTimeline({
  details,
  canLoadMore,
  loadingMore,
  onLoadMore,
}: {
  details: ContactDetails;
  canLoadMore: boolean;
  loadingMore: boolean;
  onLoadMore: () => void;
}) {
  const intl = useIntl();
  const label = (e: ContactEvent) => {
    const fileName = String(e.payload.fileName ?? '');
    if (e.type === 'contact.imported') return intl.formatMessage(m.eventImported, { fileName });
    if (e.type === 'contact.updated' && e.payload.importId != null)
      return intl.formatMessage(m.eventUpdatedByImport, { fileName });
    if (e.type === 'list.added' && e.payload.importId != null)
      return intl.formatMessage(m.eventListAddedByImport, { fileName });
    if (isMessagingEvent(e)) return messagingTitle(intl, e);
    if (e.type === 'website.visit')
      return intl.formatMessage(websiteTimelineMessages[e.type], { pages: Number(e.payload.pages ?? 0) });
    if (e.type === 'website.event')
      return intl.formatMessage(websiteTimelineMessages[e.type], { name: String(e.payload.name ?? '') });
    return e.type in eventMessages ? intl.formatMessage(eventMessages[e.type as keyof typeof eventMessages]) : e.type;
  };
  return (
    <Paper withBorder p="md" radius="md">
      <Title order={3} size="h5" mb="sm">
        {intl.formatMessage(m.timeline)}
      </Title>
      {details.timeline.length ? (
        <Timeline bulletSize={14} lineWidth={2} data-testid="contact-timeline">
          {details.timeline.map((e) => (
            <Timeline.Item key={`${e.type}:${e.id}`} title={label(e)}>
              {isMessagingEvent(e) ? <MessagingDetail event={e} /> : null}
              {e.type === 'website.visit' && Array.isArray(e.payload.paths) ? (
                <Text size="xs">{(e.payload.paths as string[]).join(' → ')}</Text>
              ) : null}
              <Text size="xs" c="dimmed">
                {intl.formatDate(e.createdAt, { dateStyle: 'medium', timeStyle: 'short' })}
              </Text>
            </Timeline.Item>
          ))}
        </Timeline>
      ) : (
        <Text c="dimmed">{intl.formatMessage(m.noTimeline)}</Text>
      )}
      {details.timelineCursor ? (
        <Group mt="sm">
          <MoreButton
            label={intl.formatMessage(m.moreTimeline)}
            can={canLoadMore}
            loading={loadingMore}
            onClick={onLoadMore}
          />
        </Group>
      ) : null}
    </Paper>
  );
}
