/**
 * Walks the model wizard's generated paths in the browser. The page's clock is paused once the wizard has started, so
 * the autosave debounce fires only when a step says so (`xstate.after.*` runs the clock to it); user events are
 * gestures on the wizard step the machine is on; actor results release the held requests of that actor in the
 * contract's shape, answered from a model the walk keeps as the server would (every answered PATCH is merged into it,
 * so a reload reads back what was saved); training progress, its end and its failure arrive as realtime
 * `userflow.model` frames put on the page's own socket.io connection. Each reached leaf state has one UI assertion in
 * `stateAssertions` (modelWizardStates.ts).
 */
import type { AnyMachineSnapshot } from 'xstate';
import type { Page, Request, WebSocketRoute } from '@playwright/test';
import type { MessageDescriptor } from 'react-intl';
import type { components } from '../../shared/contract/schema';
import type { TrainingStage, UserflowErrorCode, UserflowModelProgress } from '../../shared/userflow.ts';
import { modelWizardMachine } from '../../src/machines/modelWizard/modelWizard.machine.ts';
import { patchFrom } from '../../src/machines/modelWizard/modelWizard.contract.ts';
import { sourceInputFrom } from '../../src/machines/modelWizard/modelWizard.sources.ts';
import type {
  FeatureType,
  FinishOutcome,
  LoadedModel,
  MatchRate,
  ModelDraft,
  ModelWizardContext,
  SaveOutcome,
  SourcePreview,
  StepName,
  TestOutcome,
  TrainingResult,
  TrainOutcome,
} from '../../src/machines/modelWizard/modelWizard.types.ts';
import { STEPS } from '../../src/machines/modelWizard/modelWizard.types.ts';
import { modelWizardText as t } from '../../src/screens/userflow/modelWizard/ModelWizard.messages.ts';
import { wizardMessages } from '../../src/screens/wizard.messages.ts';
import { commonMessages } from '../../src/i18n/common.messages.ts';
import {
  activeLeafIds,
  coveringPaths,
  definedTransitions,
  generatePaths,
  replay,
  shortEvent,
  takenTransitions,
  withoutPrefixes,
  type ModelEvent,
  type WalkedPath,
} from '../model/graph.ts';
import { modelWizardModel } from '../model/modelWizard.model.ts';
import { expect, HeldNetwork, respond, text } from './walk.ts';

type Schemas = components['schemas'];
type StoredModel = Schemas['UserflowModel'];

/** The fixtures' model (their realtime events name it, or model 2 for another one's). */
export const ID = 1;
const BASE = `/api/userflow/models/${ID}`;
export const wizardUrl = (step: StepName) => `/userflow/models/${ID}/${step}`;

// ── the network ───────────────────────────────────────────────────────────────────────────────────────────────────

/** The machine's actors that call the API; each starts with one request and may make more once it is answered. */
type Actor =
  | 'loadModel'
  | 'saveDraft'
  | 'uploadFile'
  | 'testSource'
  | 'checkMatch'
  | 'startTraining'
  | 'loadResult'
  | 'finishModel';
/** The actors that save the draft first (PATCH), then ask their own question. */
const PATCHING: Actor[] = ['saveDraft', 'testSource', 'checkMatch', 'startTraining', 'finishModel'];
type Operation =
  | 'getModel'
  | 'getSchema'
  | 'getPreview'
  | 'upload'
  | 'test'
  | 'matchRate'
  | 'train'
  | `patch:${Actor}`
  | 'patch:unexpected';

