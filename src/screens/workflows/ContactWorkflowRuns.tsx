import { Accordion, Anchor, Badge, Button, Group, Paper, Stack, Text, Title } from '@mantine/core';
import { useActorRef, useSelector } from '@xstate/react';
import { FormattedDate, useIntl } from 'react-intl';
import { Link } from 'react-router';
import { actorOptions } from '../../app/inspect.ts';
import { pagedListMachine } from '../../machines/pagedList/pagedList.machine.ts';
import { readContactRuns } from '../../machines/workflowRuns/workflowRuns.actors.ts';
import type { RunDetail } from '../../machines/workflowRuns/workflowRuns.types.ts';
import { StepTable } from './WorkflowRunsDrawer.tsx';
import { runsMessages as m, runStatusMessages as rs } from './WorkflowRuns.messages.ts';

const contactRuns = pagedListMachine.provide({ actors: { readPage: readContactRuns } });

/** The contact page's workflow section: every run of this contact, newest first, each with its steps. */
export function ContactWorkflowRuns({ contactId }: { contactId: number }) {
  const intl = useIntl();
  const list = useActorRef(contactRuns, { ...actorOptions(), input: { query: { contactId: String(contactId) } } });
  const runs = useSelector(list, (s) => s.context.rows as RunDetail[]);
  const loading = useSelector(list, (s) => s.hasTag('busy'));
  const failed = useSelector(list, (s) => s.hasTag('error'));
  const hasNext = useSelector(list, (s) => s.can({ type: 'list.next' }));
  return (
    <Paper withBorder p="md" radius="md" component="section" aria-labelledby="contact-workflow-runs">
      <Stack gap="xs">
        <Title order={2} size="h4" id="contact-workflow-runs">
          {intl.formatMessage(m.contactHistory)}
        </Title>
        {failed ? (
          <Group>
            <Text c="red">{intl.formatMessage(m.loadFailed)}</Text>
            <Button size="xs" onClick={() => list.send({ type: 'list.retry' })}>
              {intl.formatMessage(m.retry)}
            </Button>
          </Group>
        ) : loading && runs.length === 0 ? (
          <Text c="dimmed" aria-busy="true">
            {intl.formatMessage(m.title)}…
          </Text>
        ) : runs.length === 0 ? (
          <Text c="dimmed">{intl.formatMessage(m.contactEmpty)}</Text>
        ) : (
          <Accordion variant="separated" data-testid="contact-workflow-runs">
            {runs.map((run) => (
              <Accordion.Item key={run.id} value={String(run.id)}>
                <Accordion.Control>
                  <Group gap="xs">
                    <Text size="sm" fw={600}>
                      {run.workflowName}
                    </Text>
                    <Badge size="sm" variant="light" color={run.status === 'failed' ? 'red' : undefined}>
                      {intl.formatMessage(rs[run.status])}
                    </Badge>
                    <Text size="xs" c="dimmed">
                      <FormattedDate value={run.startedAt} dateStyle="short" timeStyle="short" />
                    </Text>
                  </Group>
                </Accordion.Control>
                <Accordion.Panel>
                  <Anchor component={Link} to={`/workflows/workflow/${run.workflowId}`} size="sm">
                    {intl.formatMessage(m.workflow)}: {run.workflowName}
                  </Anchor>
                  <StepTable steps={run.steps} />
                </Accordion.Panel>
              </Accordion.Item>
            ))}
          </Accordion>
        )}
        {hasNext ? (
          <Button size="xs" variant="default" onClick={() => list.send({ type: 'list.next' })}>
            {intl.formatMessage(m.refresh)}
          </Button>
        ) : null}
      </Stack>
    </Paper>
  );
}
