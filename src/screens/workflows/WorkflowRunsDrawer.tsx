import {
  Alert,
  Anchor,
  Badge,
  Button,
  Drawer,
  Group,
  Loader,
  Modal,
  SegmentedControl,
  Stack,
  Table,
  Text,
  TextInput,
} from '@mantine/core';
import { useDisclosure } from '@mantine/hooks';
import { useActorRef, useSelector } from '@xstate/react';
import { FormattedDate, useIntl } from 'react-intl';
import { Link } from 'react-router';
import { actorOptions } from '../../app/inspect.ts';
import { useCan } from '../../app/permissions.ts';
import { Permitted } from '../shared/Permitted.tsx';
import { workflowRunsMachine } from '../../machines/workflowRuns/workflowRuns.machine.ts';
import type { RunStep } from '../../machines/workflowRuns/workflowRuns.types.ts';
import { isNodeKind } from '../../machines/workflowEditor/workflowGraph.ts';
import { editorMessages as em, nodeKindMessages as kinds } from './WorkflowEditorScreen.messages.ts';
import { runsMessages as m, runStatusMessages as rs, stepOutcomeMessages as so } from './WorkflowRuns.messages.ts';

type RunsRef = ReturnType<typeof useActorRef<typeof workflowRunsMachine>>;

/** The "Runs" button and its drawer: the workflow's runs, a run's step history, retry, the test-run dialog. */
export function WorkflowRunsDrawer({ workflowId }: { workflowId: number }) {
  const intl = useIntl();
  const [opened, { open, close }] = useDisclosure(false);
  return (
    <>
      <Button size="xs" variant="default" onClick={open}>
        {intl.formatMessage(em.runs)}
      </Button>
      <Drawer opened={opened} onClose={close} position="right" size="xl" title={intl.formatMessage(m.title)}>
        {opened ? <RunsPanel workflowId={workflowId} /> : null}
      </Drawer>
    </>
  );
}

function RunsPanel({ workflowId }: { workflowId: number }) {
  const intl = useIntl();
  const runs = useActorRef(workflowRunsMachine, { ...actorOptions(), input: { workflowId } });
  const state = useSelector(runs, (s) =>
    s.matches('failed') ? 'failed' : s.hasTag('busy') ? 'busy' : s.matches('run') ? 'run' : 'list',
  );
  const canWrite = useCan('workflows:write');
  if (state === 'failed')
    return (
      <Alert color="red" title={intl.formatMessage(m.loadFailed)}>
        <Button size="xs" mt="xs" onClick={() => runs.send({ type: 'runs.retry' })}>
          {intl.formatMessage(m.retry)}
        </Button>
      </Alert>
    );
  return (
    <Stack>
      {state === 'busy' ? <Loader size="sm" aria-label={intl.formatMessage(m.title)} /> : null}
      {state === 'run' ? <RunSteps runs={runs} canWrite={canWrite} /> : <RunList runs={runs} />}
      <TestRunModal runs={runs} />
    </Stack>
  );
}

