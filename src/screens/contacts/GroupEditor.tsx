import { Button, Group, Paper, SegmentedControl, Stack, Text } from '@mantine/core';
import { useIntl } from 'react-intl';
import type { ContactAttribute, ContactList, SegmentGroup } from '../../machines/contactsTable/contacts.types.ts';
import type { SegmentEditorEvent } from '../../machines/segmentEditor/segmentEditor.machine.ts';
import type { ConditionIssue, TreePath } from '../../machines/segmentEditor/segmentTree.ts';
import { ConditionRow } from './ConditionRow.tsx';
import { segmentsMessages as m } from './SegmentsScreen.messages.ts';

export interface GroupEditorProps {
  group: SegmentGroup;
  path: TreePath;
  lists: ContactList[];
  attributes: ContactAttribute[];
  /** Value errors by condition path (`TreePath.join('.')`). */
  issues: Record<string, ConditionIssue>;
  send: (event: SegmentEditorEvent) => void;
}

/** A group of conditions combined with AND or OR; groups nest. */
export function GroupEditor({ group, path, lists, attributes, issues, send }: GroupEditorProps) {
  const intl = useIntl();
  return (
    <Paper
      withBorder
      p="sm"
      radius="md"
      bg={path.length % 2 ? 'gray.0' : undefined}
      data-testid="segment-group"
      data-depth={path.length}
    >
      <Stack gap="xs">
        <Group gap="xs">
          <Text size="sm">{intl.formatMessage(m.match)}</Text>
          <SegmentedControl
            size="xs"
            value={group.operator}
            onChange={(v) => send({ type: 'group.operator', path, operator: v as SegmentGroup['operator'] })}
            data={[
              { value: 'and', label: intl.formatMessage(m.all) },
              { value: 'or', label: intl.formatMessage(m.any) },
            ]}
          />
          {path.length > 0 ? (
            <Button
              size="compact-xs"
              variant="subtle"
              color="red"
              ml="auto"
              onClick={() => send({ type: 'condition.remove', path })}
            >
              {intl.formatMessage(m.removeGroup)}
            </Button>
          ) : null}
        </Group>
        {group.conditions.map((item, i) =>
          item.kind === 'group' ? (
            <GroupEditor
              key={i}
              group={item}
              path={[...path, i]}
              lists={lists}
              attributes={attributes}
              issues={issues}
              send={send}
            />
          ) : (
            <ConditionRow
              key={i}
              condition={item}
              lists={lists}
              attributes={attributes}
              issue={issues[[...path, i].join('.')]}
              onChange={(condition) => send({ type: 'condition.update', path: [...path, i], condition })}
              onRemove={() => send({ type: 'condition.remove', path: [...path, i] })}
            />
          ),
        )}
        <Group gap="xs">
          <Button size="compact-sm" variant="light" onClick={() => send({ type: 'condition.add', path })}>
            {intl.formatMessage(m.addCondition)}
          </Button>
          <Button size="compact-sm" variant="subtle" onClick={() => send({ type: 'condition.add', path, group: true })}>
            {intl.formatMessage(m.addGroup)}
          </Button>
        </Group>
      </Stack>
    </Paper>
  );
}
