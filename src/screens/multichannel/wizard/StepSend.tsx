import {
  Alert,
  Button,
  Group,
  List,
  Paper,
  SegmentedControl,
  Select,
  Stack,
  Text,
  TextInput,
  Title,
} from '@mantine/core';
import { useActorRef, useSelector } from '@xstate/react';
import { useEffect, useMemo, useState } from 'react';
import { Link } from 'react-router';
import type { ActorRefFrom } from 'xstate';
import { useIntl } from 'react-intl';
import { TEST_SEND_MAX_ADDRESSES } from '../../../../shared/messaging.ts';
import type { MessageSchedule } from '../../../machines/messageWizard/messageWizard.machine.ts';
import { ScheduleEditorField } from '../../shared/ScheduleEditorField.tsx';
import { checklistText, issueText, wizardText as w } from './MessageWizard.messages.ts';
import { useWizardActor } from './wizardActor.ts';
import { sendCostMachine } from '../../../machines/sendCost/sendCost.machine.ts';
import { Permitted } from '../../shared/Permitted.tsx';

const localZone = () => Intl.DateTimeFormat().resolvedOptions().timeZone;
const DEFAULT_PATTERN = '0 9 * * 1';

/** step-3: when (now, at a time in a time zone, repeat), a summary, the checklist, a test send, and Send / Schedule. */
export function StepSend() {
  const intl = useIntl();
  const actor = useWizardActor();
  const draft = useSelector(actor, (s) => s.context.draft);
  const schedule: MessageSchedule = draft.schedule ?? { mode: 'now' };
  const issues = useSelector(actor, (s) => s.context.issues);
  const zones = useMemo(() => Intl.supportedValuesOf('timeZone'), []);
  const change = (next: MessageSchedule) => actor.send({ type: 'field.change', patch: { schedule: next } });
  const timeZone = schedule.mode === 'now' ? localZone() : schedule.timeZone;
  const issue = (field: string) => (issues[field] ? intl.formatMessage(issueText[issues[field]]) : undefined);

  // The checklist reflects the saved message: read it each time this step opens.
  useEffect(() => actor.send({ type: 'checklist.refresh' }), [actor]);
  // What the counted recipients cost on the channel, estimated again at each new count (billing/sends.ts).
  const channel = useSelector(actor, (s) => s.context.channel);
  const count = useSelector(actor, (s) => s.context.count);
  const cost = useActorRef(sendCostMachine, { input: { channel, recipients: count } });
  useEffect(() => cost.send({ type: 'recipients.set', recipients: count }), [cost, count]);

  return (
    <Stack maw={760}>
      <SegmentedControl
        aria-label={intl.formatMessage(w.when)}
        value={schedule.mode}
        data={[
          { value: 'now', label: intl.formatMessage(w.now) },
          { value: 'at', label: intl.formatMessage(w.at) },
          { value: 'repeat', label: intl.formatMessage(w.repeat) },
        ]}
        onChange={(mode) =>
          change(
            mode === 'at'
              ? { mode, at: new Date(Date.now() + 86_400_000).toISOString().slice(0, 16), timeZone }
              : mode === 'repeat'
                ? { mode, pattern: DEFAULT_PATTERN, timeZone }
                : { mode: 'now' },
          )
        }
      />
      {schedule.mode !== 'now' && (
        <Select
          label={intl.formatMessage(w.timeZone)}
          data={zones}
          searchable
          allowDeselect={false}
          value={schedule.timeZone}
          error={issue('schedule.timeZone')}
          onChange={(zone) => zone && change({ ...schedule, timeZone: zone })}
        />
      )}
      {schedule.mode === 'at' && (
        <TextInput
          type="datetime-local"
          label={intl.formatMessage(w.dateTime)}
          value={schedule.at}
          error={issue('schedule.at')}
          onChange={(e) => e.currentTarget.value && change({ ...schedule, at: e.currentTarget.value.slice(0, 16) })}
        />
      )}
      {schedule.mode === 'repeat' && (
        <ScheduleEditorField
          defaultValue={schedule.pattern}
          timeZone={schedule.timeZone}
          locale={intl.locale}
          onChange={(pattern) => change({ ...schedule, pattern })}
        />
      )}
      <Summary cost={cost} />
      <CostShort cost={cost} mode={schedule.mode} />
      <Checklist />
      <TestSend />
      <SendButton mode={schedule.mode} cost={cost} />
    </Stack>
  );
}

