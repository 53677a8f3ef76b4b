import { Anchor, Badge, Button, Group, Loader, Menu, Table, Text } from '@mantine/core';
import { useActorRef, useSelector } from '@xstate/react';
import { FormattedDate, useIntl } from 'react-intl';
import { Link } from 'react-router';
import type { workflowListMachine } from '../../machines/workflowList/workflowList.machine.ts';
import type { RowAction, WorkflowRow } from '../../machines/workflowList/workflowList.types.ts';
import { isTriggerType } from '../../machines/workflowEditor/workflowGraph.ts';
import { triggerMessages as tm } from './WorkflowEditorScreen.messages.ts';
import { managerMessages as m, statusMessages } from './WorkflowsScreen.messages.ts';

type ListRef = ReturnType<typeof useActorRef<typeof workflowListMachine>>;

/** What each status allows: an active workflow is paused before it is deleted. */
const ACTIONS: Record<WorkflowRow['status'], RowAction[]> = {
  draft: ['duplicate', 'archive', 'delete'],
  active: ['pause', 'duplicate', 'archive'],
  paused: ['resume', 'duplicate', 'archive', 'delete'],
  archived: ['duplicate', 'delete'],
};

/** The workflows of a section: status, trigger, contacts in progress and finished, last edited, row actions. */
export function WorkflowTable({ list, canWrite }: { list: ListRef; canWrite: boolean }) {
  const intl = useIntl();
  const rows = useSelector(list, (s) => s.context.rows);
  const loading = useSelector(list, (s) => s.hasTag('busy'));
  const searching = useSelector(list, (s) => s.context.query.search !== '');
  const pagination = useSelector(list, (s) => s.context.pagination);
  const page = pagination?.page ?? 1;
  const pages = pagination?.pages ?? 1;
  if (loading && rows.length === 0) return <Loader aria-label={intl.formatMessage(m.title)} />;
  if (rows.length === 0)
    return (
      <Text c="dimmed" data-testid="workflows-empty">
        {intl.formatMessage(searching ? m.emptySearch : m.empty)}
      </Text>
    );
  return (
    <>
      <Table highlightOnHover aria-busy={loading} data-testid="workflows-table">
        <Table.Thead>
          <Table.Tr>
            <Table.Th>{intl.formatMessage(m.name)}</Table.Th>
            <Table.Th>{intl.formatMessage(m.status)}</Table.Th>
            <Table.Th>{intl.formatMessage(m.trigger)}</Table.Th>
            <Table.Th ta="right">{intl.formatMessage(m.inProgress)}</Table.Th>
            <Table.Th ta="right">{intl.formatMessage(m.finished)}</Table.Th>
            <Table.Th>{intl.formatMessage(m.lastEdited)}</Table.Th>
            <Table.Th>{intl.formatMessage(m.actions)}</Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {rows.map((row) => (
            <Table.Tr key={row.id}>
              <Table.Td>
                <Anchor component={Link} to={`/workflows/workflow/${row.id}`}>
                  {row.name}
                </Anchor>
              </Table.Td>
              <Table.Td>
                <Badge variant="light">{intl.formatMessage(statusMessages[row.status])}</Badge>
              </Table.Td>
              <Table.Td>
                {row.trigger && isTriggerType(row.trigger)
                  ? intl.formatMessage(tm[row.trigger])
                  : intl.formatMessage(m.noTrigger)}
              </Table.Td>
              <Table.Td ta="right">{intl.formatNumber(row.inProgress)}</Table.Td>
              <Table.Td ta="right">{intl.formatNumber(row.finished)}</Table.Td>
              <Table.Td>
                <FormattedDate value={row.updatedAt} dateStyle="medium" timeStyle="short" />
              </Table.Td>
              <Table.Td>
                {canWrite ? (
                  <Menu>
                    <Menu.Target>
                      <Button
                        size="compact-xs"
                        variant="default"
                        aria-label={intl.formatMessage(m.rowActions, { name: row.name })}
                      >
                        {intl.formatMessage(m.actions)}
                      </Button>
                    </Menu.Target>
                    <Menu.Dropdown>
                      {ACTIONS[row.status].map((action) => (
                        <Menu.Item
                          key={action}
                          color={action === 'delete' ? 'red' : undefined}
                          onClick={() => list.send({ type: 'row.act', action, id: row.id })}
                        >
                          {intl.formatMessage(m[action])}
                        </Menu.Item>
                      ))}
                    </Menu.Dropdown>
                  </Menu>
                ) : null}
              </Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
      {pages > 1 ? (
        <Group justify="center">
          <Button
            size="xs"
            variant="default"
            disabled={page <= 1}
            onClick={() => list.send({ type: 'list.page', page: page - 1 })}
          >
            {intl.formatMessage(m.previous)}
          </Button>
          <Text size="sm">{intl.formatMessage(m.pageOf, { page, pages })}</Text>
          <Button
            size="xs"
            variant="default"
            disabled={page >= pages}
            onClick={() => list.send({ type: 'list.page', page: page + 1 })}
          >
            {intl.formatMessage(m.next)}
          </Button>
        </Group>
      ) : null}
    </>
  );
}
