import { BarChart } from '@mantine/charts';
import { Alert, Anchor, Button, Group, Loader, NumberInput, Select, Stack, Table, Text, Title } from '@mantine/core';
import { useActorRef, useSelector } from '@xstate/react';
import { useIntl } from 'react-intl';
import { Link } from 'react-router';
import { actorOptions } from '../../app/inspect.ts';
import { useCan } from '../../app/permissions.ts';
import { commonMessages } from '../../i18n/common.messages.ts';
import { predictionsMachine, type PredictionRun } from '../../machines/predictions/predictions.machine.ts';
import { predictionsText as m } from './PredictionsScreen.messages.ts';

/** `/userflow/predictions`: pick a model; its runs, score distribution, top contacts, segment and downloads. */
export function PredictionsScreen() {
  const intl = useIntl();
  const actor = useActorRef(predictionsMachine, actorOptions());
  const canWrite = useCan('userflow:write');
  const loading = useSelector(actor, (s) => s.matches('loading') || s.matches('loadingModel'));
  const loadFailed = useSelector(actor, (s) => s.matches('loadFailed'));
  const modelFailed = useSelector(actor, (s) => s.matches('modelFailed'));
  const empty = useSelector(actor, (s) => s.matches('empty'));
  const models = useSelector(actor, (s) => s.context.models);
  const modelId = useSelector(actor, (s) => s.context.modelId);
  const overview = useSelector(actor, (s) => s.context.overview);
  const error = useSelector(actor, (s) => s.context.error);
  const idle = useSelector(actor, (s) => s.matches({ ready: 'idle' }));
  const running = useSelector(actor, (s) => s.matches({ ready: 'running' }));

  return (
    <Stack>
      <Text c="dimmed">{intl.formatMessage(m.intro)}</Text>
      {loadFailed && (
        <Alert color="red" role="alert" title={intl.formatMessage(m.loadFailed)}>
          <Button mt="sm" variant="default" onClick={() => actor.send({ type: 'predictions.retry' })}>
            {intl.formatMessage(commonMessages.retry)}
          </Button>
        </Alert>
      )}
      {empty && (
        <Stack align="flex-start" data-testid="predictions-empty">
          <Title order={2} size="h3">
            {intl.formatMessage(m.emptyTitle)}
          </Title>
          <Text>{intl.formatMessage(m.emptyText)}</Text>
          <Anchor component={Link} to="/userflow">
            {intl.formatMessage(m.toModels)}
          </Anchor>
        </Stack>
      )}
      {models.length > 0 && (
        <Group align="flex-end">
          <Select
            label={intl.formatMessage(m.model)}
            data={models.map((model) => ({ value: String(model.id), label: model.name }))}
            value={modelId === null ? null : String(modelId)}
            allowDeselect={false}
            disabled={loading || (!idle && !modelFailed)}
            onChange={(value) => value && actor.send({ type: 'model.pick', id: Number(value) })}
          />
          {canWrite && (
            <Button
              variant="default"
              loading={running}
              disabled={!idle}
              onClick={() => actor.send({ type: 'model.run' })}
            >
              {intl.formatMessage(m.run)}
            </Button>
          )}
        </Group>
      )}
      {loading && (
        <Group>
          <Loader size="sm" />
          <Text>{intl.formatMessage(m.loading)}</Text>
        </Group>
      )}
      {modelFailed && (
        <Alert color="red" role="alert" title={intl.formatMessage(m.modelFailed)}>
          <Button mt="sm" variant="default" onClick={() => actor.send({ type: 'predictions.retry' })}>
            {intl.formatMessage(commonMessages.retry)}
          </Button>
        </Alert>
      )}
      {error && error !== 'loadFailed' && error !== 'modelFailed' && (
        <Alert color="red" role="alert">
          {intl.formatMessage(m[error])}
        </Alert>
      )}
      {overview && !loading && (
        <>
          <Distribution actor={actor} />
          <SegmentFromScores actor={actor} canWrite={canWrite} />
          <TopContacts actor={actor} />
          <Runs runs={overview.runs} />
        </>
      )}
    </Stack>
  );
}

type Actor = ReturnType<typeof useActorRef<typeof predictionsMachine>>;

function Distribution({ actor }: { actor: Actor }) {
  const intl = useIntl();
  const buckets = useSelector(actor, (s) => s.context.overview?.distribution ?? []);
  if (buckets.length === 0) return null;
  return (
    <Stack gap="xs">
      <Title order={2} size="h4">
        {intl.formatMessage(m.distribution)}
      </Title>
      <BarChart
        h={220}
        data={buckets.map((b) => ({ range: `${b.from.toFixed(2)}–${b.to.toFixed(2)}`, count: b.count }))}
        dataKey="range"
        series={[{ name: 'count', label: intl.formatMessage(m.contacts), color: 'blue.6' }]}
      />
    </Stack>
  );
}

