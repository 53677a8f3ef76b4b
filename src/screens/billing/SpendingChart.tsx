import { BarChart } from '@mantine/charts';
import { Card, Stack, Text, Title } from '@mantine/core';
import { useIntl } from 'react-intl';
import { BILLING_CHANNELS } from '../../../shared/billing.ts';
import type { DaySpending } from '../../machines/billing/billing.types.ts';
import { billingMessages as m } from './BillingScreen.messages.ts';
import { CHANNEL_COLOR, CHANNEL_LABEL } from './billingLabels.ts';

/** Credits spent per day this month, stacked by channel; a sentence instead while nothing was spent. */
export function SpendingChart({ days }: { days: DaySpending[] }) {
  const intl = useIntl();
  const spent = days.some((d) => BILLING_CHANNELS.some((c) => d[c] > 0));
  const data = days.map((d) => ({
    ...d,
    day: intl.formatDate(d.day, { day: 'numeric', month: 'short', timeZone: 'UTC' }),
  }));
  return (
    <Card withBorder>
      <Stack gap="sm">
        <Title order={2} size="h4">
          {intl.formatMessage(m.chartTitle)}
        </Title>
        {spent ? (
          <div role="img" aria-label={intl.formatMessage(m.chartLabel)} data-testid="billing-chart">
            <BarChart
              h={200}
              data={data}
              dataKey="day"
              type="stacked"
              withLegend
              series={BILLING_CHANNELS.map((c) => ({
                name: c,
                label: intl.formatMessage(CHANNEL_LABEL[c]),
                color: CHANNEL_COLOR[c],
              }))}
            />
          </div>
        ) : (
          <Text>{intl.formatMessage(m.chartEmpty)}</Text>
        )}
      </Stack>
    </Card>
  );
}
