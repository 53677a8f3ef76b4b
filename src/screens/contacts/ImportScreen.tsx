import {
  Alert,
  Anchor,
  Button,
  Checkbox,
  Group,
  MultiSelect,
  Paper,
  Progress,
  Stack,
  Text,
  Title,
} from '@mantine/core';
import { useActorRef, useSelector } from '@xstate/react';
import { useIntl, type MessageDescriptor } from 'react-intl';
import { Link } from 'react-router';
import { actorOptions } from '../../app/inspect.ts';
import { useCan } from '../../app/permissions.ts';
import { ConfirmModal } from '../../components/contacts/ConfirmModal.tsx';
import { commonMessages } from '../../i18n/common.messages.ts';
import { formatFileSize } from '../../i18n/fileSize.ts';
import { contactImportMachine, type ImportError } from '../../machines/contactImport/contactImport.machine.ts';
import { ImportFileStep } from './ImportFileStep.tsx';
import { ImportMapping } from './ImportMapping.tsx';
import { importMessages as m } from './ImportScreen.messages.ts';
import { contactsMessages } from './contacts.messages.ts';
import { ContactsNav } from './ContactsNav.tsx';
import { NoAccess } from '../shared/Permitted.tsx';

const ERRORS: Record<ImportError, MessageDescriptor> = {
  optionsFailed: m.optionsFailed,
  unsupportedFile: m.unsupportedFile,
  tooLarge: m.tooLarge,
  uploadFailed: m.uploadFailed,
  listRequired: contactsMessages.listRequired,
  startFailed: m.startFailed,
  runFailed: m.runFailed,
  watchFailed: m.watchFailed,
  deleteFailed: m.deleteFailed,
};
/** Why a chosen file was not taken: shown at the file input rather than above the step. */
const FILE_ERRORS: ImportError[] = ['unsupportedFile', 'tooLarge', 'uploadFailed'];

/** Contacts → Import: roles with contacts:write import; others are told their role cannot change contacts. */
export function ImportScreen() {
  return useCan('contacts:write') ? <Importer /> : <ImportNotAllowed />;
}

function ImportNotAllowed() {
  return (
    <>
      <ContactsNav />
      <NoAccess permission="contacts:write" />
    </>
  );
}

