import { Alert, Anchor, Badge, Button, Group, Loader, Menu, Stack, Table, Text, Title } from '@mantine/core';
import { useActorRef, useSelector } from '@xstate/react';
import { useIntl } from 'react-intl';
import { Link, Navigate } from 'react-router';
import { actorOptions } from '../../app/inspect.ts';
import { useCan } from '../../app/permissions.ts';
import { ConfirmModal } from '../../components/contacts/ConfirmModal.tsx';
import { commonMessages } from '../../i18n/common.messages.ts';
import { modelListMachine, type ModelSummary } from '../../machines/modelList/modelList.machine.ts';
import { userflowText as m } from './UserflowScreen.messages.ts';

const STATUS_COLORS: Record<ModelSummary['status'], string> = {
  // Filled colours whose shade 7 (the theme's) carries white text at 4.5:1 or more (src/theme.ts).
  draft: 'gray',
  training: 'violet',
  ready: 'indigo',
  active: 'teal',
  paused: 'dark',
  failed: 'red.8',
};

/** `/userflow`: the company's predictive models with status, last run, quality and next run. */
export function UserflowScreen() {
  const intl = useIntl();
  const actor = useActorRef(modelListMachine, actorOptions());
  const canWrite = useCan('userflow:write');
  const loading = useSelector(actor, (s) => s.matches('loading'));
  const loadFailed = useSelector(actor, (s) => s.matches('loadFailed'));
  const models = useSelector(actor, (s) => s.context.models);
  const created = useSelector(actor, (s) => s.context.created);
  const error = useSelector(actor, (s) => s.context.error);
  const creating = useSelector(actor, (s) => s.matches({ ready: 'creating' }));
  const idle = useSelector(actor, (s) => s.matches({ ready: 'idle' }));
  const target = useSelector(actor, (s) => s.context.target);
  const confirming = useSelector(actor, (s) => s.matches({ ready: 'confirming' }) || s.matches({ ready: 'deleting' }));
  const deleting = useSelector(actor, (s) => s.matches({ ready: 'deleting' }));
  if (created !== null) return <Navigate to={`/userflow/models/${created}/step-0`} />;

  return (
    <Stack>
      <Group justify="space-between" align="flex-start">
        <Text c="dimmed" maw={720}>
          {intl.formatMessage(m.intro)}
        </Text>
        <Group>
          <Anchor component={Link} to="/userflow/predictions">
            {intl.formatMessage(m.predictions)}
          </Anchor>
          <Anchor component={Link} to="/userflow/tracker">
            {intl.formatMessage(m.tracker)}
          </Anchor>
          {canWrite && models.length > 0 && (
            <Button
              loading={creating}
              disabled={!idle}
              onClick={() => actor.send({ type: 'model.create', name: intl.formatMessage(m.untitled) })}
            >
              {intl.formatMessage(m.create)}
            </Button>
          )}
        </Group>
      </Group>
      {error && error !== 'loadFailed' && (
        <Alert color="red" role="alert">
          {intl.formatMessage(m[error])}
        </Alert>
      )}
      {loading && (
        <Group>
          <Loader size="sm" />
          <Text>{intl.formatMessage(m.loading)}</Text>
        </Group>
      )}
      {loadFailed && (
        <Alert color="red" role="alert" title={intl.formatMessage(m.loadFailed)}>
          <Button mt="sm" variant="default" onClick={() => actor.send({ type: 'list.retry' })}>
            {intl.formatMessage(commonMessages.retry)}
          </Button>
        </Alert>
      )}
      {!loading && !loadFailed && models.length === 0 && (
        <Stack align="flex-start" data-testid="models-empty">
          <Title order={2} size="h3">
            {intl.formatMessage(m.emptyTitle)}
          </Title>
          <Text maw={720}>{intl.formatMessage(m.emptyText)}</Text>
          {canWrite && (
            <Button
              loading={creating}
              disabled={!idle}
              onClick={() => actor.send({ type: 'model.create', name: intl.formatMessage(m.untitled) })}
            >
              {intl.formatMessage(m.create)}
            </Button>
          )}
        </Stack>
      )}
      {models.length > 0 && (
        <Table.ScrollContainer minWidth={720}>
          <Table striped highlightOnHover data-testid="models">
            <Table.Caption>{intl.formatMessage(m.caption)}</Table.Caption>
            <Table.Thead>
              <Table.Tr>
                <Table.Th>{intl.formatMessage(m.name)}</Table.Th>
                <Table.Th>{intl.formatMessage(m.status)}</Table.Th>
                <Table.Th>{intl.formatMessage(m.lastRun)}</Table.Th>
                <Table.Th>{intl.formatMessage(m.quality)}</Table.Th>
                <Table.Th>{intl.formatMessage(m.nextRun)}</Table.Th>
                <Table.Th>{intl.formatMessage(m.actions)}</Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {models.map((model) => (
                <ModelRow
                  key={model.id}
                  model={model}
                  canWrite={canWrite}
                  busy={!idle}
                  onAct={(action) => actor.send({ type: 'model.act', id: model.id, action })}
                  onDelete={() => actor.send({ type: 'model.delete', id: model.id })}
                />
              ))}
            </Table.Tbody>
          </Table>
        </Table.ScrollContainer>
      )}
      <ConfirmModal
        opened={confirming}
        title={intl.formatMessage(m.deleteTitle)}
        text={intl.formatMessage(m.deleteText, { name: target?.name ?? '' })}
        confirmLabel={intl.formatMessage(m.deleteConfirm)}
        cancelLabel={intl.formatMessage(commonMessages.cancel)}
        busy={deleting}
        onConfirm={() => actor.send({ type: 'delete.confirm' })}
        onCancel={() => actor.send({ type: 'delete.cancel' })}
      />
    </Stack>
  );
}

