import { Alert, Button, Group, Modal, Paper, Stack, Text } from '@mantine/core';
import { useActorRef, useSelector } from '@xstate/react';
import { useState } from 'react';
import { useIntl, type MessageDescriptor } from 'react-intl';
import { useLocation } from 'react-router';
import { actorOptions } from '../../app/inspect.ts';
import { ConfirmModal } from '../../components/contacts/ConfirmModal.tsx';
import { commonMessages } from '../../i18n/common.messages.ts';
import {
  contactsTableMachine,
  type TableError,
  type ViewNotice,
} from '../../machines/contactsTable/contactsTable.machine.ts';
import { parseTableView } from '../../machines/contactsTable/tableView.ts';
import { BulkBar, ExportStatus } from './BulkBar.tsx';
import { ContactForm } from './ContactForm.tsx';
import { contactFormMessages, contactsTableMessages as t } from './ContactsScreen.messages.ts';
import { ContactsTableView } from './ContactsTableView.tsx';
import { ContactsToolbar } from './ContactsToolbar.tsx';
import { contactsMessages as m } from './contacts.messages.ts';
import { ContactsNav } from './ContactsNav.tsx';
import { useTableAddress } from './useTableAddress.ts';

const ERRORS: Record<TableError, MessageDescriptor> = {
  optionsFailed: t.optionsFailed,
  loadFailed: t.loadFailed,
  nothingSelected: t.nothingSelected,
  listRequired: m.listRequired,
  workflowRequired: t.workflowRequired,
  bulkFailed: t.bulkFailed,
};

const NOTICES: Record<ViewNotice, MessageDescriptor> = {
  sortInvalid: t.noticeSortInvalid,
  searchTooLong: t.noticeSearchTooLong,
  listNotFound: t.noticeListNotFound,
  segmentNotFound: t.noticeSegmentNotFound,
  filterConflict: t.noticeFilterConflict,
  columnsNotFound: t.noticeColumnsNotFound,
  viewRejected: t.noticeViewRejected,
};

/**
 * Contacts: the searchable, filterable, virtualised table with bulk actions, export and the create form. Its view
 * (search, sort, filter, columns) is also the address: `?q=…&sort=lastName&dir=asc&list=12&columns=3,7`.
 */
export function ContactsScreen() {
  const intl = useIntl();
  const { search } = useLocation();
  const actor = useActorRef(contactsTableMachine, { ...actorOptions(), input: parseTableView(search) });
  useTableAddress(actor);
  const error = useSelector(actor, (s) => s.context.error);
  const notices = useSelector(actor, (s) => s.context.notices);
  const total = useSelector(actor, (s) => s.context.total);
  const affected = useSelector(actor, (s) => s.context.affected);
  const affectedBy = useSelector(actor, (s) => s.context.affectedBy);
  const attributes = useSelector(actor, (s) => s.context.attributes);
  const lists = useSelector(actor, (s) => s.context.lists);
  const loading = useSelector(actor, (s) => s.hasTag('busy'));
  const loadingMore = useSelector(actor, (s) => s.hasTag('loadingMore'));
  const loadFailed = useSelector(actor, (s) => s.matches('loadFailed'));
  const confirming = useSelector(actor, (s) => s.matches('confirmingBulk'));
  const [creating, setCreating] = useState(false);

  return (
    <>
      <ContactsNav />
      <Paper withBorder p="lg" radius="md">
        <Stack>
          <ContactsToolbar actor={actor} onCreate={() => setCreating(true)} />
          {error ? (
            <Alert color="red" role="alert">
              {intl.formatMessage(ERRORS[error])}
            </Alert>
          ) : null}
          {notices.length ? (
            <Alert
              color="yellow"
              data-testid="view-notices"
              withCloseButton
              closeButtonLabel={intl.formatMessage(commonMessages.close)}
              onClose={() => actor.send({ type: 'notice.dismiss' })}
            >
              {notices.map((n) => (
                <Text key={n} size="sm">
                  {intl.formatMessage(NOTICES[n])}
                </Text>
              ))}
            </Alert>
          ) : null}
          {loadFailed ? (
            <Button w="fit-content" onClick={() => actor.send({ type: 'table.retry' })}>
              {intl.formatMessage(commonMessages.retry)}
            </Button>
          ) : null}
          {affected !== null ? (
            <Alert color="teal" data-testid="bulk-affected">
              {intl.formatMessage(affectedBy === 'enrolInWorkflow' ? t.enrolled : t.affected, { count: affected })}
            </Alert>
          ) : null}
          <ExportStatus actor={actor} />
          <Group justify="space-between">
            <Text fw={500} data-testid="contacts-total" aria-busy={loading}>
              {total === null
                ? intl.formatMessage(commonMessages.loading)
                : intl.formatMessage(t.total, { count: total })}
            </Text>
            {loadingMore ? <Text size="sm">{intl.formatMessage(t.loadingMore)}</Text> : null}
          </Group>
          <BulkBar actor={actor} />
          <ContactsTableView actor={actor} />
        </Stack>
      </Paper>
      <Modal
        opened={creating}
        onClose={() => setCreating(false)}
        title={intl.formatMessage(contactFormMessages.createTitle)}
        size="lg"
      >
        <ContactForm
          contact={null}
          attributes={attributes}
          lists={lists}
          onSaved={() => {
            setCreating(false);
            actor.send({ type: 'contacts.changed' });
          }}
          onCancel={() => setCreating(false)}
        />
      </Modal>
      <ConfirmModal
        opened={confirming}
        title={intl.formatMessage(m.confirmTitle)}
        text={intl.formatMessage(t.deleteText)}
        confirmLabel={intl.formatMessage(m.delete)}
        cancelLabel={intl.formatMessage(commonMessages.cancel)}
        onConfirm={() => actor.send({ type: 'bulk.confirm' })}
        onCancel={() => actor.send({ type: 'bulk.cancel' })}
      />
    </>
  );
}
