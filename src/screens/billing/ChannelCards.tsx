import { Badge, Button, Card, Group, NumberInput, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import { useState } from 'react';
import { useIntl } from 'react-intl';
import { MAX_THRESHOLD_CREDITS } from '../../../shared/billing.ts';
import type { Channel } from '../../../shared/messaging.ts';
import { useCan } from '../../app/permissions.ts';
import type { ChannelBalance } from '../../machines/billing/billing.types.ts';
import { billingMessages as m } from './BillingScreen.messages.ts';
import { CHANNEL_LABEL } from './billingLabels.ts';

interface ThresholdProps {
  balance: ChannelBalance;
  editable: boolean;
  onSave: (channel: Channel, threshold: number) => void;
}

/** The threshold: a number field with its Save button for owners (billing:manage), plain text for everyone else. */
function Threshold({ balance, editable, onSave }: ThresholdProps) {
  const intl = useIntl();
  const canManage = useCan('billing:manage');
  const [draft, setDraft] = useState<number | string>(balance.lowBalanceThreshold);
  const channel = intl.formatMessage(CHANNEL_LABEL[balance.channel]);
  if (!canManage) {
    return (
      <Text size="sm">
        {intl.formatMessage(m.threshold)}: {intl.formatMessage(m.credits, { count: balance.lowBalanceThreshold })}
      </Text>
    );
  }
  const value = typeof draft === 'number' ? draft : null;
  return (
    <form
      onSubmit={(event) => {
        event.preventDefault();
        if (value !== null) onSave(balance.channel, value);
      }}
    >
      <Group align="flex-end" gap="xs" wrap="nowrap">
        <NumberInput
          label={intl.formatMessage(m.thresholdLabel, { channel })}
          description={intl.formatMessage(m.thresholdHelp)}
          min={0}
          max={MAX_THRESHOLD_CREDITS}
          allowDecimal={false}
          allowNegative={false}
          value={draft}
          onChange={setDraft}
        />
        <Button type="submit" variant="light" disabled={!editable || value === null}>
          {intl.formatMessage(m.save)}
        </Button>
      </Group>
    </form>
  );
}

/** One card per channel: its balance (flagged when at or under the threshold), its price and its threshold. */
export function ChannelCards(props: {
  channels: ChannelBalance[];
  editable: boolean;
  onSave: ThresholdProps['onSave'];
}) {
  const intl = useIntl();
  return (
    <SimpleGrid cols={{ base: 1, md: 3 }}>
      {props.channels.map((balance) => (
        <Card key={balance.channel} withBorder data-channel={balance.channel} data-testid="billing-channel">
          <Stack gap="xs">
            <Group justify="space-between">
              <Title order={2} size="h4">
                {intl.formatMessage(CHANNEL_LABEL[balance.channel])}
              </Title>
              {balance.balance <= balance.lowBalanceThreshold ? (
                <Badge color="red.9">{intl.formatMessage(m.low)}</Badge>
              ) : null}
            </Group>
            <Text size="sm" c="dimmed">
              {intl.formatMessage(m.balance)}
            </Text>
            <Text fz="xl" fw={700} data-testid="billing-balance">
              {intl.formatMessage(m.credits, { count: balance.balance })}
            </Text>
            <Text size="sm">
              {intl.formatMessage(m.price)}: {intl.formatMessage(m.credits, { count: balance.pricePerMessage })}
            </Text>
            <Threshold
              key={balance.lowBalanceThreshold}
              balance={balance}
              editable={props.editable}
              onSave={props.onSave}
            />
          </Stack>
        </Card>
      ))}
    </SimpleGrid>
  );
}