/** The actors running in a state (their invoke), in the order the state's regions list them. */
export function running(state: AnyMachineSnapshot): Actor[] {
  if (state.matches('loading')) return ['loadModel'];
  if (!state.matches('ready')) return [];
  const actors: Actor[] = [];
  const at = (value: object) => state.matches({ ready: value } as never);
  if (at({ autosave: 'saving' })) actors.push('saveDraft');
  if (at({ steps: { 'step-1': 'uploading' } })) actors.push('uploadFile');
  if (at({ steps: { 'step-1': 'testing' } })) actors.push('testSource');
  if (at({ steps: { 'step-2': 'matching' } })) actors.push('checkMatch');
  if (at({ steps: { 'step-3': 'starting' } })) actors.push('startTraining');
  if (at({ steps: { 'step-3': 'fetching' } })) actors.push('loadResult');
  if (at({ steps: { 'step-4': 'finishing' } })) actors.push('finishModel');
  return actors;
}

/** The request an actor waits on until the walk answers it (its first). */
const FIRST: Record<Actor, Operation> = {
  loadModel: 'getModel',
  saveDraft: 'patch:saveDraft',
  uploadFile: 'upload',
  testSource: 'patch:testSource',
  checkMatch: 'patch:checkMatch',
  startTraining: 'patch:startTraining',
  loadResult: 'getModel',
  finishModel: 'patch:finishModel',
};

/** After every step exactly these requests are held, so a stray or missing call fails the walk. */
export const expectedHeld = (state: AnyMachineSnapshot): Operation[] =>
  running(state)
    .map((a) => FIRST[a])
    .sort();

/**
 * The wizard's requests for its model are held. Several actors save the draft first with the same PATCH: the walk
 * names, before each step, the actor whose PATCH that step starts (`owners`), and each PATCH is held under its name.
 */
function wizardNetwork(owners: Actor[]) {
  const classify = (request: Request): Operation | null => {
    const path = new URL(request.url()).pathname;
    const method = request.method();
    if (path === BASE) {
      if (method === 'GET') return 'getModel';
      if (method === 'PATCH') {
        const owner = owners.shift();
        return owner ? `patch:${owner}` : 'patch:unexpected';
      }
      return null;
    }
    const table: Record<string, Operation> = {
      [`GET ${BASE}/source/schema`]: 'getSchema',
      [`GET ${BASE}/source/preview`]: 'getPreview',
      [`POST ${BASE}/source/file`]: 'upload',
      [`POST ${BASE}/source/test`]: 'test',
      [`GET ${BASE}/source/match-rate`]: 'matchRate',
      [`POST ${BASE}/train`]: 'train',
    };
    return table[`${method} ${path}`] ?? null;
  };
  // The rest of the app (session, shell, the models list after Finish) talks to the real server.
  return new HeldNetwork<Operation>(classify, (route) => route.fallback(), `**${BASE}**`);
}

// ── the model as the server keeps it ──────────────────────────────────────────────────────────────────────────────

const STAMP = '2026-11-27T08:00:00.000Z';

/** The held-out figures in the contract's shape (what `resultFrom` reads back). */
function metricsFrom(result: TrainingResult): Schemas['UserflowMetrics'] {
  return {
    predictionType: result.predictionType,
    algorithm: 'random_forest',
    choice: result.choice ?? {
      metric: 'auc',
      chosen: result.auc ?? 0,
      otherAlgorithm: 'logistic_regression',
      other: 0.8,
    },
    split: result.split ?? 'random',
    trainRows: result.rows * 4,
    validationRows: result.rows,
    sampled: result.sampled ?? false,
    positiveRate: 0.3,
    auc: result.auc ?? null,
    thresholds: (result.thresholds ?? []).map((p) => ({ ...p })),
    calibration: (result.calibration ?? []).map((b) => ({ ...b, from: b.predicted - 0.05, to: b.predicted + 0.05 })),
    mae: result.mae ?? null,
    rmse: result.rmse ?? null,
    r2: result.r2 ?? null,
    baseline: {
      auc: result.baselineAuc ?? null,
      precision: result.baselinePrecision ?? null,
      mae: result.baselineMae ?? null,
      rmse: result.baselineRmse ?? null,
      r2: null,
    },
    importances: result.importances,
  } as Schemas['UserflowMetrics'];
}