/** One click makes a segment of the scores above the threshold, then links to it. */
function SegmentFromScores({ actor, canWrite }: { actor: Actor; canWrite: boolean }) {
  const intl = useIntl();
  const threshold = useSelector(actor, (s) => s.context.threshold);
  const segment = useSelector(actor, (s) => s.context.segment);
  const segmenting = useSelector(actor, (s) => s.matches({ ready: 'segmenting' }));
  const idle = useSelector(actor, (s) => s.matches({ ready: 'idle' }));
  const value = threshold.toFixed(2);
  if (!canWrite) return null;
  return (
    <Stack gap="xs">
      <Title order={2} size="h4">
        {intl.formatMessage(m.segmentTitle)}
      </Title>
      <Group align="flex-end">
        <NumberInput
          label={intl.formatMessage(m.threshold, { value })}
          min={0}
          max={1}
          step={0.05}
          decimalScale={2}
          value={threshold}
          disabled={!idle}
          w={200}
          onChange={(v) => typeof v === 'number' && actor.send({ type: 'threshold.change', threshold: v })}
        />
        <Button loading={segmenting} disabled={!idle} onClick={() => actor.send({ type: 'segment.create' })}>
          {intl.formatMessage(m.segmentCreate, { value })}
        </Button>
      </Group>
      {segment && (
        <Alert color="green" role="status" data-testid="segment-created">
          <Group>
            <Text>{intl.formatMessage(m.segmentCreated, { name: segment.name })}</Text>
            <Anchor component={Link} to="/contacts/segments" c="inherit" underline="always" fw={600}>
              {intl.formatMessage(m.openSegments)}
            </Anchor>
          </Group>
        </Alert>
      )}
    </Stack>
  );
}

function TopContacts({ actor }: { actor: Actor }) {
  const intl = useIntl();
  const top = useSelector(actor, (s) => s.context.overview?.top ?? []);
  if (top.length === 0) return null;
  return (
    <Stack gap="xs">
      <Title order={2} size="h4">
        {intl.formatMessage(m.top)}
      </Title>
      <Table withTableBorder maw={640} data-testid="top-contacts">
        <Table.Thead>
          <Table.Tr>
            <Table.Th>{intl.formatMessage(m.contact)}</Table.Th>
            <Table.Th>{intl.formatMessage(m.score)}</Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {top.map((c) => (
            <Table.Tr key={c.contactId}>
              <Table.Td>
                <Anchor component={Link} to={`/contacts/show/${c.contactId}`}>
                  {c.name || c.email || `#${c.contactId}`}
                </Anchor>
              </Table.Td>
              <Table.Td>{c.score.toFixed(3)}</Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </Stack>
  );
}

/** The runs with their figures and one download link per CSV part. */
function Runs({ runs }: { runs: PredictionRun[] }) {
  const intl = useIntl();
  return (
    <Stack gap="xs">
      <Title order={2} size="h4">
        {intl.formatMessage(m.runs)}
      </Title>
      {runs.length === 0 ? (
        <Text>{intl.formatMessage(m.noRuns)}</Text>
      ) : (
        <Table.ScrollContainer minWidth={720}>
          <Table withTableBorder data-testid="runs">
            <Table.Thead>
              <Table.Tr>
                <Table.Th>{intl.formatMessage(m.started)}</Table.Th>
                <Table.Th>{intl.formatMessage(m.status)}</Table.Th>
                <Table.Th>{intl.formatMessage(m.rows)}</Table.Th>
                <Table.Th>{intl.formatMessage(m.matched)}</Table.Th>
                <Table.Th>{intl.formatMessage(m.cleared)}</Table.Th>
                <Table.Th>{intl.formatMessage(m.duration)}</Table.Th>
                <Table.Th>{intl.formatMessage(m.downloads)}</Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {runs.map((run) => (
                <Table.Tr key={run.id}>
                  <Table.Td>{intl.formatDate(run.startedAt, { dateStyle: 'medium', timeStyle: 'short' })}</Table.Td>
                  <Table.Td>
                    {intl.formatMessage(m[`runStatus.${run.status}`])}
                    {run.error && (
                      <Text size="sm" c="red">
                        {run.error}
                      </Text>
                    )}
                  </Table.Td>
                  <Table.Td>{intl.formatNumber(run.rows)}</Table.Td>
                  <Table.Td>{intl.formatNumber(run.matched)}</Table.Td>
                  <Table.Td>
                    {run.incremental ? intl.formatMessage(m.incremental) : intl.formatNumber(run.cleared)}
                  </Table.Td>
                  <Table.Td>
                    {run.durationMs == null ? '—' : intl.formatMessage(m.seconds, { value: run.durationMs / 1000 })}
                  </Table.Td>
                  <Table.Td>
                    <Stack gap={2}>
                      {run.downloads.map((d) => (
                        <Anchor key={d.part} href={d.url} download>
                          {intl.formatMessage(m.part, { part: d.part, rows: d.rows })}
                        </Anchor>
                      ))}
                    </Stack>
                  </Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        </Table.ScrollContainer>
      )}
    </Stack>
  );
}