function RunList({ runs }: { runs: RunsRef }) {
  const intl = useIntl();
  const rows = useSelector(runs, (s) => s.context.runs);
  const filter = useSelector(runs, (s) => s.context.filter);
  return (
    <Stack>
      <Group justify="space-between">
        <SegmentedControl
          value={filter}
          onChange={(v) => runs.send({ type: 'runs.filter', filter: v as typeof filter })}
          data={[
            { value: 'all', label: intl.formatMessage(m.all) },
            { value: 'failed', label: intl.formatMessage(m.failedOnly) },
          ]}
        />
        <Group gap="xs">
          <Button size="xs" variant="default" onClick={() => runs.send({ type: 'runs.retry' })}>
            {intl.formatMessage(m.refresh)}
          </Button>
          <Permitted permission="workflows:write">
            <Button size="xs" onClick={() => runs.send({ type: 'test.open' })}>
              {intl.formatMessage(m.test)}
            </Button>
          </Permitted>
        </Group>
      </Group>
      {rows.length === 0 ? (
        <Text c="dimmed">{intl.formatMessage(m.empty)}</Text>
      ) : (
        <Table data-testid="workflow-runs">
          <Table.Thead>
            <Table.Tr>
              <Table.Th>{intl.formatMessage(m.contact)}</Table.Th>
              <Table.Th>{intl.formatMessage(m.status)}</Table.Th>
              <Table.Th>{intl.formatMessage(m.started)}</Table.Th>
              <Table.Th>{intl.formatMessage(m.open)}</Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {rows.map((run) => (
              <Table.Tr key={run.id}>
                <Table.Td>
                  <Anchor component={Link} to={`/contacts/show/${run.contactId}`}>
                    {run.contactEmail}
                  </Anchor>{' '}
                  {run.test ? <Badge size="xs">{intl.formatMessage(m.testBadge)}</Badge> : null}
                </Table.Td>
                <Table.Td>
                  <Badge color={run.status === 'failed' ? 'red' : undefined} variant="light">
                    {intl.formatMessage(rs[run.status])}
                  </Badge>
                </Table.Td>
                <Table.Td>
                  <FormattedDate value={run.startedAt} dateStyle="short" timeStyle="short" />
                </Table.Td>
                <Table.Td>
                  <Button
                    size="compact-xs"
                    variant="light"
                    onClick={() => runs.send({ type: 'run.open', runId: run.id })}
                  >
                    {intl.formatMessage(m.open)}
                  </Button>
                </Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      )}
    </Stack>
  );
}

function RunSteps({ runs, canWrite }: { runs: RunsRef; canWrite: boolean }) {
  const intl = useIntl();
  const run = useSelector(runs, (s) => s.context.run);
  const error = useSelector(runs, (s) => s.context.error);
  const canRetry = useSelector(runs, (s) => s.can({ type: 'step.retry' }));
  if (!run) return null;
  return (
    <Stack>
      <Group justify="space-between">
        <Button size="xs" variant="subtle" onClick={() => runs.send({ type: 'run.close' })}>
          {intl.formatMessage(m.back)}
        </Button>
        {canWrite && canRetry ? (
          <Button size="xs" color="orange" onClick={() => runs.send({ type: 'step.retry' })}>
            {intl.formatMessage(m.retryStep)}
          </Button>
        ) : null}
      </Group>
      <Text fw={600}>
        {run.contactEmail} · {intl.formatMessage(rs[run.status])}
      </Text>
      {error === 'retryFailed' ? (
        <Alert color="red" role="alert">
          {intl.formatMessage(m.retryFailed)}
        </Alert>
      ) : null}
      <StepTable steps={run.steps} />
    </Stack>
  );
}

/** A run's steps: each with when, outcome, the way a branch went and why, the message sent. */
export function StepTable({ steps }: { steps: RunStep[] }) {
  const intl = useIntl();
  return (
    <Table data-testid="run-steps">
      <Table.Thead>
        <Table.Tr>
          <Table.Th>{intl.formatMessage(m.step)}</Table.Th>
          <Table.Th>{intl.formatMessage(m.when)}</Table.Th>
          <Table.Th>{intl.formatMessage(m.outcome)}</Table.Th>
          <Table.Th>{intl.formatMessage(m.detail)}</Table.Th>
        </Table.Tr>
      </Table.Thead>
      <Table.Tbody>
        {steps.map((step, i) => (
          <Table.Tr key={`${step.nodeId}-${i}`} data-outcome={step.outcome}>
            <Table.Td>{isNodeKind(step.kind) ? intl.formatMessage(kinds[step.kind]) : step.kind}</Table.Td>
            <Table.Td>
              <FormattedDate value={step.at} dateStyle="short" timeStyle="medium" />
            </Table.Td>
            <Table.Td>
              <Badge color={step.outcome === 'failed' ? 'red' : undefined} variant="light">
                {intl.formatMessage(so[step.outcome])}
              </Badge>
            </Table.Td>
            <Table.Td>
              {step.handle ? (
                <Text size="sm">
                  {intl.formatMessage(m.way)}: {step.handle}
                </Text>
              ) : null}
              {step.detail ? <Text size="sm">{step.detail}</Text> : null}
              {step.messageId ? (
                <Text size="sm">
                  {intl.formatMessage(m.message)}: #{step.messageId}
                </Text>
              ) : null}
            </Table.Td>
          </Table.Tr>
        ))}
      </Table.Tbody>
    </Table>
  );
}

function TestRunModal({ runs }: { runs: RunsRef }) {
  const intl = useIntl();
  const open = useSelector(runs, (s) => s.matches('testing') || s.matches('submittingTest'));
  const busy = useSelector(runs, (s) => s.matches('submittingTest'));
  const test = useSelector(runs, (s) => s.context.test);
  const error = useSelector(runs, (s) => s.context.error);
  return (
    <Modal opened={open} onClose={() => runs.send({ type: 'test.cancel' })} title={intl.formatMessage(m.testTitle)}>
      <form
        onSubmit={(e) => {
          e.preventDefault();
          runs.send({ type: 'test.submit' });
        }}
      >
        <Stack>
          <Text size="sm">{intl.formatMessage(m.testText)}</Text>
          <TextInput
            label={intl.formatMessage(m.testContact)}
            inputMode="numeric"
            value={test.contactId}
            onChange={(e) => runs.send({ type: 'test.change', ...test, contactId: e.currentTarget.value })}
          />
          <TextInput
            label={intl.formatMessage(m.testAddress)}
            type="email"
            value={test.address}
            onChange={(e) => runs.send({ type: 'test.change', ...test, address: e.currentTarget.value })}
          />
          {error === 'testIncomplete' || error === 'testFailed' ? (
            <Alert color="red" role="alert" p="xs">
              {intl.formatMessage(error === 'testIncomplete' ? m.testIncomplete : m.testFailed)}
            </Alert>
          ) : null}
          <Group justify="flex-end">
            <Button variant="default" onClick={() => runs.send({ type: 'test.cancel' })}>
              {intl.formatMessage(m.cancel)}
            </Button>
            <Button type="submit" loading={busy}>
              {intl.formatMessage(m.testStart)}
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}
