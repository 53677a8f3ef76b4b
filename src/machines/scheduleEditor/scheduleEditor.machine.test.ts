import { describe, expect, it } from 'vitest';
import { createActor, type ActorLogic, type SnapshotFrom } from 'xstate';
import {
  adjacencyMapToArray,
  getAdjacencyMap,
  getPathsFromEvents,
  getShortestPaths,
  getStateNodes,
} from 'xstate/graph';
import {
  scheduleEditorMachine,
  type ScheduleEditorEmitted,
  type ScheduleEditorEvent,
  type ScheduleEditorInput,
} from './scheduleEditor.machine';
import { describeModel } from '../../../tests/model/describeModel.ts';
import {
  scheduleEditorEventFixtures as eventFixtures,
  scheduleEditorInputs,
  scheduleEditorJourneyEvents,
  scheduleEditorModel,
} from '../../../tests/model/scheduleEditor.model.ts';

describeModel(scheduleEditorModel);

type Snapshot = SnapshotFrom<typeof scheduleEditorMachine>;
/** getPathsFromEvents and getAdjacencyMap type their logic without the emitted-event parameter. */
const graphLogic = scheduleEditorMachine as unknown as ActorLogic<Snapshot, ScheduleEditorEvent, ScheduleEditorInput>;
const events: ScheduleEditorEvent[] = Object.values(eventFixtures).flat();

const stateOf = (snapshot: Snapshot) => String(snapshot.value);
const serializeState = (snapshot: Snapshot) => scheduleEditorModel.serializeState!(snapshot);
const traversal = (input: ScheduleEditorInput) => ({ input, events, serializeState, limit: 10_000 });

/** Each step holds the state after its event; the first step is `xstate.init` with the initial state. */
type Path = {
  state: Snapshot;
  steps: Array<{ state: Snapshot; event: ScheduleEditorEvent | { type: 'xstate.init' } }>;
};

const isEditorEvent = (event: Path['steps'][number]['event']): event is ScheduleEditorEvent =>
  event.type !== 'xstate.init';
const eventsOf = (path: Path): ScheduleEditorEvent[] => path.steps.map((step) => step.event).filter(isEditorEvent);

/** `from --event--> to` edges at the level of state values. */
function edgesOf(paths: Path[]): Set<string> {
  const edges = new Set<string>();
  for (const path of paths) {
    path.steps.forEach((step, i) => {
      const previous = path.steps[i - 1];
      if (previous && isEditorEvent(step.event))
        edges.add(`${stateOf(previous.state)} --${step.event.type}--> ${stateOf(step.state)}`);
    });
  }
  return edges;
}

const settleableStates = getStateNodes(scheduleEditorMachine.root)
  .filter((node) => node.type === 'atomic' && !(node.always?.length ?? 0))
  .map((node) => node.key)
  .sort();

const inputs = Object.entries(scheduleEditorInputs) as Array<[string, ScheduleEditorInput]>;

describe.each(inputs)('scheduleEditorMachine graph from %s', (_, input) => {
  const shortest = getShortestPaths(scheduleEditorMachine, traversal(input)) as Path[];
  const journeys = scheduleEditorJourneyEvents.flatMap((journey) => {
    // getPathsFromEvents does not hand `input` on to its adjacency map, so it starts from the initial snapshot.
    const fromState = createActor(scheduleEditorMachine, { input }).getSnapshot();
    return getPathsFromEvents(graphLogic, journey, { input, fromState, serializeState }) as Path[];
  });
  const walked = [...shortest, ...journeys];

  it('reaches every settleable state', () => {
    expect(settleableStates).toEqual(['cleared', 'editing', 'error']);
    expect([...new Set(shortest.map((path) => stateOf(path.state)))].sort()).toEqual(settleableStates);
  });

  it('walks every edge of the adjacency map', () => {
    const adjacency = adjacencyMapToArray(getAdjacencyMap(graphLogic, traversal(input)));
    const all = new Set(
      adjacency.map(({ state, event, nextState }) => `${stateOf(state)} --${event.type}--> ${stateOf(nextState)}`),
    );
    const covered = edgesOf(walked);
    expect([...all].filter((edge) => !covered.has(edge))).toEqual([]);
  });

  it('replays every walked path on a live actor, emitting one outcome per event', () => {
    for (const path of walked) {
      const actor = createActor(scheduleEditorMachine, { input }).start();
      const emitted: ScheduleEditorEmitted[] = [];
      actor.on('*', (event) => emitted.push(event));
      const sent = eventsOf(path);
      for (const event of sent) actor.send(event);
      const snapshot = actor.getSnapshot();
      expect(serializeState(snapshot)).toBe(serializeState(path.state));
      expect(emitted).toHaveLength(sent.length);
      const last = emitted.at(-1);
      if (last === undefined) continue;
      expect(last).toEqual(
        snapshot.matches('error')
          ? { type: 'pattern.rejected', error: snapshot.context.error }
          : { type: 'pattern.changed', pattern: snapshot.context.pattern },
      );
      actor.stop();
    }
  });
});

