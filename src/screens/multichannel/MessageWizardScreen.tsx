import { Alert, Anchor, Box, Button, Group, Loader, Stack, Text, Title } from '@mantine/core';
import { useActorRef, useSelector } from '@xstate/react';
import { useIntl } from 'react-intl';
import { Link, Navigate, Outlet, useBlocker, useLocation, useParams, useResolvedPath } from 'react-router';
import { isChannel, type Channel } from '../../../shared/messaging.ts';
import { actorOptions } from '../../app/inspect.ts';
import { useCan } from '../../app/permissions.ts';
import { ConfirmModal } from '../../components/contacts/ConfirmModal.tsx';
import { commonMessages } from '../../i18n/common.messages.ts';
import { messageWizardMachine } from '../../machines/messageWizard/messageWizard.machine.ts';
import { StepLinks } from '../StepLinks.tsx';
import { wizardMessages } from '../wizard.messages.ts';
import { wizardText as w } from './wizard/MessageWizard.messages.ts';
import { StepContent } from './wizard/StepContent.tsx';
import { StepRecipients } from './wizard/StepRecipients.tsx';
import { StepSend } from './wizard/StepSend.tsx';
import { StepSetup } from './wizard/StepSetup.tsx';
import { useWizardActor, WizardActorContext, type WizardActor } from './wizard/wizardActor.ts';
import { Permitted } from '../shared/Permitted.tsx';

const STEPS = [
  { path: 'step-0', label: wizardMessages.messageStep0 },
  { path: 'step-1', label: wizardMessages.messageStep1 },
  { path: 'step-2', label: wizardMessages.messageStep2 },
  { path: 'step-3', label: wizardMessages.messageStep3 },
];

/**
 * The message wizard: one machine for the whole campaign, hosted here so going from step to step (child routes
 * step-0 … step-3) keeps everything; each step's screen reads it from context.
 */
export function MessageWizardScreen() {
  const params = useParams();
  const channel = (isChannel(params.channel) ? params.channel : 'email') as Channel;
  const id = Number(params.id);
  // Another campaign's URL is another wizard: a fresh machine, nothing carried over.
  return <WizardHost key={`${channel}/${id}`} channel={channel} id={id} />;
}

function WizardHost({ channel, id }: { channel: Channel; id: number }) {
  const actor = useActorRef(messageWizardMachine, { ...actorOptions(), input: { channel, id } });
  return (
    <WizardActorContext.Provider value={actor}>
      <WizardBody actor={actor} channel={channel} />
    </WizardActorContext.Provider>
  );
}

function WizardBody({ actor, channel }: { actor: WizardActor; channel: Channel }) {
  const intl = useIntl();
  const loading = useSelector(actor, (s) => s.matches('loading'));
  const loadFailed = useSelector(actor, (s) => s.matches('loadFailed'));
  const locked = useSelector(actor, (s) => (s.matches('locked') ? (s.context.message?.status ?? 'sent') : null));
  const finished = useSelector(actor, (s) => s.status === 'done');
  const id = useSelector(actor, (s) => s.context.id);
  const canWrite = useCan('messages:write');
  if (finished) return <Navigate to={`/multichannel/${channel}`} replace />;
  if (loading) {
    return (
      <Group>
        <Loader size="sm" />
        <Text>{intl.formatMessage(w.loading)}</Text>
      </Group>
    );
  }
  if (loadFailed) {
    return (
      <Alert color="red" title={intl.formatMessage(w.loadFailed)}>
        <Button mt="sm" variant="default" onClick={() => actor.send({ type: 'wizard.retry' })}>
          {intl.formatMessage(commonMessages.retry)}
        </Button>
      </Alert>
    );
  }
  if (locked) {
    return (
      <Alert color="blue">
        <Text>{intl.formatMessage(w.locked, { status: locked })}</Text>
        <Anchor component={Link} to={`/multichannel/${channel}/report/${id}`}>
          {intl.formatMessage(w.toReport)}
        </Anchor>
      </Alert>
    );
  }
  return (
    <Stack>
      <WizardHeader />
      <StepLinks label={wizardMessages.steps} items={STEPS} />
      {/* A role without messages:write reads the campaign: every field of the steps is disabled at once. */}
      <Box component="fieldset" disabled={!canWrite} m={0} p={0} bd={0} miw={0}>
        <Outlet />
      </Box>
      <StepButtons />
      <LeaveGuard />
    </Stack>
  );
}

