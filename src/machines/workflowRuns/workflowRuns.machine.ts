import { assign, setup } from 'xstate';
import { readRun, readRuns, retryStep, startTestRun } from './workflowRuns.actors.ts';
import type {
  RunDetail,
  RunRow,
  WorkflowRunsContext,
  WorkflowRunsError,
  WorkflowRunsEvent,
  WorkflowRunsInput,
} from './workflowRuns.types.ts';

export type * from './workflowRuns.types.ts';

/**
 * A workflow's runs panel. `loading` reads the runs (all or failed only) → `list` or `failed`. Opening a run reads
 * its step history (`runLoading` → `run`); a failed run offers "Retry step" (`retrying`, then the run is read
 * again). `testing` is the test-run dialog (a contact and a test address) → `submittingTest` → the list again.
 */
export const workflowRunsMachine = setup({
  types: {
    context: {} as WorkflowRunsContext,
    events: {} as WorkflowRunsEvent,
    input: {} as WorkflowRunsInput,
  },
  actors: { readRuns, readRun, retryStep, startTestRun },
  guards: {
    isRunFailed: ({ context }) => context.run?.status === 'failed',
    isTestComplete: ({ context }) =>
      /^[1-9][0-9]*$/.test(context.test.contactId) && /^[^\s@]+@[^\s@]+\.[^\s@]+$/.test(context.test.address),
  },
  actions: {
    assignRuns: assign((_, runs: RunRow[]) => ({ runs })),
    assignRun: assign((_, run: RunDetail | null) => ({ run })),
    assignFilter: assign((_, filter: WorkflowRunsContext['filter']) => ({ filter })),
    assignTest: assign((_, test: WorkflowRunsContext['test']) => ({ test, error: null })),
    assignError: assign((_, error: WorkflowRunsError | null) => ({ error })),
  },
}).createMachine({
  id: 'workflowRuns',
  context: ({ input }) => ({
    workflowId: input.workflowId,
    runs: [],
    filter: 'all',
    run: null,
    test: { contactId: '', address: '' },
    error: null,
  }),
  initial: 'loading',
  states: {
    loading: {
      tags: ['busy'],
      invoke: {
        id: 'readRuns',
        src: 'readRuns',
        input: ({ context }) => ({ workflowId: context.workflowId, filter: context.filter }),
        onDone: { target: 'list', actions: { type: 'assignRuns', params: ({ event }) => event.output } },
        onError: 'failed',
      },
    },
    failed: { tags: ['error'], on: { 'runs.retry': 'loading' } },
    list: {
      on: {
        'runs.retry': 'loading',
        'runs.filter': { target: 'loading', actions: { type: 'assignFilter', params: ({ event }) => event.filter } },
        'run.open': 'runLoading',
        'test.open': { target: 'testing', actions: { type: 'assignError', params: null } },
      },
    },
    runLoading: {
      tags: ['busy'],
      invoke: {
        id: 'readRun',
        src: 'readRun',
        input: ({ context, event }) => ({
          workflowId: context.workflowId,
          runId: event.type === 'run.open' ? event.runId : (context.run?.id ?? 0),
        }),
        onDone: { target: 'run', actions: { type: 'assignRun', params: ({ event }) => event.output } },
        onError: 'failed',
      },
    },
    run: {
      on: {
        'run.close': { target: 'loading', actions: { type: 'assignRun', params: null } },
        'run.open': 'runLoading',
        'step.retry': { guard: 'isRunFailed', target: 'retrying' },
      },
    },
    retrying: {
      tags: ['busy'],
      invoke: {
        id: 'retryStep',
        src: 'retryStep',
        input: ({ context }) => ({ workflowId: context.workflowId, runId: context.run!.id }),
        onDone: { target: 'runLoading', actions: { type: 'assignError', params: null } },
        onError: { target: 'run', actions: { type: 'assignError', params: 'retryFailed' } },
      },
    },
    testing: {
      on: {
        'test.change': {
          actions: {
            type: 'assignTest',
            params: ({ event }) => ({ contactId: event.contactId, address: event.address }),
          },
        },
        'test.submit': [
          { guard: 'isTestComplete', target: 'submittingTest' },
          { actions: { type: 'assignError', params: 'testIncomplete' } },
        ],
        'test.cancel': 'list',
      },
    },
    submittingTest: {
      tags: ['busy'],
      invoke: {
        id: 'startTestRun',
        src: 'startTestRun',
        input: ({ context }) => ({
          workflowId: context.workflowId,
          contactId: Number(context.test.contactId),
          address: context.test.address.trim(),
        }),
        onDone: 'loading',
        onError: { target: 'testing', actions: { type: 'assignError', params: 'testFailed' } },
      },
    },
  },
});