/** A loaded-model fixture as the server stores it (what `loadedFrom` reads back into the same draft). */
function storedFrom(loaded: LoadedModel): StoredModel {
  const draft = loaded.draft;
  const patch = patchFrom(draft);
  const kind = draft.sourceKind;
  const config =
    kind === 'file'
      ? { fileName: draft.sourceConfig.fileName, rows: Number(draft.sourceConfig.rows) }
      : kind
        ? sourceInputFrom(kind, draft.sourceConfig)!.config
        : null;
  return {
    id: ID,
    name: draft.name,
    predictionType: draft.predictionType,
    question: draft.question,
    status: loaded.status as StoredModel['status'],
    source: kind ? ({ kind: kind === 'api' ? 'rest' : kind, config, secretsSet: draft.secretsSet } as never) : null,
    identity: patch.identity ?? null,
    target: patch.target ?? null,
    timeColumn: draft.timeColumn,
    features: patch.features ?? [],
    runMode: patch.runMode ?? { mode: 'manual' },
    attributeName: draft.attribute,
    attribute: null,
    version: loaded.result ? 1 : null,
    metrics: loaded.result ? metricsFrom(loaded.result) : null,
    training: loaded.training
      ? { stage: loaded.training.stage ?? 'reading', percent: loaded.training.percent ?? 0 }
      : null,
    error: null,
    lastRun: null,
    nextRunAt: null,
    createdAt: STAMP,
    updatedAt: STAMP,
  };
}

/** A PATCH as the server applies it: the fields sent replace the stored ones; secrets are kept by name only. */
function merged(stored: StoredModel, body: Schemas['UserflowModelPatch']): StoredModel {
  const { source, ...rest } = body;
  const next = { ...stored, ...rest } as StoredModel;
  if (source) {
    const kept = stored.source?.kind === source.kind ? stored.source.secretsSet : [];
    const sent = Object.keys((source as { secrets?: Record<string, string> }).secrets ?? {});
    next.source = { kind: source.kind, config: source.config, secretsSet: [...new Set([...kept, ...sent])] } as never;
  }
  return next;
}

const schemaOf = (preview: SourcePreview): Schemas['UserflowSourceSchema'] => ({
  columns: preview.columns.map((c) => ({
    name: c.name,
    type: (
      { number: 'numeric', category: 'categorical', text: 'categorical', date: 'date', boolean: 'boolean' } as const
    )[c.type],
    sample: [],
    nulls: 0,
  })),
  sampleRows: preview.rows.length,
  suggested: { identityColumn: null, matchKind: 'email', timeColumn: null },
});
const previewOf = (preview: SourcePreview): Schemas['UserflowSourcePreview'] => ({
  columns: preview.columns.map((c) => c.name),
  rows: preview.rows.map((row) => preview.columns.map((c) => row[c.name] ?? null)),
});

// ── planning: which steps the browser can make ────────────────────────────────────────────────────────────────────

export const ctx = (s: AnyMachineSnapshot) => s.context as ModelWizardContext;
/** The wizard step the machine is on, or null before it is ready. */
export const stepOf = (s: AnyMachineSnapshot): StepName | null =>
  s.matches('ready') ? (STEPS.find((step) => s.matches({ ready: { steps: step } } as never)) ?? null) : null;
/** Whether the step's form is open to changes (not uploading, testing, matching, training or finishing). */
const idleOn = (s: AnyMachineSnapshot, step: StepName) =>
  step === 'step-0' ? stepOf(s) === step : s.matches({ ready: { steps: { [step]: 'idle' } } } as never);

/** The wizard step a draft change is made on, by the fields it changes. */
function stepOfPatch(patch: Partial<ModelDraft>): StepName {
  if ('name' in patch || 'question' in patch || 'predictionType' in patch) return 'step-0';
  if ('sourceKind' in patch || 'sourceConfig' in patch) return 'step-1';
  if ('attribute' in patch || 'runMode' in patch) return 'step-4';
  return 'step-2';
}

