/**
 * Walks the message wizard's generated paths in the browser. The page's clock is paused once the wizard has started,
 * so the machine's debounces fire only when a step says so (`xstate.after.*` runs the clock to that timer); user
 * events are gestures on the step of the wizard they belong to; actor results release the held request of that actor
 * with the step's fixture, in the contract's shape. Each reached leaf state has one UI assertion in `stateAssertions`.
 */
import type { AnyMachineSnapshot } from 'xstate';
import type { Page, Request } from '@playwright/test';
import { messageWizardMachine } from '../../src/machines/messageWizard/messageWizard.machine.ts';
import type {
  ChecklistItem,
  LoadedMessage,
  MessageInput,
  MessageWizardContext,
  SaveOutcome,
  SendOutcome,
  TestSendOutcome,
} from '../../src/machines/messageWizard/messageWizard.types.ts';
import { ISSUE_TEXTS } from '../../src/machines/messageWizard/messageWizard.issues.ts';
import { wizardText as w } from '../../src/screens/multichannel/wizard/MessageWizard.messages.ts';
import { wizardMessages } from '../../src/screens/wizard.messages.ts';
import { commonMessages } from '../../src/i18n/common.messages.ts';
import {
  activeLeafIds,
  coveringPaths,
  definedTransitions,
  replay,
  generatePaths,
  takenTransitions,
  transitionKey,
  withoutPrefixes,
  type ModelEvent,
  type WalkedPath,
} from '../model/graph.ts';
import { draftMessage, messageWizardModel } from '../model/messageWizard.model.ts';
import { expect, HeldNetwork, respond, text } from './walk.ts';

export const ID = draftMessage.id;
const BASE = `/api/channels/email`;
export const WIZARD_URL = `/multichannel/email/${ID}/step-0`;

export { text };

type Operation =
  | 'getMessage'
  | 'getOptions'
  | 'saveMessage'
  | 'countAudience'
  | 'loadChecklist'
  | 'sendTest'
  | 'sendMessage'
  | 'deleteMessage';

function operationOf(request: Request): Operation | null {
  const key = `${request.method()} ${new URL(request.url()).pathname}`;
  const table: Record<string, Operation> = {
    [`GET ${BASE}/messages/${ID}`]: 'getMessage',
    [`GET ${BASE}/message-options`]: 'getOptions',
    [`PATCH ${BASE}/messages/${ID}`]: 'saveMessage',
    [`DELETE ${BASE}/messages/${ID}`]: 'deleteMessage',
    [`POST ${BASE}/audience-count`]: 'countAudience',
    [`GET ${BASE}/messages/${ID}/checklist`]: 'loadChecklist',
    [`POST ${BASE}/test-sends`]: 'sendTest',
    [`POST ${BASE}/messages/${ID}/send`]: 'sendMessage',
  };
  return table[key] ?? null;
}

/** The wizard's requests are held; the rest of the app (session, shell, console) talks to the real server. */
export const wizardNetwork = () =>
  new HeldNetwork<Operation>(operationOf, (route) => route.fallback(), '**/api/channels/**');

// ── timing ────────────────────────────────────────────────────────────────────────────────────────────────────────

type Delay = 'AUTOSAVE_DEBOUNCE' | 'COUNT_DEBOUNCE';
const DELAYS = messageWizardMachine.implementations.delays as Record<Delay, number>;
/** Per delay, the region state that runs it, and the events that restart it while it runs. */
const TIMERS: Record<Delay, { region: 'autosave' | 'count'; restartedBy: (event: ModelEvent) => boolean }> = {
  AUTOSAVE_DEBOUNCE: { region: 'autosave', restartedBy: (e) => e.type === 'field.change' },
  COUNT_DEBOUNCE: { region: 'count', restartedBy: (e) => e.type === 'field.change' && isAudience(e) },
};
/** Clock a dialog needs to be drawn (two animation frames), and to leave (Mantine's exit transition). */
const DIALOG_OPEN_MS = 50;
const DIALOG_CLOSE_MS = 300;

