import { Card, Progress, Stack, Text, Title } from '@mantine/core';
import { useIntl } from 'react-intl';
import { PLAN_LIMITS, type PlanLimit } from '../../../shared/billing.ts';
import type { BillingOverview } from '../../machines/billing/billing.types.ts';
import { billingMessages as m } from './BillingScreen.messages.ts';

const LIMIT_LABEL = { contacts: m.usageContacts, seats: m.usageSeats, sends: m.usageSends } as const;

/** The plan and how much of each limit is used (a bar per limit; an unlimited one shows the count only). */
export function PlanUsage({ overview }: { overview: BillingOverview }) {
  const intl = useIntl();
  return (
    <Card withBorder>
      <Stack gap="sm">
        <Title order={2} size="h4">
          {intl.formatMessage(m.plan, { name: overview.plan.name })}
        </Title>
        {PLAN_LIMITS.map((name: PlanLimit) => {
          const used = overview.usage[name];
          const limit = overview.plan.limits[name];
          const label = intl.formatMessage(LIMIT_LABEL[name]);
          const percent = limit ? Math.min(100, (used / limit) * 100) : limit === 0 ? 100 : 0;
          return (
            <Stack key={name} gap={4} data-limit={name}>
              <Text size="sm">
                {label}:{' '}
                {limit === null
                  ? intl.formatMessage(m.unlimited, { used: intl.formatNumber(used) })
                  : intl.formatMessage(m.usageOf, { used: intl.formatNumber(used), limit: intl.formatNumber(limit) })}
              </Text>
              {limit !== null ? (
                <Progress value={percent} color={percent >= 90 ? 'red' : 'blue'} aria-label={label} />
              ) : null}
            </Stack>
          );
        })}
      </Stack>
    </Card>
  );
}
