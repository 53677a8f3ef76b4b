/**
 * Model-based testing helpers over `xstate/graph`: generated paths (shortest paths per input plus explicit journeys),
 * settleable-state reach, state-changing transition coverage and, for models that opt in, per-state invariants and
 * coverage of every transition the machine defines. Used by the Vitest graph tests, the Playwright walks and
 * `npm run paths`.
 */
import {
  createEmptyActor,
  type AnyActorScope,
  type AnyMachineSnapshot,
  type AnyStateMachine,
  type EventObject,
} from 'xstate';
import { type AdjacencyMap, getAdjacencyMap, getPathsFromEvents, getShortestPaths, getStateNodes } from 'xstate/graph';

export type ModelEvent = EventObject & Record<string, unknown>;

export interface Journey {
  name: string;
  input: string;
  events: ModelEvent[];
}

/** How a snapshot was reached: the event and the snapshot before it; `null` for a path's initial snapshot. */
export type Via = { event: ModelEvent; from: AnyMachineSnapshot } | null;

/** An assertion (throws on failure) about a snapshot in a state, optionally about the step that led there. */
export type Invariant = (snapshot: AnyMachineSnapshot, via: Via) => void;

export interface MachineModel<TInput = unknown> {
  name: string;
  machine: AnyStateMachine;
  /** Inputs to start from, by label; every traversal runs once per input. */
  inputs: Record<string, TInput>;
  /** Every event fixture, including `xstate.done.actor.*`, `xstate.error.actor.*` and `xstate.after.*` events. */
  events: readonly ModelEvent[];
  /** Walks for self-transitions and teardown, which shortest paths never contain. */
  journeys?: Journey[];
  /** State ids that never settle (eventless transitions always leave them). */
  transient?: string[];
  /** Finite projection of a snapshot; default: state value plus tags. */
  serializeState?: (snapshot: AnyMachineSnapshot) => string;
  limit?: number;
  /**
   * Per state id (a leaf, an ancestor or the root id): checked on every snapshot of every generated path, replayed
   * from the path's events. When given, every settleable state needs one and every transition the machine defines
   * (each guarded branch of each `on`/`invoke` transition) must be taken by some path or be listed in `unreachable`.
   */
  invariants?: Record<string, Invariant>;
  /** Defined transitions (keys as `definedTransitions` prints them) no event can take, with the reason. */
  unreachable?: Record<string, string>;
}

export interface WalkedStep {
  event: ModelEvent;
  state: AnyMachineSnapshot;
}

export interface WalkedPath {
  name: string;
  input: string;
  initial: AnyMachineSnapshot;
  steps: WalkedStep[];
  state: AnyMachineSnapshot;
}

interface StateNodeLike {
  id: string;
  type: string;
  always?: unknown[];
  parent?: StateNodeLike;
  transitions: Map<string, TransitionLike[]>;
}

export interface TransitionLike {
  source: StateNodeLike;
  eventType: string;
  target?: StateNodeLike[];
  guard?: unknown;
}

export const valueKey = (snapshot: AnyMachineSnapshot): string =>
  typeof snapshot.value === 'string' ? snapshot.value : JSON.stringify(snapshot.value);

const defaultSerialize = (snapshot: AnyMachineSnapshot) =>
  JSON.stringify({ value: snapshot.value, tags: [...snapshot.tags].sort() });

/** Ids of the atomic and final state nodes. */
export function leafStateIds(machine: AnyStateMachine): string[] {
  return (getStateNodes(machine.root) as unknown as StateNodeLike[])
    .filter((node) => node.type === 'atomic' || node.type === 'final')
    .map((node) => node.id);
}

export function activeLeafIds(snapshot: AnyMachineSnapshot): string[] {
  const nodes = (snapshot as unknown as { _nodes: StateNodeLike[] })._nodes;
  return nodes.filter((node) => node.type === 'atomic' || node.type === 'final').map((node) => node.id);
}