function ModelRow({
  model,
  canWrite,
  busy,
  onAct,
  onDelete,
}: {
  model: ModelSummary;
  canWrite: boolean;
  busy: boolean;
  onAct: (action: 'pause' | 'resume' | 'retrain') => void;
  onDelete: () => void;
}) {
  const intl = useIntl();
  const when = (iso: string | null) =>
    iso ? intl.formatDate(iso, { dateStyle: 'medium', timeStyle: 'short' }) : intl.formatMessage(m.never);
  const next =
    model.runMode === 'scheduled'
      ? model.nextRunAt
        ? when(model.nextRunAt)
        : intl.formatMessage(m.none)
      : intl.formatMessage(model.runMode === 'manual' ? m.manualRun : m.realtimeRun);
  const quality =
    model.quality == null
      ? intl.formatMessage(m.none)
      : intl.formatMessage(model.predictionType === 'probability' ? m.auc : m.r2, {
          value: Number(model.quality.toFixed(3)),
        });
  const name = model.name || intl.formatMessage(m['status.draft']);
  return (
    <Table.Tr data-testid={`model-${model.id}`}>
      <Table.Td>
        <Anchor component={Link} to={`/userflow/models/${model.id}`}>
          {name}
        </Anchor>
      </Table.Td>
      <Table.Td>
        <Badge color={STATUS_COLORS[model.status]} data-status={model.status}>
          {model.status === 'training' && model.trainingPercent !== null
            ? intl.formatMessage(m.trainingPercent, { percent: model.trainingPercent / 100 })
            : intl.formatMessage(m[`status.${model.status}`])}
        </Badge>
      </Table.Td>
      <Table.Td>{when(model.lastRunAt)}</Table.Td>
      <Table.Td>{quality}</Table.Td>
      <Table.Td>{next}</Table.Td>
      <Table.Td>
        {canWrite && (
          <Menu position="bottom-end">
            <Menu.Target>
              <Button
                size="xs"
                variant="default"
                disabled={busy}
                aria-label={intl.formatMessage(m.actionsFor, { name })}
              >
                {intl.formatMessage(m.actions)}
              </Button>
            </Menu.Target>
            <Menu.Dropdown>
              {model.status === 'active' && (
                <Menu.Item onClick={() => onAct('pause')}>{intl.formatMessage(m.pause)}</Menu.Item>
              )}
              {model.status === 'paused' && (
                <Menu.Item onClick={() => onAct('resume')}>{intl.formatMessage(m.resume)}</Menu.Item>
              )}
              {model.status !== 'draft' && model.status !== 'training' && (
                <Menu.Item onClick={() => onAct('retrain')}>{intl.formatMessage(m.retrain)}</Menu.Item>
              )}
              <Menu.Item color="red" onClick={onDelete}>
                {intl.formatMessage(m.delete)}
              </Menu.Item>
            </Menu.Dropdown>
          </Menu>
        )}
      </Table.Td>
    </Table.Tr>
  );
}
