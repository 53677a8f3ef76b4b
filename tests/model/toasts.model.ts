import type { AnyMachineSnapshot, OutputFrom } from 'xstate';
import type * as toastsActors from '../../src/machines/toasts/toasts.actors.ts';
import { toastsMachine, type ToastMessage, type ToastsEvent } from '../../src/machines/toasts/toasts.machine.ts';
import type { MachineModel, ModelEvent } from './graph.ts';

/** One message per kind: a new kind fails compilation until it has a fixture. */
export const toastMessageFixtures = {
  http: { kind: 'http', status: 500 },
  timeout: { kind: 'timeout' },
  notification: { kind: 'notification', code: 'import.finished', values: { count: 3 }, level: 'success' },
  text: { kind: 'text', code: 'account.saved', level: 'info' },
} satisfies { [K in ToastMessage['kind']]: Extract<ToastMessage, { kind: K }> };

export const toastsEventFixtures = {
  'toast.show': [
    { type: 'toast.show', message: toastMessageFixtures.http },
    { type: 'toast.show', message: toastMessageFixtures.timeout },
  ],
  'toast.dismiss': [{ type: 'toast.dismiss', id: 'toast-1' }],
  'toast.dismissLatest': [{ type: 'toast.dismissLatest' }],
  'toast.expired': [
    { type: 'toast.expired', id: 'toast-1' },
    { type: 'toast.expired', id: 'toast-2' },
  ],
} satisfies { [K in ToastsEvent['type']]: Array<Extract<ToastsEvent, { type: K }>> };

export const toastsOutputFixtures = {
  toastSources: {},
} satisfies { [K in keyof typeof toastsActors]: Record<string, OutputFrom<(typeof toastsActors)[K]>> };

const ev = toastsEventFixtures;

export const toastsModel: MachineModel<undefined> = {
  name: 'toasts',
  machine: toastsMachine,
  inputs: { none: undefined },
  events: Object.values(toastsEventFixtures).flat() as ModelEvent[],
  serializeState: (s: AnyMachineSnapshot) =>
    JSON.stringify({
      value: s.value,
      ids: (s.context.toasts as Array<{ id: string; count: number }>).map((t) => `${t.id}x${Math.min(t.count, 2)}`),
    }),
  limit: 20_000,
  journeys: [
    {
      name: 'an identical message raises the repeat counter',
      input: 'none',
      events: [ev['toast.show'][0], ev['toast.show'][0], ev['toast.expired'][0]] as ModelEvent[],
    },
    {
      name: 'Escape closes the latest',
      input: 'none',
      events: [ev['toast.show'][0], ev['toast.show'][1], ev['toast.dismissLatest'][0]] as ModelEvent[],
    },
  ],
};