export function settleableStateIds(model: MachineModel): string[] {
  const transient = new Set(model.transient ?? []);
  return leafStateIds(model.machine).filter((id) => !transient.has(id));
}

/** The scope `xstate/graph` uses: actions and actors are never executed, only resolved. */
function mockScope(): AnyActorScope {
  const empty = createEmptyActor();
  return {
    self: empty,
    logger: () => {},
    id: '',
    sessionId: 'graph',
    defer: () => {},
    system: empty.system,
    stopChild: () => {},
    emit: () => {},
    actionExecutor: () => {},
  } as unknown as AnyActorScope;
}

function traversal(model: MachineModel, input: unknown) {
  return {
    input,
    fromState: model.machine.getInitialSnapshot(mockScope(), input) as AnyMachineSnapshot,
    events: model.events as ModelEvent[],
    serializeState: (s: AnyMachineSnapshot) => (model.serializeState ?? defaultSerialize)(s),
    limit: model.limit ?? 5_000,
  };
}

function describe(path: { steps: WalkedStep[] }): string {
  const names = path.steps
    .filter((s) => s.event.type !== 'xstate.init')
    .map((s) => `${shortEvent(s.event)} → ${valueKey(s.state)}`);
  return names.length ? names.join(' | ') : 'initial';
}

export function shortEvent(event: ModelEvent): string {
  const label = typeof event.fixture === 'string' ? ` (${event.fixture})` : '';
  return (
    event.type.replace(/^xstate\.(done|error)\.actor\./, '$1:').replace(/^xstate\.after\.([^.]+)\..*$/, 'after:$1') +
    label
  );
}

function toWalked(name: string, input: string, initial: AnyMachineSnapshot, steps: WalkedStep[]): WalkedPath {
  const settled = steps.filter((s) => s.event.type !== 'xstate.init');
  return { name, input, initial, steps: settled, state: settled.at(-1)?.state ?? initial };
}

function initialSnapshot(model: MachineModel, input: unknown): AnyMachineSnapshot {
  return model.machine.getInitialSnapshot(mockScope(), input) as AnyMachineSnapshot;
}

interface Edge {
  key: string;
  from: string;
  event: ModelEvent;
  to: AnyMachineSnapshot;
}

function adjacencyEdges(model: MachineModel, input: unknown): Edge[] {
  const serialize = model.serializeState ?? defaultSerialize;
  const adjacency = getAdjacencyMap(model.machine, traversal(model, input)) as AdjacencyMap<
    AnyMachineSnapshot,
    ModelEvent
  >;
  const edges: Edge[] = [];
  for (const { state, transitions } of Object.values(adjacency)) {
    for (const { event, state: next } of Object.values(transitions) as Array<{
      event: ModelEvent;
      state: AnyMachineSnapshot;
    }>) {
      if (valueKey(state) !== valueKey(next)) {
        edges.push({ key: edgeKey(state, event, next), from: serialize(state), event, to: next });
      }
    }
  }
  return edges;
}

/**
 * Generated paths: shortest paths to every distinct (projected) state per input; then, for every state-changing
 * transition those miss, the shortest path to its source plus that transition (transition cover); then the journeys.
 */
