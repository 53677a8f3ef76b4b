import { assign, setup } from 'xstate';
import type { ContactExport, ContactSelection } from '../contactsTable/contacts.types.ts';
import { startExport, watchExport } from './contactExport.actors.ts';
import type { ContactExportContext, ContactExportEvent } from './contactExport.types.ts';

export type { ContactExportContext, ContactExportEvent } from './contactExport.types.ts';

type ExportStart = Extract<ContactExportEvent, { type: 'export.start' }>;
const start = {
  target: 'starting',
  actions: { type: 'assignSelection', params: ({ event }: { event: ExportStart }) => event.selection },
} as const;

/**
 * A contacts download: `idle` → `starting` (queues the CSV export of a selection) → `running` (progress over
 * realtime, polling as a fallback) → `ready` (the signed download link) or `failed`; dismissing returns to `idle`.
 */
export const contactExportMachine = setup({
  types: { context: {} as ContactExportContext, events: {} as ContactExportEvent },
  actors: { startExport, watchExport },
  guards: { isFinished: (_, result: ContactExport) => result.status === 'finished' },
  actions: {
    assignSelection: assign((_, selection: ContactSelection) => ({
      selection,
      result: null,
      error: null,
      progress: { done: 0, total: null },
    })),
    assignStarted: assign((_, result: ContactExport) => ({
      result,
      progress: { done: result.rowsDone, total: result.rowsTotal },
    })),
    assignProgress: assign((_, progress: ContactExportContext['progress']) => ({ progress })),
    assignResult: assign((_, result: ContactExport) => ({
      result,
      error: result.status === 'failed' ? ('runFailed' as const) : null,
    })),
    failStart: assign({ error: 'startFailed' as const }),
  },
}).createMachine({
  id: 'contactExport',
  context: { selection: null, progress: { done: 0, total: null }, result: null, error: null },
  initial: 'idle',
  states: {
    idle: { on: { 'export.start': start } },
    starting: {
      tags: ['busy'],
      invoke: {
        id: 'startExport',
        src: 'startExport',
        input: ({ context }) => ({ selection: context.selection! }),
        onDone: { target: 'running', actions: { type: 'assignStarted', params: ({ event }) => event.output } },
        onError: { target: 'failed', actions: 'failStart' },
      },
    },
    running: {
      tags: ['busy'],
      invoke: { id: 'watchExport', src: 'watchExport', input: ({ context }) => ({ exportId: context.result!.id }) },
      on: {
        'export.progressed': {
          actions: { type: 'assignProgress', params: ({ event }) => ({ done: event.done, total: event.total }) },
        },
        'export.completed': [
          {
            guard: { type: 'isFinished', params: ({ event }) => event.result },
            target: 'ready',
            actions: { type: 'assignResult', params: ({ event }) => event.result },
          },
          { target: 'failed', actions: { type: 'assignResult', params: ({ event }) => event.result } },
        ],
      },
    },
    ready: { on: { 'export.dismiss': 'idle', 'export.start': start } },
    failed: { tags: ['error'], on: { 'export.dismiss': 'idle', 'export.start': start } },
  },
});
