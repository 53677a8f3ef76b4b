import { Button, Checkbox, Group, Modal, Stack, Switch, TextInput, Textarea, Text } from '@mantine/core';
import { WebhookEndpointInput } from '../../../../shared/contract/schemas.ts';
import { useSelector } from '@xstate/react';
import { useIntl } from 'react-intl';
import type { ActorRefFrom } from 'xstate';
import { commonMessages } from '../../../i18n/common.messages.ts';
import type { webhookEndpointsMachine } from '../../../machines/webhooks/webhookEndpoints.machine.ts';
import { WEBHOOK_EVENT_TYPES } from '../../../../shared/integrations.ts';
import { WEBHOOK_EVENT_GROUPS, webhookEventGroup } from '../../../../shared/webhooks.ts';
import { webhooksMessages as m } from '../WebhooksScreen.messages.ts';

const GROUP_LABELS = { messages: m.groupMessages, contacts: m.groupContacts, imports: m.groupImports } as const;

/** The endpoint form: URL, description, event checkboxes by group, enabled; field errors come from the machine. */
export function EndpointFormModal({ actor }: { actor: ActorRefFrom<typeof webhookEndpointsMachine> }) {
  const intl = useIntl();
  const open = useSelector(actor, (s) => s.matches('form'));
  const saving = useSelector(actor, (s) => s.matches({ form: 'saving' }));
  const values = useSelector(actor, (s) => s.context.values);
  const errors = useSelector(actor, (s) => s.context.fieldErrors);
  const editing = useSelector(actor, (s) => s.context.targetId !== null);
  const change = (patch: Partial<typeof values>) => actor.send({ type: 'form.change', values: patch });
  const urlError =
    errors.url === 'urlRequired'
      ? intl.formatMessage(m.urlRequired)
      : errors.url === 'urlRefused'
        ? intl.formatMessage(m.urlRefused, { reason: errors.urlReason ?? '' })
        : undefined;
  return (
    <Modal
      opened={open}
      onClose={() => actor.send({ type: 'form.cancel' })}
      title={intl.formatMessage(editing ? m.formEdit : m.formAdd)}
      size="lg"
    >
      <form
        onSubmit={(event) => {
          event.preventDefault();
          actor.send({ type: 'form.submit' });
        }}
      >
        <Stack>
          <TextInput
            label={intl.formatMessage(m.url)}
            placeholder="https://"
            value={values.url}
            error={urlError}
            onChange={(event) => change({ url: event.currentTarget.value })}
            data-autofocus
          />
          <Textarea
            label={intl.formatMessage(m.description)}
            value={values.description}
            maxLength={WebhookEndpointInput.properties.description.maxLength}
            onChange={(event) => change({ description: event.currentTarget.value })}
          />
          <Checkbox.Group
            label={intl.formatMessage(m.events)}
            value={values.eventTypes}
            error={errors.eventTypes ? intl.formatMessage(m.eventTypesRequired) : undefined}
            onChange={(types) => change({ eventTypes: types as typeof values.eventTypes })}
          >
            <Group align="flex-start" mt="xs" gap="xl">
              {WEBHOOK_EVENT_GROUPS.map((group) => (
                <Stack key={group} gap={6} role="group" aria-label={intl.formatMessage(GROUP_LABELS[group])}>
                  <Text size="sm" fw={600}>
                    {intl.formatMessage(GROUP_LABELS[group])}
                  </Text>
                  {WEBHOOK_EVENT_TYPES.filter((type) => webhookEventGroup(type) === group).map((type) => (
                    <Checkbox key={type} value={type} label={type} />
                  ))}
                </Stack>
              ))}
            </Group>
          </Checkbox.Group>
          <Switch
            label={intl.formatMessage(m.enabledField)}
            checked={values.enabled}
            onChange={(event) => change({ enabled: event.currentTarget.checked })}
          />
          <Group justify="flex-end">
            <Button variant="default" onClick={() => actor.send({ type: 'form.cancel' })}>
              {intl.formatMessage(commonMessages.cancel)}
            </Button>
            <Button type="submit" loading={saving}>
              {intl.formatMessage(m.save)}
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}