export function generatePaths(model: MachineModel): WalkedPath[] {
  const serialize = model.serializeState ?? defaultSerialize;
  const out: WalkedPath[] = [];
  for (const [label, input] of Object.entries(model.inputs)) {
    const initial = initialSnapshot(model, input);
    const shortest = getShortestPaths(model.machine, traversal(model, input)).map((path) => {
      const steps = path.steps as unknown as WalkedStep[];
      return toWalked(`[${label}] ${describe({ steps })}`, label, initial, steps);
    });
    out.push(...shortest);
    const bySource = new Map<string, WalkedPath>();
    for (const path of shortest) bySource.set(serialize(path.state), path);
    const walked = walkedEdges(shortest);
    for (const edge of adjacencyEdges(model, input)) {
      if (walked.has(edge.key)) continue;
      const head = bySource.get(edge.from);
      if (!head) continue;
      const steps = [...head.steps, { event: edge.event, state: edge.to }];
      out.push(toWalked(`[${label}] ${describe({ steps })}`, label, initial, steps));
      walked.add(edge.key);
    }
  }
  for (const journey of model.journeys ?? []) {
    const input = model.inputs[journey.input];
    const initial = initialSnapshot(model, input);
    // The journey's own events (`getPathsFromEvents` reads the options' events over its argument): a journey may
    // use a fixture the model's events leave out, so the graph stays small.
    const [path] = getPathsFromEvents(model.machine, journey.events, {
      ...traversal(model, input),
      events: journey.events,
    });
    if (!path) throw new Error(`${model.name}: journey "${journey.name}" produced no path`);
    const steps = path.steps as unknown as WalkedStep[];
    const walked = steps.filter((s) => s.event.type !== 'xstate.init');
    if (walked.length !== journey.events.length) {
      throw new Error(
        `${model.name}: journey "${journey.name}" stopped after ${walked.length} of ${journey.events.length} events`,
      );
    }
    out.push(toWalked(`[${journey.input}] journey: ${journey.name}`, journey.input, initial, steps));
  }
  return dedupe(out);
}

function dedupe(paths: WalkedPath[]): WalkedPath[] {
  const seen = new Set<string>();
  return paths.filter((p) => {
    const key = `${p.input}|${p.steps.map((s) => JSON.stringify(s.event)).join('|')}`;
    if (seen.has(key)) return false;
    seen.add(key);
    return true;
  });
}

export const edgeKey = (from: AnyMachineSnapshot, event: ModelEvent, to: AnyMachineSnapshot) =>
  `${valueKey(from)} --${event.type}--> ${valueKey(to)}`;

/** Every transition of the adjacency map that changes the state value. */
export function stateChangingEdges(model: MachineModel): string[] {
  const edges = new Set<string>();
  for (const input of Object.values(model.inputs)) for (const edge of adjacencyEdges(model, input)) edges.add(edge.key);
  return [...edges].sort();
}

export function walkedEdges(paths: WalkedPath[]): Set<string> {
  const edges = new Set<string>();
  for (const path of paths) {
    let previous = path.initial;
    for (const step of path.steps) {
      if (valueKey(previous) !== valueKey(step.state)) edges.add(edgeKey(previous, step.event, step.state));
      previous = step.state;
    }
  }
  return edges;
}

export function reachedStateIds(paths: WalkedPath[]): Set<string> {
  const reached = new Set<string>();
  for (const path of paths) {
    for (const id of activeLeafIds(path.initial)) reached.add(id);
    for (const step of path.steps) for (const id of activeLeafIds(step.state)) reached.add(id);
  }
  return reached;
}

/** The snapshots a path really goes through: its events replayed from the initial snapshot of its input. */
export function replay(
  model: MachineModel,
  path: WalkedPath,
): Array<{ from: AnyMachineSnapshot; event: ModelEvent; to: AnyMachineSnapshot }> {
  const scope = mockScope();
  let from = initialSnapshot(model, model.inputs[path.input]);
  return path.steps.map((step) => {
    const to = model.machine.transition(from, step.event, scope) as AnyMachineSnapshot;
    const replayed = { from, event: step.event, to };
    from = to;
    return replayed;
  });
}

const guardName = (guard: unknown): string | null =>
  guard === undefined
    ? null
    : typeof guard === 'string'
      ? guard
      : typeof guard === 'function'
        ? guard.name || 'inline'
        : String((guard as { type?: unknown }).type ?? 'inline');

/** `source · event [#n of several] [guard] → target`, one per candidate of a defined transition. */
export function transitionKey(t: TransitionLike): string {
  const candidates = t.source.transitions.get(t.eventType) ?? [];
  const index = candidates.length > 1 ? ` #${candidates.indexOf(t) + 1}` : '';
  const guard = guardName(t.guard);
  const to = t.target?.length ? t.target.map((n) => n.id).join(', ') : '(no target)';
  return `${t.source.id} · ${t.eventType}${index}${guard ? ` [${guard}]` : ''} → ${to}`;
}