const isAudience = (e: ModelEvent) => 'includeLists' in (e.patch as MessageInput);
export const ctx = (s: AnyMachineSnapshot) => s.context as MessageWizardContext;
const inRegion = (s: AnyMachineSnapshot, region: string, state: string) =>
  s.matches({ ready: { [region]: state } } as never);
const taskOf = (s: AnyMachineSnapshot) =>
  s.matches('ready') ? String((s.value as { ready: { task: string } }).ready.task) : null;

/** One step as the browser makes it: on which wizard step, and how far the paused clock runs for it. */
export interface PlannedStep {
  event: ModelEvent;
  before: AnyMachineSnapshot;
  after: AnyMachineSnapshot;
  /** The wizard step (0–3) the gesture is made on; null while no step is shown (loading, locked, finished). */
  page: number | null;
  clockMs: number;
  /** Also ask to leave with unsaved changes and stay (when the clock has room for the dialog). */
  leaveCheck: boolean;
  /** For an audience change: which pick on step-1 makes it. */
  audience?: AudienceGesture;
}

/**
 * The wizard step a user event is made on: a list on step-1, the checklist, Send test and Send on step-3; any other
 * change on step-0 (Subject), or on step-3 when the walk is there (the schedule: the machine treats every field that
 * is not an audience alike, and opening step-3 anew would refresh the checklist).
 */
function pageFor(event: ModelEvent, page: number | null): number | null {
  if (event.type === 'field.change') return isAudience(event) ? 1 : page === 3 ? 3 : 0;
  if (['checklist.refresh', 'testSend.submit', 'wizard.send'].includes(event.type)) return 3;
  return null;
}

/** What step-1 shows picked: a list and a segment to send to, a list to leave out. */
export interface Audience {
  list: boolean;
  segment: boolean;
  excluded: boolean;
}
type AudiencePick = 'List' | 'Segment' | 'Excluded';
export type AudienceGesture = `${'pick' | 'drop'}${AudiencePick}`;

/**
 * The audience change that leaves the draft with recipients (or without) as the fixture's does: the machine only
 * asks whether some list or segment is included. Null when step-1 offers none (both already picked, say).
 */
function audienceGesture(audience: Audience, patch: MessageInput): AudienceGesture | null {
  if (patch.includeLists?.length) return !audience.list ? 'pickList' : !audience.segment ? 'pickSegment' : null;
  if (audience.list && audience.segment) return null;
  // Without recipients already: a list left out is a change of the audience that still reaches no one.
  return audience.list
    ? 'dropList'
    : audience.segment
      ? 'dropSegment'
      : audience.excluded
        ? 'dropExcluded'
        : 'pickExcluded';
}

function applyAudience(audience: Audience, gesture: AudienceGesture): Audience {
  const picked = gesture.startsWith('pick');
  const key = ({ List: 'list', Segment: 'segment', Excluded: 'excluded' } as const)[gesture.slice(4) as AudiencePick];
  return { ...audience, [key]: picked };
}

function unrealizable(before: AnyMachineSnapshot, event: ModelEvent, page: number | null): string | null {
  const task = taskOf(before);
  const dialog = task === 'confirmingDelete' || task === 'deleting';
  const gesture = !event.type.startsWith('xstate.') && !event.type.startsWith('delete.');
  if (dialog && gesture) return 'the delete confirmation covers the wizard';
  // Opening step-3 asks for the checklist: only a checklist refresh may bring the walk there.
  if ((event.type === 'testSend.submit' || event.type === 'wizard.send') && page !== 3)
    return 'Send test and Send are on step-3, and opening it refreshes the checklist';
  return null;
}

