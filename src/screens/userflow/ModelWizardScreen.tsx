import { Alert, Anchor, Button, Group, Loader, Stack, Text, Title } from '@mantine/core';
import { useActorRef, useSelector } from '@xstate/react';
import { useEffect, useRef } from 'react';
import { useIntl } from 'react-intl';
import { Link, Navigate, Outlet, useLocation, useNavigate, useParams, useResolvedPath } from 'react-router';
import { actorOptions } from '../../app/inspect.ts';
import { useCan } from '../../app/permissions.ts';
import { commonMessages } from '../../i18n/common.messages.ts';
import { modelWizardMachine } from '../../machines/modelWizard/modelWizard.machine.ts';
import { ROUTED_SOURCES, STEPS, type StepName } from '../../machines/modelWizard/modelWizard.types.ts';
import { StepLinks } from '../StepLinks.tsx';
import { wizardMessages as w } from '../wizard.messages.ts';
import { modelWizardText as t } from './modelWizard/ModelWizard.messages.ts';
import { ModelWizardActorContext, useModelWizardActor, type ModelWizardActor } from './modelWizard/modelWizardActor.ts';
import { SourceFields, SourcePicker, SourcePreviewTable } from './modelWizard/StepSource.tsx';
import { StepFields, StepPrediction, StepRunMode } from './modelWizard/Steps.tsx';
import { StepTraining } from './modelWizard/StepTraining.tsx';

const STEP_LINKS = [
  { path: 'step-0', label: w.modelStep0 },
  { path: 'step-1', label: w.modelStep1 },
  { path: 'step-2', label: w.modelStep2 },
  { path: 'step-3', label: w.modelStep3 },
  { path: 'step-4', label: w.modelStep4 },
];

const SOURCE_LINKS = [
  { path: 'api', label: w.sourceApi },
  { path: 'file', label: w.sourceFile },
  { path: 'ga4', label: w.sourceGa4 },
  { path: 'userflow', label: w.sourceUserflow },
];

const isRouted = (kind: string | null): kind is (typeof ROUTED_SOURCES)[number] =>
  (ROUTED_SOURCES as readonly string[]).includes(kind ?? '');

/** The machine's current step, or null before the model is loaded. */
const selectStep = (s: ReturnType<ModelWizardActor['getSnapshot']>): StepName | null =>
  s.matches('ready') ? (STEPS.find((step) => s.matches({ ready: { steps: step } })) ?? null) : null;

/**
 * The model wizard: one machine for the whole model, hosted here so the steps (child routes step-0 … step-4, and
 * step-1's sources) keep everything. The URL names the step: a reload lands on it again, a hand-typed URL past an
 * incomplete step is sent back to the first incomplete one.
 */
export function ModelWizardScreen() {
  const id = Number(useParams().id);
  return <WizardHost key={id} modelId={id} />;
}

function WizardHost({ modelId }: { modelId: number }) {
  const actor = useActorRef(modelWizardMachine, { ...actorOptions(), input: { modelId } });
  return (
    <ModelWizardActorContext.Provider value={actor}>
      <WizardBody actor={actor} />
    </ModelWizardActorContext.Provider>
  );
}

function WizardBody({ actor }: { actor: ModelWizardActor }) {
  const intl = useIntl();
  const loading = useSelector(actor, (s) => s.matches('loading'));
  const loadFailed = useSelector(actor, (s) => s.matches('loadFailed'));
  const finished = useSelector(actor, (s) => s.status === 'done');
  useStepUrl(actor);
  if (finished) return <Navigate to="/userflow" replace />;
  if (loading) {
    return (
      <Group>
        <Loader size="sm" />
        <Text>{intl.formatMessage(t.loading)}</Text>
      </Group>
    );
  }
  if (loadFailed) {
    return (
      <Alert color="red" role="alert" title={intl.formatMessage(t.loadFailed)}>
        <Button mt="sm" variant="default" onClick={() => actor.send({ type: 'wizard.retry' })}>
          {intl.formatMessage(commonMessages.retry)}
        </Button>
      </Alert>
    );
  }
  return (
    <Stack>
      <WizardHeader />
      <StepLinks label={w.steps} items={STEP_LINKS} />
      <Outlet />
      <StepButtons />
    </Stack>
  );
}

/**
 * Keeps the URL and the machine's step together. When the machine moves (next, back) the URL follows; when the URL
 * moves (a tab, the browser's back, a reload) the machine is asked to go there, and a refusal sends the URL back.
 */
function useStepUrl(actor: ModelWizardActor) {
  const navigate = useNavigate();
  const { pathname } = useLocation();
  const base = useResolvedPath('.').pathname.replace(/\/$/, '');
  const step = useSelector(actor, selectStep);
  const sourceKind = useSelector(actor, (s) => s.context.draft.sourceKind);
  const urlStep = pathname.startsWith(`${base}/`) ? pathname.slice(base.length + 1).split('/')[0] : undefined;
  // The machine starts on step-0: its first ready render follows the URL instead of overriding it.
  const lastStep = useRef<StepName | null>('step-0');
  useEffect(() => {
    if (!step) return;
    const target = (s: StepName) =>
      s === 'step-1' && isRouted(sourceKind) ? `${base}/step-1/${sourceKind}` : `${base}/${s}`;
    const machineMoved = lastStep.current !== step;
    lastStep.current = step;
    if (urlStep === step) return;
    if (machineMoved || !urlStep) {
      navigate(target(step), { replace: !urlStep });
      return;
    }
    actor.send({ type: 'wizard.goto', step: urlStep as StepName });
    const now = selectStep(actor.getSnapshot());
    lastStep.current = now;
    if (now !== urlStep && now) navigate(target(now), { replace: true });
  }, [actor, base, navigate, sourceKind, step, urlStep]);
}

