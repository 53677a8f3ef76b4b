import { Alert, Button, Group, Loader, Stack, Text } from '@mantine/core';
import { useActorRef, useSelector } from '@xstate/react';
import { useIntl } from 'react-intl';
import { Outlet, useLocation, useNavigate, useOutletContext, useParams } from 'react-router';
import { isChannel } from '../../../shared/messaging.ts';
import { actorOptions } from '../../app/inspect.ts';
import { commonMessages } from '../../i18n/common.messages.ts';
import { messageReportMachine } from '../../machines/messageReport/messageReport.machine.ts';
import { StepLinks } from '../StepLinks.tsx';
import { ReportClicked, ReportRecipients, ReportSummary, ReportTimeline } from './ReportTabs.tsx';
import { SendControls } from './SendControls.tsx';
import { reportMessages as m } from './report.messages.ts';
import type { ReportActor } from './reportActor.ts';
import { Permitted } from '../shared/Permitted.tsx';

const TABS = [
  { path: 'summary', label: m.summary },
  { path: 'timeline', label: m.timeline },
  { path: 'clicked', label: m.clicked },
  { path: 'openclicks', label: m.openclicks },
];

/**
 * A campaign's report: its name, the actions (resend to non-openers, retry failed), the tabs summary, timeline,
 * clicked and openclicks as child routes sharing one report machine (live over realtime while it sends).
 */
export function MessageReportScreen() {
  const intl = useIntl();
  const navigate = useNavigate();
  const params = useParams();
  const channel = isChannel(params.channel) ? params.channel : 'email';
  const report = useActorRef(
    messageReportMachine,
    { ...actorOptions(), input: { channel, messageId: Number(params.id) } },
    (snapshot) => {
      if (snapshot.status === 'done' && snapshot.context.created)
        void navigate(`/multichannel/${channel}/${snapshot.context.created}`);
    },
  );
  const summary = useSelector(report, (s) => s.context.data?.summary ?? null);
  const loading = useSelector(report, (s) => s.matches('loading'));
  const failed = useSelector(report, (s) => s.matches('failed'));
  const busy = useSelector(report, (s) => s.hasTag('busy'));
  const canResend = useSelector(report, (s) => s.can({ type: 'report.resend' }));
  const canRetry = useSelector(report, (s) => s.can({ type: 'report.retryFailed' }));
  const actionError = useSelector(report, (s) => s.context.actionError);
  if (loading) return <Loader aria-label={intl.formatMessage(m.summary)} />;
  if (failed || !summary)
    return (
      <Alert color="red" title={intl.formatMessage(m.loadFailed)}>
        <Button size="xs" variant="light" onClick={() => report.send({ type: 'report.retry' })}>
          {intl.formatMessage(commonMessages.retry)}
        </Button>
      </Alert>
    );
  return (
    <Stack gap="md">
      <Group justify="space-between" align="flex-start">
        <div>
          <Text fw={600} size="lg">
            {summary.name}
          </Text>
          {summary.sentAt ? (
            <Text size="sm" c="dimmed">
              {intl.formatMessage(m.sentAt, { at: new Date(summary.sentAt) })}
            </Text>
          ) : null}
          {summary.status === 'sending' ? (
            <Text size="sm" c="cyan">
              {intl.formatMessage(m.live)}
            </Text>
          ) : null}
        </div>
        <Group>
          <Permitted permission="messages:send">
            <Button
              variant="default"
              disabled={!canRetry || busy}
              onClick={() => report.send({ type: 'report.retryFailed' })}
            >
              {intl.formatMessage(m.retryFailed)}
            </Button>
          </Permitted>
          <Permitted permission="messages:write">
            <Button disabled={!canResend || busy} onClick={() => report.send({ type: 'report.resend' })}>
              {intl.formatMessage(m.resend)}
            </Button>
          </Permitted>
        </Group>
      </Group>
      {actionError ? (
        <Alert color="red" role="alert">
          {intl.formatMessage(
            actionError === 'resendFailed'
              ? m.resendFailed
              : actionError === 'retryFailed'
                ? m.retryFailedError
                : m.exportFailed,
          )}
        </Alert>
      ) : null}
      <SendControls channel={channel} messageId={Number(params.id)} />
      <StepLinks label={m.tabs} items={TABS} />
      <Outlet context={report} />
    </Stack>
  );
}

const TAB_VIEWS = {
  summary: ReportSummary,
  timeline: ReportTimeline,
  clicked: ReportClicked,
  openclicks: ReportRecipients,
} as const;

/** One tab of the report, chosen by the last path segment, on the report's machine. */
export function MessageReportTabScreen() {
  const report = useOutletContext<ReportActor>();
  const { pathname } = useLocation();
  const tab = pathname.split('/').pop() as keyof typeof TAB_VIEWS;
  const View = TAB_VIEWS[tab] ?? ReportSummary;
  return <View report={report} />;
}