/** The path as gestures and clock runs, or why the browser cannot walk it. */
export function planPath(path: WalkedPath): { steps: PlannedStep[] } | { reason: string } {
  let now = 0;
  let page: number | null = null;
  let audience: Audience = { list: false, segment: false, excluded: false };
  const deadlines: Partial<Record<Delay, number>> = {};
  const slack = () => Math.min(Infinity, ...Object.values(deadlines).map((d) => d! - now));
  const steps: PlannedStep[] = [];
  // The graph keeps one snapshot per projected state, whatever history reached it first: replaying the path's events
  // gives the context this path really has (its errors, its draft).
  for (const { from: before, event, to: after } of replay(messageWizardModel, path)) {
    const reason = unrealizable(before, event, page);
    if (reason) return { reason: `${JSON.stringify(before.value)} --${event.type}: ${reason}` };
    let gesture: AudienceGesture | undefined;
    if (event.type === 'field.change' && isAudience(event)) {
      gesture = audienceGesture(audience, event.patch as MessageInput) ?? undefined;
      if (!gesture) return { reason: `${JSON.stringify(before.value)} --field.change: step-1 has no such change left` };
      audience = applyAudience(audience, gesture);
    }
    const gesturePage: number | null = pageFor(event, page) ?? page;
    let clockMs = 0;
    const fired = /^xstate\.after\.(\w+)\./.exec(event.type)?.[1] as Delay | undefined;
    if (fired) {
      const due = deadlines[fired];
      if (due === undefined) return { reason: `${fired} is not running` };
      if (Object.entries(deadlines).some(([d, at]) => d !== fired && at! <= due))
        return { reason: `${JSON.stringify(before.value)} --${event.type}: another debounce ends first` };
      clockMs = due - now;
    } else {
      const closes = (event.type === 'delete.cancel' || event.type === 'xstate.error.actor.deleteMessage') as boolean;
      clockMs = event.type === 'wizard.delete' ? DIALOG_OPEN_MS : closes ? DIALOG_CLOSE_MS : 0;
      if (clockMs >= slack())
        return {
          reason: `${JSON.stringify(before.value)} --${event.type}: the dialog's animation outlasts a debounce`,
        };
    }
    now += clockMs;
    for (const [delay, timer] of Object.entries(TIMERS) as Array<[Delay, (typeof TIMERS)[Delay]]>) {
      const runs = inRegion(after, timer.region, 'debouncing');
      if (!runs) delete deadlines[delay];
      else if (!inRegion(before, timer.region, 'debouncing') || timer.restartedBy(event))
        deadlines[delay] = now + DELAYS[delay];
    }
    const unsavedStops = inRegion(after, 'autosave', 'failed') || inRegion(after, 'autosave', 'invalid');
    const leaveCheck = unsavedStops && taskOf(after) === 'idle' && slack() > DIALOG_OPEN_MS + DIALOG_CLOSE_MS;
    if (leaveCheck) now += DIALOG_OPEN_MS + DIALOG_CLOSE_MS;
    // The step is the URL: it stays while the campaign is read again (a save refused as no longer a draft).
    if (before.matches('loading') && after.matches('ready') && page === 3)
      return { reason: 'step-3 shown again after reading the campaign asks for the checklist' };
    page = before.matches('ready') ? gesturePage : after.matches('ready') ? (page ?? 0) : page;
    steps.push({
      event,
      before,
      after,
      page: before.matches('ready') ? gesturePage : null,
      clockMs,
      leaveCheck,
      ...(gesture ? { audience: gesture } : {}),
    });
  }
  return { steps };
}

export const pathUnrealizable = (path: WalkedPath) => {
  const plan = planPath(path);
  return 'reason' in plan ? plan.reason : null;
};

// ── gestures and answers ──────────────────────────────────────────────────────────────────────────────────────────

export interface WizardWalk {
  page: Page;
  net: HeldNetwork<Operation>;
  /** The wizard step in the URL (null until the wizard first shows). */
  step: number | null;
  /** When the campaign goes out, as step-3 shows it (the walk toggles it as a change made on that step). */
  schedule: 'now' | 'at';
}

const STEP_TABS = [
  wizardMessages.messageStep0,
  wizardMessages.messageStep1,
  wizardMessages.messageStep2,
  wizardMessages.messageStep3,
];

async function openStep(walk: WizardWalk, step: number) {
  if (walk.step === step) return;
  await walk.page.getByRole('tab', { name: text(STEP_TABS[step]!) }).click();
  await expect(walk.page).toHaveURL(new RegExp(`/step-${step}$`));
  walk.step = step;
}

