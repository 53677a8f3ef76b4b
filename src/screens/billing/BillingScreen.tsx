import { Alert, Button, Loader, Stack, Text } from '@mantine/core';
import { useActorRef, useSelector } from '@xstate/react';
import { useIntl } from 'react-intl';
import { actorOptions } from '../../app/inspect.ts';
import { AreaEmptyState } from '../../components/AreaEmptyState.tsx';
import { commonMessages } from '../../i18n/common.messages.ts';
import { billingMachine } from '../../machines/billing/billing.machine.ts';
import { billingMessages as m } from './BillingScreen.messages.ts';
import { ChannelCards } from './ChannelCards.tsx';
import { CHANNEL_LABEL } from './billingLabels.ts';
import { LedgerTable } from './LedgerTable.tsx';
import { PlanUsage } from './PlanUsage.tsx';
import { SpendingChart } from './SpendingChart.tsx';

/**
 * Billing → Channels: per channel the balance, price and low-balance threshold, the plan's usage, this month's
 * spending and the ledger; with BILLING=off, a page saying so. The billing machine holds every state.
 */
export function BillingScreen() {
  const intl = useIntl();
  const actor = useActorRef(billingMachine, actorOptions());
  const overview = useSelector(actor, (s) => s.context.overview);
  const spending = useSelector(actor, (s) => s.context.spending);
  const filter = useSelector(actor, (s) => s.context.filter);
  const ledger = useSelector(actor, (s) => s.context.ledger);
  const error = useSelector(actor, (s) => s.context.error);
  const savedChannel = useSelector(actor, (s) => s.context.savedChannel);
  const exported = useSelector(actor, (s) => s.context.exported);
  const state = useSelector(actor, (s) =>
    s.matches('loading') ? 'loading' : s.matches('loadFailed') ? 'failed' : s.matches('disabled') ? 'off' : 'on',
  );
  const ready = useSelector(actor, (s) => s.matches('ready'));
  const ledgerLoading = useSelector(actor, (s) => s.matches('loadingLedger'));

  if (state === 'loading') return <Loader aria-label={intl.formatMessage(commonMessages.loading)} />;
  if (state === 'off') {
    return <AreaEmptyState title={intl.formatMessage(m.offTitle)} description={intl.formatMessage(m.offText)} />;
  }
  if (state === 'failed' || !overview) {
    return (
      <Stack gap="sm" align="flex-start">
        <Alert color="red" role="alert">
          {intl.formatMessage(m.loadFailed)}
        </Alert>
        <Button onClick={() => actor.send({ type: 'billing.retry' })}>
          {intl.formatMessage(commonMessages.retry)}
        </Button>
      </Stack>
    );
  }
  const notice =
    exported !== null
      ? intl.formatMessage(m.exported, { count: exported })
      : savedChannel
        ? `${intl.formatMessage(CHANNEL_LABEL[savedChannel])}: ${intl.formatMessage(m.thresholdSaved)}`
        : null;
  return (
    <Stack gap="lg">
      <Text>{intl.formatMessage(m.intro)}</Text>
      {notice ? (
        <Alert
          color="teal"
          role="status"
          withCloseButton
          closeButtonLabel={intl.formatMessage(commonMessages.close)}
          onClose={() => actor.send({ type: 'notice.dismiss' })}
        >
          {notice}
        </Alert>
      ) : null}
      {error ? (
        <Alert
          color="red"
          role="alert"
          withCloseButton
          closeButtonLabel={intl.formatMessage(commonMessages.close)}
          onClose={() => actor.send({ type: 'notice.dismiss' })}
        >
          {intl.formatMessage(m[error])}
        </Alert>
      ) : null}
      <ChannelCards
        channels={overview.channels}
        editable={ready}
        onSave={(channel, threshold) => actor.send({ type: 'threshold.save', channel, threshold })}
      />
      <PlanUsage overview={overview} />
      <SpendingChart days={spending} />
      <LedgerTable
        filter={filter}
        ledger={ledger}
        ready={ready}
        loading={ledgerLoading}
        onFilter={(channel) => actor.send({ type: 'ledger.filter', channel })}
        onPage={(page) => actor.send({ type: 'ledger.page', page })}
        onExport={() => actor.send({ type: 'ledger.export' })}
      />
    </Stack>
  );
}