function unrealizable(before: AnyMachineSnapshot, event: ModelEvent): string | null {
  const step = stepOf(before);
  const c = ctx(before);
  switch (event.type) {
    case 'wizard.goto':
      return event.step === step ? 'the step is on screen already: its tab changes nothing' : null;
    case 'draft.change': {
      const patch = event.patch as Partial<ModelDraft>;
      const on = stepOfPatch(patch);
      if (!idleOn(before, on)) return `its fields are on ${on}, not open on screen`;
      if (patch.sourceKind && c.draft.sourceKind === patch.sourceKind) return 'that source is chosen already';
      if (
        on === 'step-2' &&
        c.draft.identityColumn === patch.identityColumn &&
        c.draft.targetColumn === patch.targetColumn
      )
        return 'both columns are chosen already';
      return null;
    }
    case 'feature.toggle':
    case 'feature.type':
    case 'match.check':
      return idleOn(before, 'step-2') ? null : 'on step-2 only';
    case 'source.upload':
      return idleOn(before, 'step-1') && c.draft.sourceKind === 'file'
        ? null
        : 'the file input shows for a file source';
    case 'source.test':
      return idleOn(before, 'step-1') && c.draft.sourceKind !== 'file' ? null : 'a file is tested by its upload';
    case 'training.start':
      return idleOn(before, 'step-3') ? null : 'on step-3 only';
    case 'threshold.change':
      return idleOn(before, 'step-3') && c.result?.predictionType === 'probability'
        ? null
        : 'the slider shows with a probability result';
    case 'wizard.finish':
      return idleOn(before, 'step-4') ? null : 'on step-4 only';
    default:
      return null;
  }
}

export interface PlannedStep {
  event: ModelEvent;
  before: AnyMachineSnapshot;
  after: AnyMachineSnapshot;
  /** Made by the URL the page was opened at (a reload on that step): no gesture, no assertion before it. */
  byUrl: boolean;
  /** The actors this step starts that save first: their PATCH is held under their name. */
  patching: Actor[];
}

export interface Plan {
  url: string;
  steps: PlannedStep[];
}

/** The path as gestures, releases and frames, or why the browser cannot walk it. */
export function planPath(path: WalkedPath): Plan | { reason: string } {
  const steps: PlannedStep[] = [];
  let before = path.initial;
  let url = wizardUrl('step-0');
  // The snapshots replayed from the events: the graph keeps one snapshot per projected state, whose context (a
  // threshold, a stage, a refusal) may be another path's.
  for (const [i, step] of replay(modelWizardModel, path).entries()) {
    const { event } = step;
    const reason = unrealizable(before, event);
    const byUrl =
      i === 1 && event.type === 'wizard.goto' && path.steps[0]!.event.type === 'xstate.done.actor.loadModel';
    if (byUrl) url = wizardUrl(event.step as StepName);
    else if (reason) return { reason: `${JSON.stringify(before.value)} --${event.type}: ${reason}` };
    const started = running(step.to).filter((a) => !running(before).includes(a) && PATCHING.includes(a));
    steps.push({ event, before, after: step.to, byUrl, patching: started });
    before = step.to;
  }
  return { url, steps };
}

export const pathUnrealizable = (path: WalkedPath) => {
  const plan = planPath(path);
  return 'reason' in plan ? plan.reason : null;
};

// ── gestures, answers and frames ──────────────────────────────────────────────────────────────────────────────────

export interface ModelWalk {
  page: Page;
  net: HeldNetwork<Operation>;
  /** The actors whose PATCH comes next, in order. */
  owners: Actor[];
  /** The model as the server would store it, once loaded. */
  stored: StoredModel | null;
  /** The source's last preview as the fixtures gave it (a reload reads the schema and the rows again). */
  preview: SourcePreview | null;
  /** The page's socket.io connection (the latest), where realtime frames are put. */
  socket: WebSocketRoute | null;
  /** What the fields say where the walk types other text than the fixture's (the same text twice changes nothing). */
  ui: { question: string; attribute: string; visitsType: FeatureType };
}