/** Picks the fixture's list or segment by keyboard, or removes the last pick of a field with Backspace. */
async function changeAudience(page: Page, gesture: AudienceGesture) {
  const pick = gesture.slice(4) as AudiencePick;
  const field = { List: w.includeLists, Segment: w.includeSegments, Excluded: w.excludeLists }[pick];
  const input = page.getByRole('combobox', { name: text(field) });
  await input.focus();
  if (gesture.startsWith('drop')) {
    await input.press('Backspace');
    return;
  }
  await input.pressSequentially(pick === 'Segment' ? 'Italians' : 'Readers');
  await input.press('ArrowDown');
  await input.press('Enter');
  await input.press('Escape');
}

const abort = async (walk: WizardWalk, operation: Operation) => (await walk.net.take(operation)).abort('failed');
const issuesBody = (issues: Partial<Record<string, string>>) => ({
  code: 'validation_failed',
  message: 'Invalid input',
  errors: Object.fromEntries(
    Object.entries(issues).map(([field, code]) => [field, [ISSUE_TEXTS[code as keyof typeof ISSUE_TEXTS] ?? code]]),
  ),
});
const refusal = (code: string) => ({ code, message: code });

async function release(walk: WizardWalk, event: ModelEvent): Promise<void> {
  const kind = event.type.startsWith('xstate.done.') ? 'done' : 'error';
  const actor = event.type.replace(/^xstate\.(done|error)\.actor\./, '');
  if (kind === 'error') {
    if (actor === 'loadMessage') {
      await abort(walk, 'getMessage');
      await respond(await walk.net.take('getOptions'), 200, draftOptions());
    } else await abort(walk, actor as Operation);
    return;
  }
  const output = event.output;
  switch (actor) {
    case 'loadMessage': {
      const loaded = output as LoadedMessage;
      await respond(await walk.net.take('getMessage'), 200, loaded.message);
      await respond(await walk.net.take('getOptions'), 200, loaded.options);
      return;
    }
    case 'saveMessage': {
      const outcome = output as SaveOutcome;
      const route = await walk.net.take('saveMessage');
      if (outcome.kind === 'saved') await respond(route, 200, outcome.message);
      else if (outcome.kind === 'rejected') await respond(route, 422, issuesBody(outcome.issues));
      else await respond(route, 409, refusal('not_a_draft'));
      return;
    }
    case 'countAudience':
      await respond(await walk.net.take('countAudience'), 200, { count: output as number });
      return;
    case 'loadChecklist':
      await respond(await walk.net.take('loadChecklist'), 200, output as ChecklistItem[]);
      return;
    case 'sendTest': {
      const outcome = output as TestSendOutcome;
      const route = await walk.net.take('sendTest');
      if (outcome.kind === 'rejected') await respond(route, 422, issuesBody({ addresses: 'invalid' }));
      else await respond(route, 200, { sent: outcome.addresses.map((address) => ({ address, response: '250 OK' })) });
      return;
    }
    case 'sendMessage': {
      const outcome = output as SendOutcome;
      const route = await walk.net.take('sendMessage');
      if (outcome.kind === 'refused') return respond(route, 422, refusal('checklist_failed'));
      await respond(route, 200, sendState(outcome.message.status));
      await respond(await walk.net.take('getMessage'), 200, outcome.message);
      return;
    }
    case 'deleteMessage':
      await respond(await walk.net.take('deleteMessage'), 204);
      return;
    default:
      throw new Error(`no answer for ${event.type}`);
  }
}

const draftOptions = () => ({ senders: [], templates: [], lists: [], segments: [] });
const sendState = (status: string) => ({
  id: ID,
  status,
  recipientsTotal: 0,
  recipientsExcluded: 0,
  pending: 0,
  deferred: 0,
  sent: 0,
  notDelivered: 0,
  skipped: 0,
  pendingReason: null,
  scheduledAt: null,
  nextRunAt: null,
  failure: null,
});

