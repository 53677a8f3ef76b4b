import { Alert, Anchor, Button, Group, Progress, Select, Text } from '@mantine/core';
import { useSelector } from '@xstate/react';
import { useState } from 'react';
import { useIntl } from 'react-intl';
import type { ActorRefFrom } from 'xstate';
import type { BulkAction, contactsTableMachine } from '../../machines/contactsTable/contactsTable.machine.ts';
import { commonMessages } from '../../i18n/common.messages.ts';
import { contactsTableMessages as m } from './ContactsScreen.messages.ts';
import { Permitted } from '../shared/Permitted.tsx';

type TableActor = ActorRefFrom<typeof contactsTableMachine>;

/** Selection summary and the bulk actions; the export's progress and download link. */
export function BulkBar({ actor }: { actor: TableActor }) {
  const intl = useIntl();
  const lists = useSelector(actor, (s) => s.context.lists);
  const selected = useSelector(actor, (s) => s.context.selectedIds.length);
  const allMatching = useSelector(actor, (s) => s.context.allMatching);
  const total = useSelector(actor, (s) => s.context.total ?? 0);
  const loaded = useSelector(actor, (s) => s.context.rows.length);
  const busy = useSelector(actor, (s) => s.matches('applyingBulk'));
  const [listId, setListId] = useState<string | null>(null);
  const request = (action: BulkAction) =>
    actor.send({ type: 'bulk.request', action, ...(listId ? { listId: Number(listId) } : {}) });
  return (
    <Group gap="xs" wrap="wrap" data-testid="bulk-bar">
      <Text size="sm" fw={500}>
        {allMatching
          ? intl.formatMessage(m.allSelected, { count: total })
          : intl.formatMessage(m.selected, { count: selected })}
      </Text>
      {!allMatching && total > 0 ? (
        <Button
          size="xs"
          variant="subtle"
          onClick={() => actor.send({ type: selected === loaded ? 'selection.all' : 'selection.loaded' })}
        >
          {selected === loaded ? intl.formatMessage(m.selectAll, { count: total }) : intl.formatMessage(m.selectLoaded)}
        </Button>
      ) : null}
      {selected > 0 || allMatching ? (
        <Button size="xs" variant="subtle" onClick={() => actor.send({ type: 'selection.clear' })}>
          {intl.formatMessage(m.clearSelection)}
        </Button>
      ) : null}
      <Select
        size="xs"
        aria-label={intl.formatMessage(m.bulkList)}
        placeholder={intl.formatMessage(m.bulkList)}
        data={lists.map((l) => ({ value: String(l.id), label: l.name }))}
        value={listId}
        onChange={setListId}
        w={180}
        searchable
      />
      <Permitted permission="contacts:write">
        <Button size="xs" variant="light" loading={busy} onClick={() => request('addToList')}>
          {intl.formatMessage(m.addToList)}
        </Button>
      </Permitted>
      <Permitted permission="contacts:write">
        <Button size="xs" variant="light" onClick={() => request('removeFromList')}>
          {intl.formatMessage(m.removeFromList)}
        </Button>
      </Permitted>
      <Permitted permission="contacts:write">
        <Button size="xs" variant="light" onClick={() => request('block')}>
          {intl.formatMessage(m.block)}
        </Button>
      </Permitted>
      <Permitted permission="contacts:write">
        <Button size="xs" variant="light" onClick={() => request('unblock')}>
          {intl.formatMessage(m.unblock)}
        </Button>
      </Permitted>
      <Permitted permission="contacts:export">
        <Button size="xs" variant="light" onClick={() => request('export')}>
          {intl.formatMessage(m.export)}
        </Button>
      </Permitted>
      <Permitted permission="contacts:write">
        <Button size="xs" variant="light" color="red" onClick={() => request('delete')}>
          {intl.formatMessage(m.delete)}
        </Button>
      </Permitted>
    </Group>
  );
}

const EXPORT_STEPS = ['idle', 'failed', 'watchFailed', 'ready'] as const;

/** The child exporter's state: progress, the download link, the failure, or a run no longer followed (retry). */
export function ExportStatus({ actor }: { actor: TableActor }) {
  const intl = useIntl();
  const exporter = useSelector(actor, (s) => s.children.exporter);
  const state = useSelector(exporter, (s) =>
    s ? (EXPORT_STEPS.find((step) => s.matches(step)) ?? 'running') : 'idle',
  );
  const progress = useSelector(exporter, (s) => s?.context.progress ?? { done: 0, total: null });
  const url = useSelector(exporter, (s) => s?.context.result?.downloadUrl ?? null);
  if (!exporter || state === 'idle') return null;
  const dismiss = () => exporter.send({ type: 'export.dismiss' });
  if (state === 'failed')
    return (
      <Alert color="red" role="alert" withCloseButton onClose={dismiss}>
        {intl.formatMessage(m.exportFailed)}
      </Alert>
    );
  if (state === 'watchFailed')
    return (
      <Alert color="red" role="alert" withCloseButton onClose={dismiss}>
        <Text size="sm">{intl.formatMessage(m.exportWatchFailed)}</Text>
        <Button size="xs" mt="xs" onClick={() => exporter.send({ type: 'watch.retry' })}>
          {intl.formatMessage(commonMessages.retry)}
        </Button>
      </Alert>
    );
  if (state === 'ready' && url)
    return (
      <Alert color="teal" withCloseButton onClose={dismiss}>
        {intl.formatMessage(m.exportReady)}{' '}
        <Anchor href={url} download>
          {intl.formatMessage(m.exportDownload)}
        </Anchor>
      </Alert>
    );
  return (
    <Alert color="blue">
      <Text size="sm">
        {intl.formatMessage(m.exporting, {
          done: progress.done,
          total: progress.total === null ? '?' : String(progress.total),
        })}
      </Text>
      <Progress value={progress.total ? (progress.done / progress.total) * 100 : 0} animated mt="xs" />
    </Alert>
  );
}
