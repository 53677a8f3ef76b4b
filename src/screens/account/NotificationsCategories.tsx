import { Fieldset, Switch, Table, Text } from '@mantine/core';
import { useSelector } from '@xstate/react';
import { useIntl, type MessageDescriptor } from 'react-intl';
import type { ActorRefFrom } from 'xstate';
import {
  CATEGORIES,
  CHANNELS,
  type Category,
  type Channel,
  type notificationSettingsMachine,
} from '../../machines/notificationSettings/notificationSettings.machine.ts';
import { selectDraft, selectEditable } from '../../machines/notificationSettings/notificationSettings.selectors.ts';
import { notificationsMessages as m } from './NotificationsScreen.messages.ts';

const CATEGORY: Record<Category, { name: MessageDescriptor; hint: MessageDescriptor }> = {
  imports: { name: m.imports, hint: m.importsHint },
  sends: { name: m.sends, hint: m.sendsHint },
  failures: { name: m.failures, hint: m.failuresHint },
};
const CHANNEL: Record<Channel, MessageDescriptor> = { inApp: m.inApp, email: m.email };

/** Categories × channels as a table of labelled switches. */
export function NotificationsCategories({ actor }: { actor: ActorRefFrom<typeof notificationSettingsMachine> }) {
  const intl = useIntl();
  const draft = useSelector(actor, selectDraft);
  const editable = useSelector(actor, selectEditable);
  if (!draft) return null;
  return (
    <Fieldset legend={intl.formatMessage(m.categoriesLegend)} disabled={!editable}>
      <Table verticalSpacing="sm" data-testid="notification-categories">
        <Table.Thead>
          <Table.Tr>
            <Table.Th scope="col">{intl.formatMessage(m.categoryColumn)}</Table.Th>
            {CHANNELS.map((channel) => (
              <Table.Th key={channel} scope="col" ta="center">
                {intl.formatMessage(CHANNEL[channel])}
              </Table.Th>
            ))}
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {CATEGORIES.map((category) => (
            <Table.Tr key={category}>
              <Table.Th scope="row" fw="normal">
                <Text fw={500}>{intl.formatMessage(CATEGORY[category].name)}</Text>
                <Text size="sm" c="dimmed">
                  {intl.formatMessage(CATEGORY[category].hint)}
                </Text>
              </Table.Th>
              {CHANNELS.map((channel) => (
                <Table.Td key={channel}>
                  <Switch
                    mx="auto"
                    w="fit-content"
                    aria-label={intl.formatMessage(m.switchLabel, {
                      category: intl.formatMessage(CATEGORY[category].name),
                      channel: intl.formatMessage(CHANNEL[channel]),
                    })}
                    checked={draft[channel][category]}
                    data-channel={channel}
                    data-category={category}
                    onChange={(event) =>
                      actor.send({ type: 'category.toggle', channel, category, enabled: event.currentTarget.checked })
                    }
                  />
                </Table.Td>
              ))}
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </Fieldset>
  );
}