type CostActor = ActorRefFrom<typeof sendCostMachine>;

function Summary({ cost }: { cost: CostActor }) {
  const intl = useIntl();
  const actor = useWizardActor();
  const draft = useSelector(actor, (s) => s.context.draft);
  const count = useSelector(actor, (s) => s.context.count);
  const counting = useSelector(actor, (s) => s.matches({ ready: { count: 'debouncing' } }) || s.hasTag('counting'));
  const sender = useSelector(actor, (s) => s.context.options?.senders.find((x) => x.id === s.context.draft.senderId));
  return (
    <Paper withBorder p="md">
      <Title order={3} size="h4" mb="xs">
        {intl.formatMessage(w.summary)}
      </Title>
      <List spacing={4}>
        <List.Item>
          {intl.formatMessage(w.name)}: {draft.name}
        </List.Item>
        <List.Item>
          {intl.formatMessage(w.subject)}: {draft.subject ?? '—'}
        </List.Item>
        <List.Item>
          {intl.formatMessage(w.sender)}: {sender ? `${draft.fromName ?? sender.name} <${sender.address}>` : '—'}
        </List.Item>
        <List.Item>{intl.formatMessage(counting ? w.counting : w.recipients, { count: count ?? 0 })}</List.Item>
        <CostLine cost={cost} />
      </List>
    </Paper>
  );
}

/** The send's cost in credits beside the balance; nothing when billing is off or before the count. */
function CostLine({ cost }: { cost: CostActor }) {
  const intl = useIntl();
  const estimating = useSelector(cost, (s) => s.hasTag('busy'));
  const failed = useSelector(cost, (s) => s.hasTag('error'));
  const estimate = useSelector(cost, (s) => s.context.estimate);
  if (estimating) return <List.Item>{intl.formatMessage(w.costEstimating)}</List.Item>;
  if (failed)
    return (
      <List.Item>
        {intl.formatMessage(w.costFailed)}{' '}
        <Button size="compact-xs" variant="subtle" onClick={() => cost.send({ type: 'estimate.retry' })}>
          {intl.formatMessage(w.costRetry)}
        </Button>
      </List.Item>
    );
  if (!estimate?.enabled) return null;
  return (
    <List.Item data-testid="send-cost">
      {intl.formatMessage(w.cost, { cost: estimate.cost, balance: estimate.balance })}
    </List.Item>
  );
}

/** A balance short of the cost: sending now is refused; a scheduled send will wait paused for credits. */
function CostShort({ cost, mode }: { cost: CostActor; mode: MessageSchedule['mode'] }) {
  const intl = useIntl();
  const short = useSelector(cost, (s) => s.hasTag('short'));
  const estimate = useSelector(cost, (s) => s.context.estimate);
  if (!short || !estimate) return null;
  return (
    <Alert color={mode === 'now' ? 'red' : 'orange'} role="alert" data-testid="send-cost-short">
      {mode === 'now'
        ? intl.formatMessage(w.costShort, { cost: estimate.cost, balance: estimate.balance })
        : intl.formatMessage(w.costShortScheduled)}{' '}
      <Link to="/billing/channels">{intl.formatMessage(w.costBalances)}</Link>
    </Alert>
  );
}

