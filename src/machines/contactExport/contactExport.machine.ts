import { assign, setup } from 'xstate';
import type { ContactExport, ContactSelection } from '../contactsTable/contacts.types.ts';
import { MAX_READ_FAILURES } from '../readFailures.ts';
import { EXPORT_POLL_MS, readExport, startExport, watchExport } from './contactExport.actors.ts';
import type { ContactExportContext, ContactExportEvent, ExportError, ExportProgress } from './contactExport.types.ts';

export type * from './contactExport.types.ts';

type ExportStart = Extract<ContactExportEvent, { type: 'export.start' }>;
const start = {
  target: 'starting',
  actions: { type: 'assignSelection', params: ({ event }: { event: ExportStart }) => event.selection },
} as const;
const isDone = (result: ContactExport) => result.status === 'finished' || result.status === 'failed';

/**
 * A contacts download: `idle` → `starting` (queues the CSV export of a selection) → `running` (progress over
 * realtime; the export is read on entry, every `exportPoll` and when realtime says it ended) → `ready` (the signed
 * download link) or `failed`; dismissing returns to `idle`. MAX_READ_FAILURES failed reads in a row leave `running`
 * for `watchFailed`, where the user can follow the export again, dismiss it or start another.
 */
export const contactExportMachine = setup({
  types: { context: {} as ContactExportContext, events: {} as ContactExportEvent },
  actors: { startExport, readExport, watchExport },
  delays: { exportPoll: EXPORT_POLL_MS },
  guards: {
    isFinished: (_, result: ContactExport) => result.status === 'finished',
    isDone: (_, result: ContactExport) => isDone(result),
    isLastReadFailure: ({ context }) => context.readFailures + 1 >= MAX_READ_FAILURES,
  },
  actions: {
    assignSelection: assign((_, selection: ContactSelection) => ({
      selection,
      result: null,
      readFailures: 0,
      error: null,
      progress: { done: 0, total: null },
    })),
    assignStarted: assign((_, result: ContactExport) => ({
      result,
      progress: { done: result.rowsDone, total: result.rowsTotal },
      readFailures: 0,
    })),
    assignProgress: assign((_, progress: ExportProgress) => ({ progress })),
    assignRead: assign((_, result: ContactExport) => ({
      result,
      progress: { done: result.rowsDone, total: result.rowsTotal },
      readFailures: 0,
    })),
    assignCompleted: assign((_, result: ContactExport) => ({
      result,
      progress: { done: result.rowsDone, total: result.rowsTotal },
      readFailures: 0,
      error: result.status === 'failed' ? ('runFailed' as const) : null,
    })),
    countReadFailure: assign(({ context }) => ({ readFailures: context.readFailures + 1 })),
    failWith: assign((_, error: ExportError) => ({ error })),
    followAgain: assign({ readFailures: 0, error: null }),
  },
}).createMachine({
  id: 'contactExport',
  context: { selection: null, progress: { done: 0, total: null }, result: null, readFailures: 0, error: null },
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
        onError: { target: 'failed', actions: { type: 'failWith', params: 'startFailed' } },
      },
    },
    running: {
      tags: ['busy'],
      invoke: { id: 'watchExport', src: 'watchExport', input: ({ context }) => ({ exportId: context.result!.id }) },
      on: {
        'export.progressed': {
          actions: { type: 'assignProgress', params: ({ event }) => ({ done: event.done, total: event.total }) },
        },
      },
      initial: 'reading',
      states: {
        reading: {
          invoke: {
            id: 'readExport',
            src: 'readExport',
            input: ({ context }) => ({ exportId: context.result!.id }),
            onDone: [
              {
                guard: { type: 'isFinished', params: ({ event }) => event.output },
                target: '#contactExport.ready',
                actions: { type: 'assignCompleted', params: ({ event }) => event.output },
              },
              {
                guard: { type: 'isDone', params: ({ event }) => event.output },
                target: '#contactExport.failed',
                actions: { type: 'assignCompleted', params: ({ event }) => event.output },
              },
              { target: 'waiting', actions: { type: 'assignRead', params: ({ event }) => event.output } },
            ],
            onError: [
              {
                guard: 'isLastReadFailure',
                target: '#contactExport.watchFailed',
                actions: ['countReadFailure', { type: 'failWith', params: 'watchFailed' }],
              },
              { target: 'waiting', actions: 'countReadFailure' },
            ],
          },
        },
        waiting: { after: { exportPoll: 'reading' }, on: { 'export.ended': 'reading' } },
      },
    },
    watchFailed: {
      tags: ['error'],
      on: {
        'watch.retry': { target: 'running', actions: 'followAgain' },
        'export.dismiss': { target: 'idle', actions: 'followAgain' },
        'export.start': start,
      },
    },
    ready: { on: { 'export.dismiss': 'idle', 'export.start': start } },
    failed: { tags: ['error'], on: { 'export.dismiss': 'idle', 'export.start': start } },
  },
});
