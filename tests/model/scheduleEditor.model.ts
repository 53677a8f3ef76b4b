import type { AnyMachineSnapshot } from 'xstate';
import {
  scheduleEditorMachine,
  type ScheduleEditorEvent,
  type ScheduleEditorInput,
} from '../../src/machines/scheduleEditor/scheduleEditor.machine.ts';
import type { Journey, MachineModel, ModelEvent } from './graph.ts';

type EventOf<K extends ScheduleEditorEvent['type']> = Extract<ScheduleEditorEvent, { type: K }>;

/** One list per event type: a new event type fails compilation here until it has fixtures. */
export const scheduleEditorEventFixtures = {
  'period.changed': [
    { type: 'period.changed', period: 'day' },
    { type: 'period.changed', period: 'year' },
  ],
  'values.changed': [
    { type: 'values.changed', field: 'minute', values: [5] },
    { type: 'values.changed', field: 'hour', values: [12] },
    { type: 'values.changed', field: 'dayOfMonth', values: [1] }, // hidden by day: invalid selection
    { type: 'values.changed', field: 'minute', values: [60] }, // out of range: invalid selection
  ],
  'pattern.set': [
    { type: 'pattern.set', pattern: '5 * * * *' },
    { type: 'pattern.set', pattern: '5 *' },
    { type: 'pattern.set', pattern: '' },
  ],
  'pattern.cleared': [{ type: 'pattern.cleared' }],
} as const satisfies { [K in ScheduleEditorEvent['type']]: readonly EventOf<K>[] };

export const scheduleEditorInputs = {
  'no pattern': {},
  'a day pattern': { pattern: '5 * * * *', period: 'day' },
  'a bad pattern': { pattern: '5 * * *' },
} satisfies Record<string, ScheduleEditorInput>;

const e = scheduleEditorEventFixtures;
const [toDay] = e['period.changed'];
const [minute5, , , minute60] = e['values.changed'];
const [setValid, setBad, setBlank] = e['pattern.set'];
const [clear] = e['pattern.cleared'];

/**
 * Shortest paths reach each snapshot once, so they miss edges into snapshots reached another way and every
 * self-transition. These journeys take each (state, event, outcome) edge from each settleable state.
 */
export const scheduleEditorJourneyEvents: ScheduleEditorEvent[][] = [
  [clear, toDay, clear, minute5, clear, minute60, clear, setValid, clear, setBad, clear, setBlank, clear],
  [setValid, toDay, minute5, minute60, setValid, setValid, setBad, setValid, setBlank, setValid, clear],
  [setBad, toDay, setBad, minute5, setBad, minute60, setBad, setValid, setBad, setBad, setBlank, setBad, clear],
];

const journeys: Journey[] = Object.keys(scheduleEditorInputs).flatMap((input) =>
  scheduleEditorJourneyEvents.map((events, i) => ({
    name: `edge tour ${i + 1} from ${input}`,
    input,
    events: events as ModelEvent[],
  })),
);

export const scheduleEditorModel: MachineModel<ScheduleEditorInput> = {
  name: 'scheduleEditor',
  machine: scheduleEditorMachine,
  inputs: scheduleEditorInputs,
  events: Object.values(scheduleEditorEventFixtures).flat() as ModelEvent[],
  transient: ['scheduleEditor.starting'],
  /** The state plus the context that matters: selections follow from pattern and period. */
  serializeState: (s: AnyMachineSnapshot) =>
    `${String(s.value)}|${s.context.period}|${s.context.pattern}|${s.context.error ?? '-'}`,
  limit: 10_000,
  journeys,
};