export async function startWalk(page: Page): Promise<ModelWalk> {
  const owners: Actor[] = [];
  const walk: ModelWalk = {
    page,
    net: wizardNetwork(owners),
    owners,
    stored: null,
    preview: null,
    socket: null,
    ui: { question: '', attribute: '', visitsType: 'number' },
  };
  await walk.net.install(page);
  await page.routeWebSocket(/\/socket\.io\//, (ws) => {
    ws.connectToServer();
    walk.socket = ws;
  });
  return walk;
}

const STEP_TABS: Record<StepName, MessageDescriptor> = {
  'step-0': wizardMessages.modelStep0,
  'step-1': wizardMessages.modelStep1,
  'step-2': wizardMessages.modelStep2,
  'step-3': wizardMessages.modelStep3,
  'step-4': wizardMessages.modelStep4,
};

const ALT_QUESTION = 'Which contacts will buy again?';
const ALT_ATTRIBUTE = 'score_buyers_again';
const CSV = 'email,visits,bought\nada@shop.test,4,true\n';

export const button = (page: Page, message: MessageDescriptor) =>
  page.getByRole('button', { name: text(message), exact: true });

async function pick(page: Page, label: string, option: string) {
  await page.getByRole('combobox', { name: label, exact: true }).click();
  await page.getByRole('option', { name: option, exact: true }).click();
}

/** The realtime frame socket.io would bring for the model (an EVENT packet on the default namespace). */
async function frame(walk: ModelWalk, payload: UserflowModelProgress) {
  if (!walk.socket) throw new Error('the page has no realtime connection');
  walk.socket.send(`42${JSON.stringify(['userflow.model', payload])}`);
}

async function changeDraft(walk: ModelWalk, before: AnyMachineSnapshot, patch: Partial<ModelDraft>) {
  const { page } = walk;
  const draft = ctx(before).draft;
  if (patch.sourceKind) {
    await page.getByRole('tab', { name: text(wizardMessages.sourceFile), exact: true }).click();
    return;
  }
  if (patch.name !== undefined || patch.question !== undefined) {
    const nameChanges = patch.name !== undefined && patch.name !== draft.name;
    if (nameChanges) await page.getByLabel(text(t.name)).fill(patch.name!);
    if (patch.question !== undefined && (patch.question !== walk.ui.question || !nameChanges)) {
      walk.ui.question = patch.question === walk.ui.question ? ALT_QUESTION : patch.question;
      await page.getByLabel(text(t.question)).fill(walk.ui.question);
    }
    return;
  }
  if (patch.attribute !== undefined) {
    walk.ui.attribute = patch.attribute === walk.ui.attribute ? ALT_ATTRIBUTE : patch.attribute;
    await page.getByLabel(text(t.attribute)).fill(walk.ui.attribute);
    return;
  }
  if (patch.identityColumn && patch.identityColumn !== draft.identityColumn)
    await pick(page, text(t.identity), patch.identityColumn);
  if (patch.targetColumn && patch.targetColumn !== draft.targetColumn)
    await pick(page, text(t.target), patch.targetColumn);
}

const error = (code: string, errors?: Record<string, string>) => ({
  code,
  message: code,
  ...(errors ? { errors: Object.fromEntries(Object.entries(errors).map(([k, v]) => [k, [v]])) } : {}),
});

/** Answers a held PATCH as the server would (200 with the merged model), or refuses it with field errors. */
async function answerPatch(walk: ModelWalk, owner: Actor, refusal?: Record<string, string>) {
  const route = await walk.net.take(`patch:${owner}`);
  if (refusal) return respond(route, 422, error('validation_failed', refusal));
  walk.stored = merged(walk.stored!, route.request().postDataJSON() as Schemas['UserflowModelPatch']);
  return respond(route, 200, walk.stored);
}

