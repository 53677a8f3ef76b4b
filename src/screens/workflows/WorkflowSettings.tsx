import { Button, CloseButton, Divider, Group, Popover, Radio, Stack, Switch, Text, Title } from '@mantine/core';
import { useDisclosure } from '@mantine/hooks';
import { useSelector } from '@xstate/react';
import { useIntl } from 'react-intl';
import type { ActorRefFrom } from 'xstate';
import type { workflowEditorMachine } from '../../machines/workflowEditor/workflowEditor.machine.ts';
import { isGoalComplete, REENTRY_RULES } from '../../machines/workflowEditor/workflowSettings.ts';
import { GroupEditor } from '../contacts/GroupEditor.tsx';
import {
  reentryHintMessages as rh,
  reentryMessages as rm,
  settingsMessages as m,
} from './WorkflowSettings.messages.ts';

type EditorRef = ActorRefFrom<typeof workflowEditorMachine>;

/**
 * The "Settings" button in the editor's header and its popover: the re-entry rule (each with what it does) and the
 * goal, built with the segment condition builder. Changes go to the editor machine, which saves them with the graph.
 * The popover opens and closes with the keyboard (Enter/Space on the button, Escape inside), keeps focus inside
 * while open and gives it back to the button. A click outside does not close it: the condition builder's choices
 * open in their own layer outside the popover.
 */
export function WorkflowSettings({ editor }: { editor: EditorRef }) {
  const intl = useIntl();
  const [opened, { toggle, close }] = useDisclosure(false);
  const reentry = useSelector(editor, (s) => s.context.reentry);
  const goal = useSelector(editor, (s) => s.context.goal);
  const options = useSelector(editor, (s) => s.context.options);
  const editable = useSelector(editor, (s) => s.can({ type: 'reentry.change', reentry: 'never' }));
  return (
    <Popover
      opened={opened}
      onChange={(o) => (o ? undefined : close())}
      onClose={close}
      position="bottom-end"
      width={560}
      shadow="md"
      trapFocus
      returnFocus
      closeOnEscape
      closeOnClickOutside={false}
    >
      <Popover.Target>
        <Button size="xs" variant="default" onClick={toggle} aria-expanded={opened} aria-haspopup="dialog">
          {intl.formatMessage(m.open)}
        </Button>
      </Popover.Target>
      <Popover.Dropdown
        role="dialog"
        aria-labelledby="workflow-settings-title"
        data-testid="workflow-settings"
        mah="70vh"
        style={{ overflowY: 'auto' }}
      >
        <Stack gap="sm">
          <Group justify="space-between">
            <Title order={2} size="h5" id="workflow-settings-title">
              {intl.formatMessage(m.title)}
            </Title>
            <CloseButton aria-label={intl.formatMessage(m.close)} onClick={close} />
          </Group>
          <Radio.Group
            label={intl.formatMessage(m.reentry)}
            value={reentry}
            onChange={(v) => editor.send({ type: 'reentry.change', reentry: v as typeof reentry })}
          >
            <Stack gap="xs" mt="xs">
              {REENTRY_RULES.map((rule) => (
                <Radio
                  key={rule}
                  value={rule}
                  disabled={!editable}
                  label={intl.formatMessage(rm[rule])}
                  description={intl.formatMessage(rh[rule])}
                />
              ))}
            </Stack>
          </Radio.Group>
          <Divider />
          <Switch
            label={intl.formatMessage(m.goalSwitch)}
            description={intl.formatMessage(m.goalHint)}
            disabled={!editable}
            checked={goal !== null}
            onChange={(e) => editor.send({ type: e.currentTarget.checked ? 'goal.add' : 'goal.remove' })}
          />
          {goal ? (
            <fieldset
              disabled={!editable}
              style={{ border: 0, padding: 0, margin: 0 }}
              aria-label={intl.formatMessage(m.goal)}
            >
              <GroupEditor
                group={goal.conditions}
                path={[]}
                lists={options.lists}
                attributes={options.attributes}
                issues={{}}
                send={(edit) => editor.send({ type: 'goal.edit', edit })}
              />
            </fieldset>
          ) : null}
          {goal && !isGoalComplete(goal) ? (
            <Text size="sm" c="orange" role="status">
              {intl.formatMessage(m.goalIncomplete)}
            </Text>
          ) : null}
        </Stack>
      </Popover.Dropdown>
    </Popover>
  );
}