/** The campaign's name, the autosave indicator and the delete action (with its confirmation). */
function WizardHeader() {
  const intl = useIntl();
  const actor = useWizardActor();
  const name = useSelector(actor, (s) => s.context.draft.name ?? '');
  const saving = useSelector(actor, (s) => s.hasTag('saving'));
  const dirty = useSelector(actor, (s) => Object.keys(s.context.pending).length > 0);
  const saveFailed = useSelector(actor, (s) => s.matches({ ready: { autosave: 'failed' } }));
  const invalid = useSelector(actor, (s) => s.matches({ ready: { autosave: 'invalid' } }));
  const confirming = useSelector(actor, (s) => s.matches({ ready: { task: 'confirmingDelete' } }));
  const deleting = useSelector(actor, (s) => s.matches({ ready: { task: 'deleting' } }));
  const deleteFailed = useSelector(actor, (s) => s.context.errors.task === 'deleteFailed');
  // One action at a time: while the checklist, a test send or a send runs, the machine would ignore the click.
  const canDelete = useSelector(actor, (s) => s.can({ type: 'wizard.delete' }));
  const status = saving ? w.saving : saveFailed ? w.saveFailed : invalid ? w.invalid : dirty ? w.unsaved : w.saved;
  return (
    <Group justify="space-between" align="flex-start">
      <Stack gap={2}>
        <Title order={2}>{name}</Title>
        <Group gap="xs" role="status" data-testid="autosave" data-state={saving ? 'saving' : dirty ? 'dirty' : 'saved'}>
          <Text size="sm" c={saveFailed || invalid ? 'red' : 'dimmed'}>
            {intl.formatMessage(status)}
          </Text>
          {saveFailed && (
            <Button size="compact-xs" variant="default" onClick={() => actor.send({ type: 'autosave.retry' })}>
              {intl.formatMessage(w.retrySave)}
            </Button>
          )}
        </Group>
        {deleteFailed && <Text c="red">{intl.formatMessage(w.deleteFailed)}</Text>}
      </Stack>
      <Permitted permission="messages:write">
        <Button
          color="red"
          variant="subtle"
          disabled={!canDelete}
          onClick={() => actor.send({ type: 'wizard.delete' })}
        >
          {intl.formatMessage(w.deleteDraft)}
        </Button>
      </Permitted>
      <ConfirmModal
        opened={confirming || deleting}
        title={intl.formatMessage(w.deleteTitle)}
        text={intl.formatMessage(w.deleteText, { name })}
        confirmLabel={intl.formatMessage(w.deleteConfirm)}
        cancelLabel={intl.formatMessage(commonMessages.cancel)}
        busy={deleting}
        onConfirm={() => actor.send({ type: 'delete.confirm' })}
        onCancel={() => actor.send({ type: 'delete.cancel' })}
      />
    </Group>
  );
}

const stepOf = (pathname: string) => Number(/\/step-(\d)$/.exec(pathname)?.[1] ?? 0);

/** Back and next: links to the neighbouring steps (the URL is the step; the machine keeps the values). */
function StepButtons() {
  const intl = useIntl();
  const step = stepOf(useLocation().pathname);
  const base = useResolvedPath('.').pathname.replace(/\/$/, '');
  return (
    <Group justify="space-between">
      {step > 0 ? (
        <Button variant="default" component={Link} to={`${base}/step-${step - 1}`}>
          {intl.formatMessage(w.back)}
        </Button>
      ) : (
        <span />
      )}
      {step < STEPS.length - 1 && (
        <Button component={Link} to={`${base}/step-${step + 1}`}>
          {intl.formatMessage(w.next)}
        </Button>
      )}
    </Group>
  );
}

/** Leaving the wizard (not moving between its steps) with changes not yet saved asks first. */
function LeaveGuard() {
  const intl = useIntl();
  const actor = useWizardActor();
  const unsaved = useSelector(actor, (s) => Object.keys(s.context.pending).length > 0 || s.context.inFlight !== null);
  const base = useLocation().pathname.replace(/\/step-\d$/, '');
  const blocker = useBlocker(
    ({ nextLocation }) => unsaved && !nextLocation.pathname.startsWith(`${base}/`) && nextLocation.pathname !== base,
  );
  return (
    <ConfirmModal
      opened={blocker.state === 'blocked'}
      title={intl.formatMessage(w.leaveTitle)}
      text={intl.formatMessage(w.leaveText)}
      confirmLabel={intl.formatMessage(w.leave)}
      cancelLabel={intl.formatMessage(w.stay)}
      onConfirm={() => blocker.proceed?.()}
      onCancel={() => blocker.reset?.()}
    />
  );
}

const STEP_SCREENS = [StepSetup, StepRecipients, StepContent, StepSend];

/** One step of the wizard, by its route (step-0 … step-3). */
export function MessageWizardStepScreen() {
  const Step = STEP_SCREENS[stepOf(useLocation().pathname)] ?? StepSetup;
  return <Step />;
}