/** Answers the model read and, when its source has features, the schema and preview reads that follow. */
async function answerLoad(walk: ModelWalk, preview: SourcePreview | null) {
  await respond(await walk.net.take('getModel'), 200, walk.stored);
  if (!walk.stored!.source || walk.stored!.features.length === 0) return;
  if (!preview) throw new Error('a stored source with features needs a preview to answer');
  await respond(await walk.net.take('getSchema'), 200, schemaOf(preview));
  await respond(await walk.net.take('getPreview'), 200, previewOf(preview));
}

async function release(walk: ModelWalk, event: ModelEvent): Promise<void> {
  const kind = event.type.startsWith('xstate.done.') ? 'done' : 'error';
  const actor = event.type.replace(/^xstate\.(done|error)\.actor\./, '') as Actor;
  if (kind === 'error') {
    await (await walk.net.take(FIRST[actor])).abort('failed');
    return;
  }
  const output = event.output;
  switch (actor) {
    case 'loadModel': {
      const loaded = output as LoadedModel;
      walk.stored = storedFrom(loaded);
      walk.ui = { question: loaded.draft.question, attribute: loaded.draft.attribute, visitsType: 'number' };
      walk.preview = loaded.preview;
      return answerLoad(walk, loaded.preview);
    }
    case 'saveDraft': {
      const outcome = output as SaveOutcome;
      return answerPatch(walk, 'saveDraft', outcome.kind === 'rejected' ? outcome.errors : undefined);
    }
    case 'uploadFile': {
      const uploaded = output as Record<string, string>;
      const source = { kind: 'file', config: { fileName: uploaded.fileName, rows: Number(uploaded.rows) } };
      walk.stored = { ...walk.stored!, source: { ...source, secretsSet: [] } as never, features: [] };
      return respond(await walk.net.take('upload'), 200, walk.stored);
    }
    case 'testSource': {
      const outcome = output as TestOutcome;
      await answerPatch(walk, 'testSource');
      const route = await walk.net.take('test');
      if (outcome.kind === 'refused') {
        const refused = { code: outcome.code, message: outcome.code, detail: outcome.detail };
        return respond(route, 200, { ok: false, rows: 0, error: refused });
      }
      await respond(route, 200, { ok: true, rows: outcome.preview.rows.length, error: null });
      walk.preview = outcome.preview;
      await respond(await walk.net.take('getSchema'), 200, schemaOf(outcome.preview));
      return respond(await walk.net.take('getPreview'), 200, previewOf(outcome.preview));
    }
    case 'checkMatch': {
      const rate = output as MatchRate;
      await answerPatch(walk, 'checkMatch');
      const body = { sampleRows: rate.rows, withIdentity: rate.rows, matched: rate.matched, rate: rate.rate };
      return respond(await walk.net.take('matchRate'), 200, body);
    }
    case 'startTraining': {
      const outcome = output as TrainOutcome;
      await answerPatch(walk, 'startTraining');
      const route = await walk.net.take('train');
      if (outcome.kind === 'refused') return respond(route, 409, error(outcome.code));
      walk.stored = { ...walk.stored!, status: 'training', training: { stage: 'reading', percent: 0 } };
      return respond(route, 202, walk.stored);
    }
    case 'loadResult': {
      const result = output as TrainingResult;
      walk.stored = { ...walk.stored!, status: 'ready', training: null, version: 1, metrics: metricsFrom(result) };
      return respond(await walk.net.take('getModel'), 200, walk.stored);
    }
    case 'finishModel': {
      const outcome = output as FinishOutcome;
      return answerPatch(walk, 'finishModel', outcome.kind === 'rejected' ? outcome.errors : undefined);
    }
  }
}

/** Realtime: the training's stage, its end or its failure, as the server emits them. */
async function realtime(walk: ModelWalk, event: ModelEvent) {
  const modelId = event.modelId as number;
  const base = { modelId, stage: null, percent: null, error: null };
  if (event.type === 'training.progress') {
    const stage = event.stage as TrainingStage | null;
    await frame(walk, { ...base, status: 'training', stage, percent: event.percent as number | null });
  } else if (event.type === 'training.finished') {
    if (modelId === ID) walk.stored = { ...walk.stored!, status: 'ready', training: null };
    await frame(walk, { ...base, status: 'ready' });
  } else {
    const failure = { code: event.code as UserflowErrorCode, detail: null };
    if (modelId === ID) walk.stored = { ...walk.stored!, status: 'failed', training: null };
    await frame(walk, { ...base, status: 'failed', error: failure });
  }
}

