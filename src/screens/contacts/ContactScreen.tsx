import { Alert, Anchor, Button, Grid, Paper, Stack, Text } from '@mantine/core';
import { useActorRef, useSelector } from '@xstate/react';
import { useIntl, type MessageDescriptor } from 'react-intl';
import { Link, useParams } from 'react-router';
import { actorOptions } from '../../app/inspect.ts';
import { useCan } from '../../app/permissions.ts';
import { ConfirmModal } from '../../components/contacts/ConfirmModal.tsx';
import { commonMessages } from '../../i18n/common.messages.ts';
import { contactDetailMachine, type ContactDetailError } from '../../machines/contactDetail/contactDetail.machine.ts';
import { ContactNotes, ContactTimeline } from './ContactActivity.tsx';
import { ContactForm } from './ContactForm.tsx';
import { ContactFields, ContactHeader, ContactLists } from './ContactPanels.tsx';
import { ContactWorkflowRuns } from '../workflows/ContactWorkflowRuns.tsx';
import { contactMessages as m } from './ContactScreen.messages.ts';
import { contactsMessages as c } from './contacts.messages.ts';

/** Errors shown above the page; 'Text is required' is shown under the note. */
const ERRORS: Record<Exclude<ContactDetailError, 'noteRequired'>, MessageDescriptor> = {
  loadFailed: m.loadFailed,
  notFound: m.notFound,
  noteFailed: m.noteFailed,
  noteDeleteFailed: m.noteDeleteFailed,
  noteGone: m.noteGone,
  moreFailed: m.moreFailed,
  blockFailed: m.blockFailed,
  anonymiseFailed: m.anonymiseFailed,
  deleteFailed: m.deleteFailed,
  exportFailed: m.exportFailed,
};

/** The question of each confirming state; the modal stays open, busy, in the state that carries out the answer. */
const CONFIRMS: Record<string, { text: MessageDescriptor; confirm: MessageDescriptor }> = {
  confirmingAnonymise: { text: m.anonymiseText, confirm: m.anonymise },
  anonymising: { text: m.anonymiseText, confirm: m.anonymise },
  confirmingDelete: { text: m.deleteText, confirm: c.delete },
  deleting: { text: m.deleteText, confirm: c.delete },
  confirmingNoteDelete: { text: m.deleteNoteText, confirm: m.deleteNote },
  deletingNote: { text: m.deleteNoteText, confirm: m.deleteNote },
};

/** One contact: fields, edit, blocklist, notes, lists, activity, JSON export, anonymise and delete. */
export function ContactScreen() {
  const intl = useIntl();
  const { id } = useParams();
  const actor = useActorRef(contactDetailMachine, { ...actorOptions(), input: { id: Number(id) } });
  const details = useSelector(actor, (s) => s.context.details);
  const error = useSelector(actor, (s) => s.context.error);
  const noteText = useSelector(actor, (s) => s.context.noteText);
  const step = useSelector(actor, (s) => s.value);
  const busy = useSelector(actor, (s) => s.hasTag('busy'));
  const canEdit = useSelector(actor, (s) => s.can({ type: 'contact.edit' }));
  // Every listed note can be deleted, or none can: asking for the first answers for all.
  const canDeleteNote = useSelector(actor, (s) =>
    s.can({ type: 'note.delete', noteId: s.context.details?.notes[0]?.id ?? 0 }),
  );
  const canMoreNotes = useSelector(actor, (s) => s.can({ type: 'notes.loadMore' }));
  const canMoreTimeline = useSelector(actor, (s) => s.can({ type: 'timeline.loadMore' }));
  const confirm = typeof step === 'string' ? CONFIRMS[step] : undefined;
  const contact = details?.contact;
  const anonymised = Boolean(contact?.anonymisedAt);
  // Notes are contacts:write: a role without it reads them and cannot add or delete one.
  const canWrite = useCan('contacts:write');

  if (step === 'deleted')
    return (
      <Alert color="teal">
        {intl.formatMessage(m.deleted)}{' '}
        <Anchor component={Link} to="/contacts">
          {intl.formatMessage(m.back)}
        </Anchor>
      </Alert>
    );
  return (
    <Stack>
      <Anchor component={Link} to="/contacts" w="fit-content">
        ← {intl.formatMessage(m.back)}
      </Anchor>
      {error && error !== 'noteRequired' ? (
        <Alert color="red" role="alert">
          {intl.formatMessage(ERRORS[error])}
        </Alert>
      ) : null}
      {step === 'loadFailed' ? (
        <Button w="fit-content" onClick={() => actor.send({ type: 'contact.retry' })}>
          {intl.formatMessage(commonMessages.retry)}
        </Button>
      ) : null}
      {contact && details ? (
        <>
          <ContactHeader contact={contact} step={step} canEdit={canEdit} send={actor.send} />
          {step === 'editing' ? (
            <Paper withBorder p="md" radius="md">
              <ContactForm
                contact={contact}
                attributes={details.attributes}
                onSaved={() => actor.send({ type: 'form.saved' })}
                onCancel={() => actor.send({ type: 'form.cancel' })}
              />
            </Paper>
          ) : (
            <ContactFields details={details} />
          )}
          <Grid>
            <Grid.Col span={{ base: 12, md: 6 }}>
              <Stack>
                <ContactLists details={details} />
                <ContactWorkflowRuns contactId={contact.id} />
                <ContactNotes
                  details={details}
                  actions={{
                    text: noteText,
                    textError: error === 'noteRequired' ? intl.formatMessage(c.textRequired) : undefined,
                    adding: step === 'addingNote',
                    disabled: anonymised || !canWrite,
                    canDelete: canDeleteNote && canWrite,
                    canLoadMore: canMoreNotes,
                    loadingMore: step === 'loadingMoreNotes',
                    onChange: (text) => actor.send({ type: 'note.change', text }),
                    onSubmit: (text) => actor.send({ type: 'note.submit', text }),
                    onDelete: (noteId) => actor.send({ type: 'note.delete', noteId }),
                    onLoadMore: () => actor.send({ type: 'notes.loadMore' }),
                  }}
                />
              </Stack>
            </Grid.Col>
            <Grid.Col span={{ base: 12, md: 6 }}>
              <ContactTimeline
                details={details}
                canLoadMore={canMoreTimeline}
                loadingMore={step === 'loadingMoreTimeline'}
                onLoadMore={() => actor.send({ type: 'timeline.loadMore' })}
              />
            </Grid.Col>
          </Grid>
        </>
      ) : busy ? (
        <Text>{intl.formatMessage(commonMessages.loading)}</Text>
      ) : null}
      <ConfirmModal
        opened={Boolean(confirm)}
        title={intl.formatMessage(c.confirmTitle)}
        text={confirm ? intl.formatMessage(confirm.text) : ''}
        confirmLabel={confirm ? intl.formatMessage(confirm.confirm) : ''}
        cancelLabel={intl.formatMessage(commonMessages.cancel)}
        busy={busy}
        onConfirm={() => actor.send({ type: 'confirm.accept' })}
        onCancel={() => actor.send({ type: 'confirm.cancel' })}
      />
    </Stack>
  );
}