function Checklist() {
  const intl = useIntl();
  const actor = useWizardActor();
  const items = useSelector(actor, (s) => s.context.checklist);
  const checking = useSelector(actor, (s) => s.matches({ ready: { task: 'checking' } }));
  // A test send or a send under way holds the button: the machine reads the checklist only between actions.
  const canRefresh = useSelector(actor, (s) => s.can({ type: 'checklist.refresh' }));
  const failed = useSelector(actor, (s) => s.context.errors.checklist === 'checklistFailed');
  return (
    <Paper withBorder p="md">
      <Group justify="space-between" mb="xs">
        <Title order={3} size="h4">
          {intl.formatMessage(w.checklist)}
        </Title>
        <Button
          size="xs"
          variant="default"
          loading={checking}
          disabled={!checking && !canRefresh}
          onClick={() => actor.send({ type: 'checklist.refresh' })}
        >
          {intl.formatMessage(w.checkAgain)}
        </Button>
      </Group>
      {failed && <Alert color="red">{intl.formatMessage(w.checklistFailed)}</Alert>}
      <List spacing={4} data-testid="checklist">
        {(items ?? []).map((item) => (
          <List.Item key={item.key} data-ok={item.ok} c={item.ok ? undefined : item.blocking ? 'red' : 'orange'}>
            {item.ok ? '✓' : '✗'} {intl.formatMessage(checklistText[item.key])} (
            {intl.formatMessage(item.ok ? w.passed : w.failed)},{' '}
            {intl.formatMessage(item.blocking ? w.required : w.advice)})
            {!item.ok && item.detail ? (
              <Text size="xs" c="dimmed">
                {item.detail}
              </Text>
            ) : null}
          </List.Item>
        ))}
      </List>
    </Paper>
  );
}

function TestSend() {
  const intl = useIntl();
  const actor = useWizardActor();
  const [text, setText] = useState('');
  const testing = useSelector(actor, (s) => s.matches({ ready: { task: 'testing' } }));
  // The checklist refreshing (after each autosave) or a send under way holds the button, so no click is dropped.
  const canSubmit = useSelector(actor, (s) => s.can({ type: 'testSend.submit', addresses: [] }));
  const sentTo = useSelector(actor, (s) => s.context.testSentTo);
  const error = useSelector(actor, (s) => s.context.errors.task);
  const addresses = text
    .split(/[,;\s]+/)
    .map((a) => a.trim())
    .filter(Boolean);
  return (
    <Paper withBorder p="md">
      <Title order={3} size="h4" mb="xs">
        {intl.formatMessage(w.testSend)}
      </Title>
      <Group align="flex-end">
        <TextInput
          flex={1}
          label={intl.formatMessage(w.testAddresses, { max: TEST_SEND_MAX_ADDRESSES })}
          value={text}
          onChange={(e) => setText(e.currentTarget.value)}
          error={
            error === 'testAddressesInvalid'
              ? intl.formatMessage(w.testAddressesInvalid, { max: TEST_SEND_MAX_ADDRESSES })
              : undefined
          }
        />
        <Permitted permission="messages:send">
          <Button
            loading={testing}
            disabled={!testing && !canSubmit}
            onClick={() => actor.send({ type: 'testSend.submit', addresses })}
          >
            {intl.formatMessage(w.testSubmit)}
          </Button>
        </Permitted>
      </Group>
      {error === 'testSendFailed' && (
        <Alert color="red" mt="xs">
          {intl.formatMessage(w.testSendFailed)}
        </Alert>
      )}
      {sentTo.length > 0 && (
        <Text mt="xs" c="green">
          {intl.formatMessage(w.testSent, { addresses: sentTo.join(', ') })}
        </Text>
      )}
    </Paper>
  );
}

function SendButton({ mode, cost }: { mode: MessageSchedule['mode']; cost: CostActor }) {
  const intl = useIntl();
  const actor = useWizardActor();
  // A send now the balance cannot pay for is refused before it reaches the server (which refuses it too, 402).
  const short = useSelector(cost, (s) => s.hasTag('short')) && mode === 'now';
  const canSend = useSelector(actor, (s) => s.can({ type: 'wizard.send' })) && !short;
  const sending = useSelector(actor, (s) => s.matches({ ready: { task: 'sending' } }));
  const error = useSelector(actor, (s) => s.context.errors.task);
  return (
    <Stack gap="xs">
      {(error === 'sendFailed' || error === 'sendRefused') && (
        <Alert color="red">{intl.formatMessage(error === 'sendFailed' ? w.sendFailed : w.sendRefused)}</Alert>
      )}
      {!canSend && !sending && !short && (
        <Text size="sm" c="dimmed">
          {intl.formatMessage(w.sendBlocked)}
        </Text>
      )}
      <Group justify="flex-end">
        <Permitted permission="messages:send">
          <Button size="md" disabled={!canSend} loading={sending} onClick={() => actor.send({ type: 'wizard.send' })}>
            {intl.formatMessage(mode === 'now' ? w.sendNow : w.schedule)}
          </Button>
        </Permitted>
      </Group>
    </Stack>
  );
}