const DEBOUNCE_MS = modelWizardMachine.implementations.delays.AUTOSAVE_DEBOUNCE as number;

/** Makes one planned step: a gesture, a clock run to the debounce's end, the release of a request or a frame. */
export async function perform(walk: ModelWalk, planned: PlannedStep): Promise<void> {
  const { page } = walk;
  const { event, before } = planned;
  walk.owners.push(...planned.patching);
  if (planned.byUrl) return;
  switch (event.type) {
    case 'wizard.retry':
      if (before.matches('loadFailed')) await button(page, commonMessages.retry).click();
      else await button(page, t.retrySave).click();
      return;
    case 'wizard.next':
      return button(page, t.next).click();
    case 'wizard.back':
      return button(page, t.back).click();
    case 'wizard.goto':
      return page.getByRole('tab', { name: text(STEP_TABS[event.step as StepName]), exact: true }).click();
    case 'draft.change':
      return changeDraft(walk, before, event.patch as Partial<ModelDraft>);
    case 'feature.toggle':
      return page.getByLabel(text(t.featureUse, { name: event.name })).click({ force: true });
    case 'feature.type': {
      // The type the fixture names, or back to a number when visits is that type already.
      const next: FeatureType =
        walk.ui.visitsType === event.featureType ? 'number' : (event.featureType as FeatureType);
      walk.ui.visitsType = next;
      return pick(page, text(t.featureType, { name: event.name }), text(t[`type.${next}`]));
    }
    case 'source.upload':
      return page
        .locator('input[type="file"]')
        .setInputFiles({ name: 'data.csv', mimeType: 'text/csv', buffer: Buffer.from(CSV) });
    case 'source.test':
      return button(page, t.test).click();
    case 'match.check':
      return button(page, t.matchCheck).click();
    case 'training.start':
      return button(page, ctx(before).result ? t.retrain : t.train).click();
    case 'threshold.change': {
      // Keyboard steps of 0.05 from where the slider stands to the fixture's threshold (there and back when it is).
      const slider = page.getByRole('slider');
      const from = ctx(before).threshold;
      const to = event.threshold as number;
      const presses = Math.round((to - from) / 0.05);
      if (presses === 0) {
        await slider.press('ArrowRight');
        return slider.press('ArrowLeft');
      }
      for (let i = 0; i < Math.abs(presses); i++) await slider.press(presses > 0 ? 'ArrowRight' : 'ArrowLeft');
      return;
    }
    case 'wizard.finish':
      return button(page, t.finish).click();
    case 'training.progress':
    case 'training.finished':
    case 'training.failed':
      return realtime(walk, event);
    default:
      if (event.type.startsWith('xstate.after.')) return page.clock.runFor(DEBOUNCE_MS);
      if (event.type.startsWith('xstate.done.') || event.type.startsWith('xstate.error.')) return release(walk, event);
      throw new Error(`no gesture for ${event.type}`);
  }
}

/**
 * Requests whose actor the step stopped without an answer (a connection test left by going back a step): the app no
 * longer listens for them, so the walk lets them fail.
 */
export function orphanedBy(step: PlannedStep): Operation[] {
  const finished = /^xstate\.(?:done|error)\.actor\.(\w+)$/.exec(step.event.type)?.[1];
  return running(step.before)
    .filter((a) => a !== finished && !running(step.after).includes(a))
    .map((a) => FIRST[a]);
}

/**
 * A draft survives a reload: with nothing left to save, the page is loaded again, the model read back is the one the
 * answered saves built, and the wizard opens on the same step with the same fields.
 */
