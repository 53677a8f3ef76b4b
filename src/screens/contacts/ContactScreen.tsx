import { Alert, Anchor, Badge, Button, Grid, Group, Paper, Stack, Text, Title } from '@mantine/core';
import { useActorRef, useSelector } from '@xstate/react';
import { useIntl, type MessageDescriptor } from 'react-intl';
import { Link, useParams } from 'react-router';
import { actorOptions } from '../../app/inspect.ts';
import { ConfirmModal } from '../../components/contacts/ConfirmModal.tsx';
import { commonMessages } from '../../i18n/common.messages.ts';
import { contactDetailMachine, type ContactDetailError } from '../../machines/contactDetail/contactDetail.machine.ts';
import { ContactForm } from './ContactForm.tsx';
import { ContactFields, ContactLists, ContactNotes, ContactTimeline } from './ContactPanels.tsx';
import { contactMessages as m } from './ContactScreen.messages.ts';
import { contactsMessages as c } from './contacts.messages.ts';

const ERRORS: Record<ContactDetailError, MessageDescriptor> = {
  loadFailed: m.loadFailed,
  notFound: m.notFound,
  noteFailed: m.noteFailed,
  blockFailed: m.blockFailed,
  anonymiseFailed: m.anonymiseFailed,
  deleteFailed: m.deleteFailed,
  exportFailed: m.exportFailed,
};

/** One contact: fields, edit, blocklist, notes, lists, activity, JSON export, anonymise and delete. */
export function ContactScreen() {
  const intl = useIntl();
  const { id } = useParams();
  const actor = useActorRef(contactDetailMachine, { ...actorOptions(), input: { id: Number(id) } });
  const details = useSelector(actor, (s) => s.context.details);
  const error = useSelector(actor, (s) => s.context.error);
  const step = useSelector(actor, (s) => s.value);
  const busy = useSelector(actor, (s) => s.hasTag('busy'));
  const canEdit = useSelector(actor, (s) => s.can({ type: 'contact.edit' }));
  const contact = details?.contact;
  const anonymised = Boolean(contact?.anonymisedAt);

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
      {error ? (
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
          <Group justify="space-between">
            <Group>
              <Title order={2} size="h3">
                {contact.email ?? `#${contact.id}`}
              </Title>
              {anonymised ? <Badge color="gray">{intl.formatMessage(c.anonymised)}</Badge> : contact.blocked ? <Badge color="red">{intl.formatMessage(c.blocked)}</Badge> : null}
            </Group>
            <Group gap="xs">
              <Button variant="default" disabled={!canEdit} onClick={() => actor.send({ type: 'contact.edit' })}>
                {intl.formatMessage(m.edit)}
              </Button>
              {contact.blocked ? (
                <Button variant="default" title={intl.formatMessage(m.unblockHint)} loading={step === 'unblocking'} onClick={() => actor.send({ type: 'contact.unblock' })}>
                  {intl.formatMessage(m.unblock)}
                </Button>
              ) : (
                <Button variant="default" loading={step === 'blocking'} disabled={anonymised} onClick={() => actor.send({ type: 'contact.block' })}>
                  {intl.formatMessage(m.block)}
                </Button>
              )}
              <Button variant="default" loading={step === 'exportingData'} onClick={() => actor.send({ type: 'data.export' })}>
                {intl.formatMessage(m.exportData)}
              </Button>
              <Button variant="light" color="red" disabled={anonymised} onClick={() => actor.send({ type: 'contact.anonymise' })}>
                {intl.formatMessage(m.anonymise)}
              </Button>
              <Button variant="light" color="red" onClick={() => actor.send({ type: 'contact.delete' })}>
                {intl.formatMessage(c.delete)}
              </Button>
            </Group>
          </Group>
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
                <ContactNotes details={details} busy={step === 'addingNote'} disabled={anonymised} onSubmit={(text) => actor.send({ type: 'note.submit', text })} />
              </Stack>
            </Grid.Col>
            <Grid.Col span={{ base: 12, md: 6 }}>
              <ContactTimeline details={details} />
            </Grid.Col>
          </Grid>
        </>
      ) : busy ? (
        <Text>{intl.formatMessage(commonMessages.loading)}</Text>
      ) : null}
      <ConfirmModal
        opened={step === 'confirmingAnonymise' || step === 'anonymising' || step === 'confirmingDelete' || step === 'deleting'}
        title={intl.formatMessage(c.confirmTitle)}
        text={intl.formatMessage(step === 'confirmingDelete' || step === 'deleting' ? m.deleteText : m.anonymiseText)}
        confirmLabel={intl.formatMessage(step === 'confirmingDelete' || step === 'deleting' ? c.delete : m.anonymise)}
        cancelLabel={intl.formatMessage(commonMessages.cancel)}
        busy={busy}
        onConfirm={() => actor.send({ type: 'confirm.accept' })}
        onCancel={() => actor.send({ type: 'confirm.cancel' })}
      />
    </Stack>
  );
}