/** Every candidate of every event transition the machine defines (`on`, invoke `onDone`/`onError`, `after`); `always` is not counted. */
export function definedTransitions(machine: AnyStateMachine): string[] {
  const nodes = new Set([machine.root, ...getStateNodes(machine.root)] as unknown as StateNodeLike[]);
  const keys: string[] = [];
  for (const node of nodes)
    for (const candidates of node.transitions.values()) for (const t of candidates) keys.push(transitionKey(t));
  return keys.sort();
}

/** The defined transitions the replayed paths take (the candidates xstate selects at each step). */
export function takenTransitions(model: MachineModel, paths: WalkedPath[]): Set<string> {
  const taken = new Set<string>();
  const machine = model.machine as unknown as {
    getTransitionData(s: AnyMachineSnapshot, e: ModelEvent): TransitionLike[];
  };
  for (const path of paths)
    for (const { from, event } of replay(model, path))
      for (const t of machine.getTransitionData(from, event)) taken.add(transitionKey(t));
  return taken;
}

function activeNodes(snapshot: AnyMachineSnapshot): StateNodeLike[] {
  return (snapshot as unknown as { _nodes: StateNodeLike[] })._nodes;
}

/** Problems with the invariants themselves: keys that name no state, settleable states without one. */
export function invariantGaps(model: MachineModel): string[] {
  if (!model.invariants) return [];
  const all = new Map(
    ([model.machine.root, ...getStateNodes(model.machine.root)] as unknown as StateNodeLike[]).map((n) => [n.id, n]),
  );
  const gaps = Object.keys(model.invariants)
    .filter((id) => !all.has(id))
    .map((id) => `invariant for unknown state ${id}`);
  for (const id of settleableStateIds(model)) {
    let node = all.get(id);
    let covered = false;
    while (node?.parent) {
      if (model.invariants[node.id]) covered = true;
      node = node.parent;
    }
    if (!covered) gaps.push(`no invariant for ${id}`);
  }
  return gaps;
}

/**
 * Every path replayed and checked: the replay reaches the state the graph recorded, and the invariant of each active
 * state node holds on the initial snapshot and after every step. One failure per path (its first).
 */
export function invariantFailures(model: MachineModel, paths: WalkedPath[] = generatePaths(model)): string[] {
  const invariants = model.invariants ?? {};
  const failures: string[] = [];
  for (const path of paths) {
    const checks: Array<{ label: string; snapshot: AnyMachineSnapshot; via: Via; recorded?: AnyMachineSnapshot }> = [
      { label: 'initial', snapshot: initialSnapshot(model, model.inputs[path.input]), via: null },
      ...replay(model, path).map((r, i) => ({
        label: `step ${i + 1} (${shortEvent(r.event)} → ${valueKey(r.to)})`,
        snapshot: r.to,
        via: { event: r.event, from: r.from },
        recorded: path.steps[i]!.state,
      })),
    ];
    check: for (const { label, snapshot, via, recorded } of checks) {
      if (recorded && valueKey(recorded) !== valueKey(snapshot)) {
        failures.push(
          `${path.name}: ${label}: replay reached ${valueKey(snapshot)}, the graph recorded ${valueKey(recorded)}`,
        );
        break;
      }
      for (const node of activeNodes(snapshot)) {
        try {
          invariants[node.id]?.(snapshot, via);
        } catch (error) {
          failures.push(
            `${path.name}: ${label}: invariant of ${node.id}: ${error instanceof Error ? error.message : String(error)}`,
          );
          break check;
        }
      }
    }
  }
  return failures;
}

export interface ModelReport {
  machine: string;
  states: string[];
  reachedStates: string[];
  unreachedStates: string[];
  transitions: string[];
  uncoveredTransitions: string[];
  paths: Array<{ name: string; steps: number }>;
  /** Models with invariants: every candidate transition defined, those no path takes, those declared unreachable. */
  definedTransitions: string[];
  untakenTransitions: string[];
  unreachable: Array<{ transition: string; reason: string }>;
  /** `unreachable` entries that name no defined transition or that a path does take. */
  staleUnreachable: string[];
  coveredPercent: number;
}