describe('scheduleEditorMachine journeys', () => {
  const start = (input: ScheduleEditorInput = {}) => createActor(scheduleEditorMachine, { input }).start();

  it('defaults to the year period and the default pattern in the cleared state', () => {
    const snapshot = start().getSnapshot();
    expect(snapshot.value).toBe('cleared');
    expect(snapshot.context).toMatchObject({ period: 'year', pattern: '* * * * *', error: null });
  });

  it('rebuilds the pattern on a value change and keeps it across a wider period', () => {
    const actor = start({ pattern: '5 * * * *', period: 'day' });
    actor.send({ type: 'values.changed', field: 'hour', values: [12] });
    expect(actor.getSnapshot().context.pattern).toBe('5 12 * * *');
    actor.send({ type: 'period.changed', period: 'month' });
    expect(actor.getSnapshot().context.pattern).toBe('5 12 * * *');
    expect(actor.getSnapshot().value).toBe('editing');
  });

  it('writes hidden fields as wildcards when the period narrows', () => {
    const actor = start({ pattern: '5 12 1 2 3' });
    expect(actor.getSnapshot().context.selections).toEqual({
      minute: [5],
      hour: [12],
      dayOfMonth: [1],
      month: [2],
      dayOfWeek: [3],
    });
    actor.send({ type: 'period.changed', period: 'week' });
    expect(actor.getSnapshot().context.pattern).toBe('5 12 * * 3');
    expect(actor.getSnapshot().context.selections.dayOfMonth).toEqual([]);
  });

  it('reloads selections from a pattern and sorts selected values', () => {
    const actor = start({ period: 'week' });
    actor.send({ type: 'pattern.set', pattern: '*/15 9-17 * * 5,1' });
    expect(actor.getSnapshot().context.selections).toMatchObject({ minute: [0, 15, 30, 45], dayOfWeek: [1, 5] });
    actor.send({ type: 'values.changed', field: 'dayOfWeek', values: [5, 3, 1] });
    expect(actor.getSnapshot().context.pattern).toBe('*/15 9-17 * * 1,3,5');
  });

  it('holds the error code, keeps the last good pattern, emits it and clears it on success', () => {
    const actor = start({ pattern: '5 12 * * *', period: 'day' });
    const emitted: ScheduleEditorEmitted[] = [];
    actor.on('*', (event) => emitted.push(event));
    actor.send({ type: 'pattern.set', pattern: '5 12 * *' });
    expect(actor.getSnapshot().value).toBe('error');
    expect(actor.getSnapshot().hasTag('error')).toBe(true);
    expect(actor.getSnapshot().context).toMatchObject({ error: 'invalid pattern', pattern: '5 12 * * *' });
    actor.send({ type: 'values.changed', field: 'minute', values: [60] });
    expect(actor.getSnapshot().context.error).toBe('invalid selection');
    actor.send({ type: 'values.changed', field: 'minute', values: [30] });
    expect(actor.getSnapshot().context).toMatchObject({ error: null, pattern: '30 12 * * *' });
    expect(emitted).toEqual([
      { type: 'pattern.rejected', error: 'invalid pattern' },
      { type: 'pattern.rejected', error: 'invalid selection' },
      { type: 'pattern.changed', pattern: '30 12 * * *' },
    ]);
  });

  it('refuses a day of month that never occurs in the chosen months', () => {
    const actor = start({ pattern: '0 0 31 * *' });
    actor.send({ type: 'values.changed', field: 'month', values: [2] });
    expect(actor.getSnapshot().context).toMatchObject({ error: 'invalid selection', pattern: '0 0 31 * *' });
  });

  it('resets an empty value to the default pattern in the cleared state', () => {
    const actor = start({ pattern: '5 12 * * *' });
    actor.send({ type: 'pattern.set', pattern: '   ' });
    expect(actor.getSnapshot().value).toBe('cleared');
    expect(actor.getSnapshot().context).toMatchObject({ pattern: '* * * * *', error: null });
    expect(Object.values(actor.getSnapshot().context.selections).every((values) => values.length === 0)).toBe(true);
  });

  it('starts in error for an unreadable input and keeps the default pattern', () => {
    const snapshot = start({ pattern: '60 * * * *', period: 'hour' }).getSnapshot();
    expect(snapshot.value).toBe('error');
    expect(snapshot.context).toMatchObject({ error: 'invalid pattern', pattern: '* * * * *', period: 'hour' });
  });
});