/** File, preview and mapping, lists and options, progress, result. */
function Importer() {
  const intl = useIntl();
  const actor = useActorRef(contactImportMachine, actorOptions());
  const step = useSelector(actor, (s) => (s.matches('running') ? 'running' : s.value));
  const error = useSelector(actor, (s) => s.context.error);
  const maxFileBytes = useSelector(actor, (s) => s.context.maxFileBytes);
  const lists = useSelector(actor, (s) => s.context.options.lists);
  const listIds = useSelector(actor, (s) => s.context.listIds);
  const updateExisting = useSelector(actor, (s) => s.context.updateExisting);
  const blocklist = useSelector(actor, (s) => s.context.blocklist);
  const upload = useSelector(actor, (s) => s.context.upload);
  const progress = useSelector(actor, (s) => s.context.progress);
  const busy = useSelector(actor, (s) => s.hasTag('busy'));
  const confirming = useSelector(actor, (s) => s.matches('confirmingDelete') || s.matches('deleting'));
  const total = progress.total ?? upload?.estimatedRows ?? null;

  return (
    <>
      <ContactsNav />
      <Paper withBorder p="lg" radius="md">
        <Stack>
          <Text c="dimmed">
            {maxFileBytes === null
              ? intl.formatMessage(m.intro)
              : intl.formatMessage(m.introWithLimit, { size: formatFileSize(intl, maxFileBytes) })}
          </Text>
          {error && !FILE_ERRORS.includes(error) ? (
            <Alert color="red" role="alert">
              {intl.formatMessage(ERRORS[error])}
            </Alert>
          ) : null}
          {step === 'optionsFailed' ? (
            <Button w="fit-content" onClick={() => actor.send({ type: 'options.retry' })}>
              {intl.formatMessage(commonMessages.retry)}
            </Button>
          ) : null}
          {step === 'watchFailed' ? (
            <Group>
              <Button onClick={() => actor.send({ type: 'watch.retry' })}>
                {intl.formatMessage(commonMessages.retry)}
              </Button>
              <Button variant="default" onClick={() => actor.send({ type: 'import.again' })}>
                {intl.formatMessage(m.again)}
              </Button>
            </Group>
          ) : null}
          {step === 'choosing' || step === 'uploading' || step === 'loadingOptions' ? (
            <ImportFileStep
              actor={actor}
              error={error && FILE_ERRORS.includes(error) ? intl.formatMessage(ERRORS[error]) : null}
            />
          ) : null}
          {(step === 'mapping' || step === 'starting') && upload ? (
            <Stack>
              <Text fw={500}>
                {intl.formatMessage(m.fileSummary, {
                  name: upload.fileName,
                  rows: String(upload.estimatedRows ?? '?'),
                })}
              </Text>
              <ImportMapping actor={actor} />
              <MultiSelect
                label={intl.formatMessage(m.lists)}
                data={lists.map((l) => ({ value: String(l.id), label: l.name }))}
                value={listIds.map(String)}
                onChange={(v) => actor.send({ type: 'lists.change', listIds: v.map(Number) })}
                nothingFoundMessage={intl.formatMessage(m.noLists)}
                searchable
                maw={520}
              />
              <Checkbox
                label={intl.formatMessage(m.updateExisting)}
                checked={updateExisting}
                onChange={(e) => actor.send({ type: 'options.change', updateExisting: e.currentTarget.checked })}
              />
              <Checkbox
                label={intl.formatMessage(m.blocklist)}
                checked={blocklist}
                onChange={(e) => actor.send({ type: 'options.change', blocklist: e.currentTarget.checked })}
              />
              <Group>
                <Button loading={busy} onClick={() => actor.send({ type: 'import.start' })}>
                  {intl.formatMessage(m.start)}
                </Button>
                <Button variant="default" disabled={busy} onClick={() => actor.send({ type: 'file.reset' })}>
                  {intl.formatMessage(m.otherFile)}
                </Button>
                <DeleteButton onClick={() => actor.send({ type: 'import.delete' })} disabled={busy} />
              </Group>
            </Stack>
          ) : null}
          {step === 'running' ? (
            <Stack gap="xs" data-testid="import-progress">
              <Text>{intl.formatMessage(m.running)}</Text>
              <Progress
                value={total ? Math.min(100, (progress.processed / total) * 100) : 0}
                animated
                aria-label={intl.formatMessage(m.running)}
              />
              <Text size="sm">
                {intl.formatMessage(m.progress, {
                  processed: progress.processed,
                  total: total === null ? '?' : String(total),
                })}
              </Text>
            </Stack>
          ) : null}
          {(step === 'finished' || step === 'failed') && upload ? (
            <Stack gap="xs" data-testid="import-result">
              {step === 'finished' ? (
                <Title order={3} size="h4">
                  {intl.formatMessage(m.finished)}
                </Title>
              ) : null}
              <Group>
                <Text>{intl.formatMessage(m.created, { count: upload.created })}</Text>
                <Text>{intl.formatMessage(m.updated, { count: upload.updated })}</Text>
                <Text>{intl.formatMessage(m.skipped, { count: upload.skipped })}</Text>
                <Text>{intl.formatMessage(m.failedRows, { count: upload.failed })}</Text>
              </Group>
              {upload.errorReportUrl ? (
                <Anchor href={upload.errorReportUrl} download>
                  {intl.formatMessage(m.errorReport)}
                </Anchor>
              ) : null}
              <Group>
                <Button onClick={() => actor.send({ type: 'import.again' })}>{intl.formatMessage(m.again)}</Button>
                <Button component={Link} to="/contacts" variant="default">
                  {intl.formatMessage(m.toContacts)}
                </Button>
                <DeleteButton onClick={() => actor.send({ type: 'import.delete' })} disabled={busy} />
              </Group>
            </Stack>
          ) : null}
        </Stack>
      </Paper>
      <ConfirmModal
        opened={confirming}
        title={intl.formatMessage(m.deleteTitle)}
        text={intl.formatMessage(m.deleteText)}
        confirmLabel={intl.formatMessage(m.delete)}
        cancelLabel={intl.formatMessage(commonMessages.cancel)}
        busy={busy}
        onConfirm={() => actor.send({ type: 'delete.confirm' })}
        onCancel={() => actor.send({ type: 'delete.cancel' })}
      />
    </>
  );
}

function DeleteButton({ onClick, disabled }: { onClick: () => void; disabled: boolean }) {
  const intl = useIntl();
  return (
    <Button variant="subtle" color="red" disabled={disabled} onClick={onClick}>
      {intl.formatMessage(m.delete)}
    </Button>
  );
}