export async function reloadAndCompare(walk: ModelWalk, state: AnyMachineSnapshot): Promise<void> {
  const { page } = walk;
  const url = page.url();
  const step = stepOf(state)!;
  await page.reload();
  await answerLoad(walk, walk.preview);
  await expect(page).toHaveURL(url);
  await expect(page.getByTestId('autosave')).toHaveAttribute('data-state', 'saved');
  const draft = ctx(state).draft;
  if (step === 'step-0') {
    await expect(page.getByLabel(text(t.name))).toHaveValue(draft.name);
    await expect(page.getByLabel(text(t.question))).toHaveValue(walk.ui.question);
  } else if (step === 'step-2') {
    await expect(page.getByRole('combobox', { name: text(t.identity) })).toHaveValue(draft.identityColumn ?? '');
    await expect(page.getByRole('combobox', { name: text(t.target) })).toHaveValue(draft.targetColumn ?? '');
  } else if (step === 'step-4') {
    await expect(page.getByLabel(text(t.attribute))).toHaveValue(walk.ui.attribute);
  }
}

/** Where a path may end with a reload: on an open step, nothing held, nothing left to save, no error shown. */
const reloadable = (state: AnyMachineSnapshot) =>
  state.matches('ready') &&
  running(state).length === 0 &&
  state.matches({ ready: { autosave: 'idle' } } as never) &&
  ctx(state).error === null &&
  Object.keys(ctx(state).fieldErrors).length === 0 &&
  !state.matches({ ready: { steps: { 'step-3': 'running' } } } as never);

// ── which paths the browser walks ─────────────────────────────────────────────────────────────────────────────────

const DEFINED = definedTransitions(modelWizardMachine);

/**
 * What the browser walk must cover: every leaf state, every defined transition and every answer the fixtures give
 * (a save refused with field errors as well as saved; a test refused in words as well as connected).
 */
function goalsOf(path: WalkedPath): string[] {
  const snapshots = [path.initial, ...path.steps.map((s) => s.state)];
  return [
    ...snapshots.flatMap((s) => activeLeafIds(s).map((id) => `state ${id}`)),
    ...path.steps.filter((s) => s.event.type.startsWith('xstate.done.')).map((s) => `answer ${shortEvent(s.event)}`),
    ...[...takenTransitions(modelWizardModel, [path])].map((tr) => `transition ${tr}`),
  ];
}

export interface WalkSelection {
  generated: number;
  realizable: number;
  withoutPrefixes: number;
  walked: WalkedPath[];
  definedTransitions: number;
  unwalkedTransitions: string[];
  /** The walked paths that end with a reload: the first that may, per wizard step it ends on. */
  reloadedOn: Set<WalkedPath>;
}

/**
 * The generated paths (shortest paths, the transition cover and the model's journeys), less those the browser cannot
 * make, less prefixes of others, then the fewest that still cover every goal (`coveringPaths`).
 */
export function selectWalk(): WalkSelection {
  const generated = generatePaths(modelWizardModel);
  const realizable = generated.filter((p) => pathUnrealizable(p) === null);
  const distinct = withoutPrefixes(realizable);
  const walked = coveringPaths(distinct, goalsOf).sort((a, b) => a.name.localeCompare(b.name));
  const taken = takenTransitions(modelWizardModel, walked);
  const reloadedOn = new Map<StepName, WalkedPath>();
  for (const path of walked) {
    const plan = planPath(path);
    const last = 'steps' in plan ? plan.steps.at(-1)?.after : undefined;
    if (last && reloadable(last) && !reloadedOn.has(stepOf(last)!)) reloadedOn.set(stepOf(last)!, path);
  }
  return {
    reloadedOn: new Set(reloadedOn.values()),
    generated: generated.length,
    realizable: realizable.length,
    withoutPrefixes: distinct.length,
    walked,
    definedTransitions: DEFINED.length,
    unwalkedTransitions: DEFINED.filter((tr) => !taken.has(tr)),
  };
}