/** Makes one planned step: a gesture, a clock run to a debounce's end, or the release of a held request. */
export async function perform(walk: WizardWalk, planned: PlannedStep): Promise<void> {
  const { page } = walk;
  const { event } = planned;
  const target = pageFor(event, walk.step);
  if (target !== null && event.type !== 'checklist.refresh') await openStep(walk, target);
  switch (event.type) {
    case 'wizard.retry':
      await page.getByRole('button', { name: text(commonMessages.retry) }).click();
      break;
    case 'field.change': {
      const patch = event.patch as MessageInput;
      if (!isAudience(event) && walk.step === 3) {
        // The schedule: from now to a date and time, or back.
        walk.schedule = walk.schedule === 'now' ? 'at' : 'now';
        await page.locator('label', { hasText: text(walk.schedule === 'at' ? w.at : w.now) }).click();
      } else if (!isAudience(event)) {
        // The fixture's subject, or the message's own when the field already says it.
        const subject = ctx(planned.before).draft.subject === patch.subject ? draftMessage.subject : patch.subject;
        await page.getByLabel(text(w.subject)).fill(subject ?? '');
      } else await changeAudience(page, planned.audience!);
      break;
    }
    case 'autosave.retry':
      await page.getByRole('button', { name: text(w.retrySave) }).click();
      break;
    case 'checklist.refresh':
      if (walk.step === 3) await page.getByRole('button', { name: text(w.checkAgain) }).click();
      else await openStep(walk, 3);
      break;
    case 'testSend.submit':
      await page.getByLabel(/^Addresses/).fill((event.addresses as string[]).join(', '));
      await page.getByRole('button', { name: text(w.testSubmit) }).click();
      break;
    case 'wizard.send':
      await sendButton(walk).click();
      break;
    case 'wizard.delete':
      await page.getByRole('button', { name: text(w.deleteDraft) }).click();
      break;
    case 'delete.confirm':
      await deleteDialog(page)
        .getByRole('button', { name: text(w.deleteConfirm) })
        .click();
      break;
    case 'delete.cancel':
      await deleteDialog(page)
        .getByRole('button', { name: text(commonMessages.cancel) })
        .click();
      break;
    default:
      if (!event.type.startsWith('xstate.done.') && !event.type.startsWith('xstate.error.')) {
        if (!event.type.startsWith('xstate.after.')) throw new Error(`no gesture for ${event.type}`);
      } else await release(walk, event);
  }
  if (planned.clockMs > 0) await page.clock.runFor(planned.clockMs);
  // The wizard opens on step-0; the step on screen is then the URL's, kept while the campaign is read again.
  if (planned.after.matches('ready')) walk.step ??= 0;
}

/** Send or Schedule, as the schedule chosen on step-3 names it. */
export const sendButton = (walk: WizardWalk) =>
  walk.page.getByRole('button', { name: text(walk.schedule === 'now' ? w.sendNow : w.schedule), exact: true });
export const deleteDialog = (page: Page) => page.getByRole('dialog', { name: text(w.deleteTitle) });

/** Leaving the wizard with unsaved changes asks first; staying keeps the wizard where it was. */
export async function leaveAndStay(walk: WizardWalk): Promise<void> {
  const { page } = walk;
  const url = page.url();
  await page.getByRole('link', { name: 'Contacts' }).first().click();
  await page.clock.runFor(DIALOG_OPEN_MS);
  const dialog = page.getByRole('dialog', { name: text(w.leaveTitle) });
  await expect(dialog).toBeVisible();
  await dialog.getByRole('button', { name: text(w.stay) }).click();
  await page.clock.runFor(DIALOG_CLOSE_MS);
  await expect(dialog).toBeHidden();
  expect(page.url()).toBe(url);
}

/** The requests each state waits on: after every step exactly these are held, so a stray or missing call fails. */
export function expectedHeld(state: AnyMachineSnapshot): Operation[] {
  const held: Operation[] = [];
  if (state.matches('loading')) held.push('getMessage', 'getOptions');
  if (inRegion(state, 'autosave', 'saving')) held.push('saveMessage');
  if (inRegion(state, 'count', 'counting')) held.push('countAudience');
  const task = taskOf(state);
  const byTask: Record<string, Operation> = {
    checking: 'loadChecklist',
    testing: 'sendTest',
    sending: 'sendMessage',
    deleting: 'deleteMessage',
  };
  if (task && byTask[task]) held.push(byTask[task]);
  return held.sort();
}