export function analyse(model: MachineModel): ModelReport {
  const paths = generatePaths(model);
  const states = settleableStateIds(model);
  const reached = reachedStateIds(paths);
  const transitions = stateChangingEdges(model);
  const walked = walkedEdges(paths);
  const uncovered = transitions.filter((t) => !walked.has(t));
  const defined = model.invariants ? definedTransitions(model.machine) : [];
  const taken = model.invariants ? takenTransitions(model, paths) : new Set<string>();
  const unreachable = model.unreachable ?? {};
  const untaken = defined.filter((t) => !taken.has(t) && !(t in unreachable));
  const stale = Object.keys(unreachable).filter((t) => !defined.includes(t) || taken.has(t));
  const counted = defined.filter((t) => !(t in unreachable));
  const total = states.length + transitions.length + counted.length;
  const hit =
    states.filter((s) => reached.has(s)).length +
    (transitions.length - uncovered.length) +
    (counted.length - untaken.length);
  return {
    machine: model.name,
    states,
    reachedStates: states.filter((s) => reached.has(s)),
    unreachedStates: states.filter((s) => !reached.has(s)),
    transitions,
    uncoveredTransitions: uncovered,
    paths: paths.map((p) => ({ name: p.name, steps: p.steps.length })),
    definedTransitions: defined,
    untakenTransitions: untaken,
    unreachable: Object.entries(unreachable).map(([transition, reason]) => ({ transition, reason })),
    staleUnreachable: stale,
    coveredPercent: total === 0 ? 100 : Math.round((hit / total) * 1000) / 10,
  };
}

/** Fixture helpers: the events xstate raises for actors and delays. */
export const done = <T>(id: string, output: T, fixture?: string): ModelEvent => ({
  type: `xstate.done.actor.${id}`,
  output,
  ...(fixture ? { fixture } : {}),
});
export const failed = (id: string, fixture = 'network', error: unknown = new Error(fixture)): ModelEvent => ({
  type: `xstate.error.actor.${id}`,
  error,
  fixture,
});
export const after = (delay: string, stateId: string): ModelEvent => ({ type: `xstate.after.${delay}.${stateId}` });

/** The paths no other path (from the same input) starts with: a prefix walks nothing its longer path does not. */
export function withoutPrefixes(paths: WalkedPath[]): WalkedPath[] {
  const keys = paths.map((p) => [p.input, ...p.steps.map((s) => JSON.stringify(s.event))]);
  const isPrefix = (short: string[], long: string[]) =>
    short.length < long.length && short.every((part, i) => part === long[i]);
  return paths.filter((_, i) => !keys.some((other, j) => j !== i && isPrefix(keys[i]!, other)));
}

/**
 * A small subset of `paths` reaching every goal any of them reaches (greedy set cover: each round takes the path
 * with the most goals not yet reached, the shorter on a tie). For walks too slow to take every generated path: the
 * goals say what the subset must still cover (states, defined transitions, state combinations…).
 */
export function coveringPaths(paths: WalkedPath[], goalsOf: (path: WalkedPath) => Iterable<string>): WalkedPath[] {
  const candidates = paths.map((path) => ({ path, goals: new Set(goalsOf(path)) }));
  const reached = new Set<string>();
  const chosen: WalkedPath[] = [];
  for (;;) {
    let best: { path: WalkedPath; gain: number } | null = null;
    for (const { path, goals } of candidates) {
      let gain = 0;
      for (const goal of goals) if (!reached.has(goal)) gain += 1;
      if (gain > 0 && (!best || gain > best.gain || (gain === best.gain && path.steps.length < best.path.steps.length)))
        best = { path, gain };
    }
    if (!best) return chosen;
    const { path } = best;
    chosen.push(path);
    for (const goal of candidates.find((c) => c.path === path)!.goals) reached.add(goal);
  }
}
