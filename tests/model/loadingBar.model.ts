import type { AnyMachineSnapshot, OutputFrom } from 'xstate';
import type * as loadingBarActors from '../../src/machines/loadingBar/loadingBar.actors.ts';
import { loadingBarMachine, type LoadingBarEvent } from '../../src/machines/loadingBar/loadingBar.machine.ts';
import { after, type MachineModel, type ModelEvent } from './graph.ts';

export const loadingBarEventFixtures = {
  'load.started': [{ type: 'load.started' }],
  'load.finished': [{ type: 'load.finished' }],
} satisfies { [K in LoadingBarEvent['type']]: Array<Extract<LoadingBarEvent, { type: K }>> };

export const loadingBarOutputFixtures = {
  loadEvents: {},
} satisfies { [K in keyof typeof loadingBarActors]: Record<string, OutputFrom<(typeof loadingBarActors)[K]>> };

const started = loadingBarEventFixtures['load.started'][0];
const finished = loadingBarEventFixtures['load.finished'][0];
const throttle = after('throttle', 'loadingBar.loading.throttled');
const tick = after('tick', 'loadingBar.loading.visible.easing');

export const loadingBarModel: MachineModel<undefined> = {
  name: 'loadingBar',
  machine: loadingBarMachine,
  inputs: { idle: undefined },
  events: [
    started,
    finished,
    throttle,
    tick,
    after('hideDelay', 'loadingBar.finishing'),
    after('resetDelay', 'loadingBar.reset'),
  ] as ModelEvent[],
  // Counts above two behave like two; progress is covered by the easing journey.
  serializeState: (s: AnyMachineSnapshot) =>
    JSON.stringify({ value: s.value, pending: Math.min(s.context.pending, 2) }),
  journeys: [
    {
      name: 'progress eases while loading',
      input: 'idle',
      events: [started, throttle, tick, tick, finished] as ModelEvent[],
    },
    {
      name: 'overlapping loads keep the bar until the last ends',
      input: 'idle',
      events: [started, started, throttle, finished, finished] as ModelEvent[],
    },
  ],
};