const RELEASES: Record<string, Operation[]> = {
  loadMessage: ['getMessage', 'getOptions'],
  saveMessage: ['saveMessage'],
  countAudience: ['countAudience'],
  loadChecklist: ['loadChecklist'],
  sendTest: ['sendTest'],
  sendMessage: ['sendMessage'],
  deleteMessage: ['deleteMessage'],
};

/**
 * Requests whose actor the step stopped without an answer (a test send under way when a refused save reloads the
 * campaign): the app no longer listens for them, so the walk lets them fail.
 */
export function orphanedBy(step: PlannedStep): Operation[] {
  const left = expectedHeld(step.before);
  const actor = /^xstate\.(?:done|error)\.actor\.(\w+)$/.exec(step.event.type)?.[1];
  for (const op of [...(actor ? (RELEASES[actor] ?? []) : []), ...expectedHeld(step.after)]) {
    const index = left.indexOf(op);
    if (index >= 0) left.splice(index, 1);
  }
  return left;
}

// ── which paths the browser walks ─────────────────────────────────────────────────────────────────────────────────

const DEFINED = definedTransitions(messageWizardMachine);

/**
 * The defined transitions a path takes, with those of `message.saved`, which the machine raises itself when a save
 * ends with nothing left to save: taken from the task's state before that step (the save does not change it).
 */
function transitionsOf(path: WalkedPath): Set<string> {
  const taken = takenTransitions(messageWizardModel, [path]);
  const machine = messageWizardMachine as unknown as {
    getTransitionData(s: AnyMachineSnapshot, e: { type: string }): Array<Parameters<typeof transitionKey>[0]>;
  };
  for (const { from, event, to } of replay(messageWizardModel, path)) {
    const saved = event.type === 'xstate.done.actor.saveMessage' && (event.output as SaveOutcome).kind === 'saved';
    if (saved && inRegion(to, 'autosave', 'idle'))
      for (const t of machine.getTransitionData(from, { type: 'message.saved' })) taken.add(transitionKey(t));
  }
  return taken;
}

const valueOf = (s: AnyMachineSnapshot) => JSON.stringify(s.value);

/**
 * What the browser walk must cover: every leaf state and every defined transition. (Every combination of the regions'
 * states as well would double the walk's paths and time; the count of those it reaches is printed.)
 */
function goalsOf(path: WalkedPath): string[] {
  const snapshots = [path.initial, ...path.steps.map((s) => s.state)];
  return [
    ...snapshots.flatMap((s) => activeLeafIds(s).map((id) => `state ${id}`)),
    ...[...transitionsOf(path)].map((t) => `transition ${t}`),
  ];
}

export interface WalkSelection {
  generated: number;
  realizable: number;
  withoutPrefixes: number;
  walked: WalkedPath[];
  /** The machine's defined transitions, and those no walked path takes. */
  definedTransitions: number;
  unwalkedTransitions: string[];
  /** The state values (combinations of the regions' states) the generated paths reach, and those the walk reaches. */
  generatedValues: number;
  walkedValues: number;
}

/**
 * The generated paths (shortest paths plus the transition cover, `generatePaths`), less those the browser cannot
 * make, less prefixes of others, then the fewest that still cover every goal (`coveringPaths`).
 */
export function selectWalk(): WalkSelection {
  const generated = generatePaths(messageWizardModel);
  const realizable = generated.filter((p) => pathUnrealizable(p) === null);
  const distinct = withoutPrefixes(realizable);
  const walked = coveringPaths(distinct, goalsOf).sort((a, b) => a.name.localeCompare(b.name));
  const walkedTransitions = new Set(walked.flatMap((p) => [...transitionsOf(p)]));
  const values = (paths: WalkedPath[]) =>
    new Set(paths.flatMap((p) => [p.initial, ...p.steps.map((s) => s.state)].map(valueOf)));
  const walkedValues = values(walked);
  return {
    generated: generated.length,
    realizable: realizable.length,
    withoutPrefixes: distinct.length,
    walked,
    definedTransitions: DEFINED.length,
    unwalkedTransitions: DEFINED.filter((t) => !walkedTransitions.has(t)),
    generatedValues: values(generated).size,
    walkedValues: walkedValues.size,
  };
}
