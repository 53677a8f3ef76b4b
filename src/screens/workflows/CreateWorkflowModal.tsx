import { Button, Group, Modal, Select, Stack, TextInput } from '@mantine/core';
import { useActorRef, useSelector } from '@xstate/react';
import { useIntl } from 'react-intl';
import type { workflowListMachine } from '../../machines/workflowList/workflowList.machine.ts';
import { ALL_TEMPLATES } from './workflowSections.ts';
import { managerMessages as m, templateMessages as tm } from './WorkflowsScreen.messages.ts';

type ListRef = ReturnType<typeof useActorRef<typeof workflowListMachine>>;

/** The create dialog: a name, and a blank canvas or a template to start from. */
export function CreateWorkflowModal({ list }: { list: ListRef }) {
  const intl = useIntl();
  const open = useSelector(list, (s) => s.matches('creating') || s.matches('submitting'));
  const busy = useSelector(list, (s) => s.matches('submitting'));
  const create = useSelector(list, (s) => s.context.create);
  const error = useSelector(list, (s) => s.context.error);
  return (
    <Modal
      opened={open}
      onClose={() => list.send({ type: 'create.cancel' })}
      title={intl.formatMessage(m.createTitle)}
      centered
    >
      <form
        onSubmit={(e) => {
          e.preventDefault();
          list.send({ type: 'create.submit' });
        }}
      >
        <Stack>
          <TextInput
            label={intl.formatMessage(m.name)}
            data-autofocus
            required
            maxLength={200}
            value={create.name}
            error={error === 'nameRequired' ? intl.formatMessage(m.nameRequired) : undefined}
            onChange={(e) => list.send({ type: 'create.name', name: e.currentTarget.value })}
          />
          <Select
            label={intl.formatMessage(m.startFrom)}
            allowDeselect={false}
            value={create.template ?? 'blank'}
            data={[
              { value: 'blank', label: intl.formatMessage(m.blank) },
              ...ALL_TEMPLATES.map((t) => ({ value: t, label: intl.formatMessage(tm[t]) })),
            ]}
            onChange={(v) => list.send({ type: 'create.template', template: v === 'blank' || !v ? null : v })}
          />
          {error === 'createFailed' ? (
            <div role="alert" style={{ color: 'var(--mantine-color-red-7)' }}>
              {intl.formatMessage(m.createFailed)}
            </div>
          ) : null}
          <Group justify="flex-end">
            <Button variant="default" onClick={() => list.send({ type: 'create.cancel' })}>
              {intl.formatMessage(m.cancel)}
            </Button>
            <Button type="submit" loading={busy}>
              {intl.formatMessage(m.createSubmit)}
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}