/** The model's name and the autosave indicator. */
function WizardHeader() {
  const intl = useIntl();
  const actor = useModelWizardActor();
  const canWrite = useCan('userflow:write');
  const name = useSelector(actor, (s) => s.context.draft.name);
  const saving = useSelector(actor, (s) => s.hasTag('saving'));
  const dirty = useSelector(actor, (s) => s.context.dirty || s.matches({ ready: { autosave: 'debouncing' } }));
  const saveFailed = useSelector(actor, (s) => s.matches({ ready: { autosave: 'failed' } }));
  // A save the server refused (field errors) left the draft unsaved: it is not "All changes saved".
  const refused = useSelector(actor, (s) => Object.keys(s.context.fieldErrors).length > 0);
  const status = saving ? t.saving : saveFailed ? t.saveFailed : dirty ? t.unsaved : refused ? t.invalid : t.saved;
  const state = saving ? 'saving' : dirty ? 'dirty' : refused ? 'invalid' : 'saved';
  return (
    <Stack gap={2}>
      <Group justify="space-between">
        <Title order={2}>{name || intl.formatMessage(t.untitled)}</Title>
        <Anchor component={Link} to="/userflow">
          {intl.formatMessage(t.toList)}
        </Anchor>
      </Group>
      <Group gap="xs" role="status" data-testid="autosave" data-state={state}>
        <Text size="sm" c={saveFailed ? 'red' : 'dimmed'}>
          {intl.formatMessage(status)}
        </Text>
        {saveFailed && (
          <Button size="compact-xs" variant="default" onClick={() => actor.send({ type: 'wizard.retry' })}>
            {intl.formatMessage(t.retrySave)}
          </Button>
        )}
      </Group>
      {!canWrite && <Alert color="blue">{intl.formatMessage(t.readOnly)}</Alert>}
    </Stack>
  );
}

/** Back and Next (Finish on the last step); Next is off until the step has what the next one needs. */
function StepButtons() {
  const intl = useIntl();
  const actor = useModelWizardActor();
  const canWrite = useCan('userflow:write');
  const step = useSelector(actor, selectStep);
  const canBack = useSelector(actor, (s) => s.can({ type: 'wizard.back' }));
  const canNext = useSelector(actor, (s) => s.can({ type: 'wizard.next' }));
  const canFinish = useSelector(actor, (s) => s.can({ type: 'wizard.finish' }));
  const finishing = useSelector(actor, (s) => s.matches({ ready: { steps: { 'step-4': 'finishing' } } }));
  return (
    <Group justify="space-between" mt="md">
      <Button variant="default" disabled={!canBack} onClick={() => actor.send({ type: 'wizard.back' })}>
        {intl.formatMessage(t.back)}
      </Button>
      {step === 'step-4' ? (
        <Button
          disabled={!canWrite || !canFinish}
          loading={finishing}
          onClick={() => actor.send({ type: 'wizard.finish' })}
        >
          {intl.formatMessage(t.finish)}
        </Button>
      ) : (
        <Button disabled={!canNext} onClick={() => actor.send({ type: 'wizard.next' })}>
          {intl.formatMessage(t.next)}
        </Button>
      )}
    </Group>
  );
}

/** Step 1: the source picker (every connector), the routed sources as tabs, the settings, test and preview. */
export function ModelSourceScreen() {
  const { pathname } = useLocation();
  const routed = isRouted(pathname.split('/').filter(Boolean).at(-1) ?? null);
  return (
    <Stack>
      <SourcePicker />
      <StepLinks label={w.sources} items={SOURCE_LINKS} />
      {/* A source sub-route renders in the outlet (and chooses that source); the picker's others render here. */}
      {routed ? <Outlet /> : <SourceFields />}
      <SourcePreviewTable />
    </Stack>
  );
}

/** Each step's body, by the route it is mounted at. */
export function ModelWizardStepScreen() {
  const { pathname } = useLocation();
  const last = pathname.split('/').filter(Boolean).at(-1) ?? '';
  switch (last) {
    case 'step-0':
      return <StepPrediction />;
    case 'step-2':
      return <StepFields />;
    case 'step-3':
      return <StepTraining />;
    case 'step-4':
      return <StepRunMode />;
    default:
      return isRouted(last) ? <RoutedSource kind={last} /> : null;
  }
}

/** A source sub-route (api, file, ga4, userflow): opening it chooses that source. */
function RoutedSource({ kind }: { kind: (typeof ROUTED_SOURCES)[number] }) {
  const actor = useModelWizardActor();
  const canWrite = useCan('userflow:write');
  const current = useSelector(actor, (s) => s.context.draft.sourceKind);
  useEffect(() => {
    if (canWrite && current !== kind) actor.send({ type: 'draft.change', patch: { sourceKind: kind } });
  }, [actor, canWrite, current, kind]);
  return <SourceFields />;
}
