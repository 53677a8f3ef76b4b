import type { OutputFrom } from 'xstate';
import type * as listActors from '../../src/machines/workflowList/workflowList.actors.ts';
import type * as runsActors from '../../src/machines/workflowRuns/workflowRuns.actors.ts';
import {
  workflowListMachine,
  type WorkflowListEvent,
  type WorkflowListInput,
  type WorkflowPage,
  type WorkflowRow,
} from '../../src/machines/workflowList/workflowList.machine.ts';
import {
  workflowRunsMachine,
  type RunDetail,
  type RunRow,
  type WorkflowRunsEvent,
  type WorkflowRunsInput,
} from '../../src/machines/workflowRuns/workflowRuns.machine.ts';
import { done, failed, type MachineModel, type ModelEvent } from './graph.ts';

const row: WorkflowRow = {
  id: 5,
  name: 'Welcome',
  status: 'active',
  trigger: 'listAdded',
  inProgress: 3,
  finished: 10,
  updatedAt: '2026-11-01T10:00:00.000Z',
};

export const workflowListEventFixtures = {
  'list.search': [{ type: 'list.search', search: 'wel' }],
  'list.section': [{ type: 'list.section', section: 'active' }],
  'list.page': [{ type: 'list.page', page: 2 }],
  'list.retry': [{ type: 'list.retry' }],
  'row.act': [
    { type: 'row.act', action: 'pause', id: 5 },
    { type: 'row.act', action: 'delete', id: 5 },
  ],
  'action.confirm': [{ type: 'action.confirm' }],
  'action.cancel': [{ type: 'action.cancel' }],
  'create.open': [{ type: 'create.open', template: 'welcomeSeries' }],
  'create.name': [
    { type: 'create.name', name: 'Welcome' },
    { type: 'create.name', name: ' ' },
  ],
  'create.template': [{ type: 'create.template', template: null }],
  'create.submit': [{ type: 'create.submit' }],
  'create.cancel': [{ type: 'create.cancel' }],
} satisfies { [K in WorkflowListEvent['type']]: Array<Extract<WorkflowListEvent, { type: K }>> };

export const workflowListOutputFixtures = {
  readWorkflows: { page: { rows: [row], pagination: { page: 1, perPage: 25, total: 1, pages: 1 } } as WorkflowPage },
  runRowAction: { done: undefined },
  createWorkflow: { created: 9 },
} satisfies { [K in keyof typeof listActors]: Record<string, OutputFrom<(typeof listActors)[K]>> };

export const workflowListModel: MachineModel<WorkflowListInput> = {
  name: 'workflowList',
  machine: workflowListMachine,
  inputs: { all: { section: 'all' } },
  events: [
    ...Object.values(workflowListEventFixtures).flat(),
    done('readWorkflows', workflowListOutputFixtures.readWorkflows.page, 'page'),
    failed('readWorkflows'),
    done('runRowAction', undefined, 'done'),
    failed('runRowAction'),
    done('createWorkflow', 9, 'created'),
    failed('createWorkflow'),
  ] as ModelEvent[],
  serializeState: (s) =>
    JSON.stringify({
      value: s.value,
      error: s.context.error,
      named: s.context.create.name.trim() !== '',
      pending: s.context.pending?.action ?? null,
    }),
};

const run: RunDetail = {
  id: 4,
  workflowId: 5,
  workflowName: 'Welcome',
  contactId: 7,
  contactEmail: 'giulia@example.org',
  status: 'failed',
  nodeId: 'n2',
  test: false,
  startedAt: '2026-11-01T10:00:00.000Z',
  updatedAt: '2026-11-01T10:01:00.000Z',
  steps: [
    {
      nodeId: 'n1',
      kind: 'trigger',
      at: '2026-11-01T10:00:00.000Z',
      outcome: 'passed',
      handle: null,
      detail: null,
      messageId: null,
    },
  ],
};

export const workflowRunsEventFixtures = {
  'runs.retry': [{ type: 'runs.retry' }],
  'runs.filter': [{ type: 'runs.filter', filter: 'failed' }],
  'run.open': [{ type: 'run.open', runId: 4 }],
  'run.close': [{ type: 'run.close' }],
  'step.retry': [{ type: 'step.retry' }],
  'test.open': [{ type: 'test.open' }],
  'test.change': [
    { type: 'test.change', contactId: '7', address: 'qa@missiva.test' },
    { type: 'test.change', contactId: 'x', address: '' },
  ],
  'test.submit': [{ type: 'test.submit' }],
  'test.cancel': [{ type: 'test.cancel' }],
} satisfies { [K in WorkflowRunsEvent['type']]: Array<Extract<WorkflowRunsEvent, { type: K }>> };

export const workflowRunsOutputFixtures = {
  readRuns: { runs: [run] as RunRow[] },
  readRun: { failedRun: run, finishedRun: { ...run, status: 'finished' } },
  retryStep: { done: undefined },
  startTestRun: { done: undefined },
  readContactRuns: { page: { rows: [run], pagination: null } },
} satisfies { [K in keyof typeof runsActors]: Record<string, OutputFrom<(typeof runsActors)[K]>> };

export const workflowRunsModel: MachineModel<WorkflowRunsInput> = {
  name: 'workflowRuns',
  machine: workflowRunsMachine,
  inputs: { workflow: { workflowId: 5 } },
  events: [
    ...Object.values(workflowRunsEventFixtures).flat(),
    done('readRuns', [run], 'runs'),
    failed('readRuns'),
    done('readRun', run, 'failedRun'),
    done('readRun', { ...run, status: 'finished' }, 'finishedRun'),
    failed('readRun'),
    done('retryStep', undefined, 'done'),
    failed('retryStep'),
    done('startTestRun', undefined, 'done'),
    failed('startTestRun'),
  ] as ModelEvent[],
  serializeState: (s) =>
    JSON.stringify({
      value: s.value,
      error: s.context.error,
      runStatus: s.context.run?.status ?? null,
      testOk: s.context.test.contactId === '7',
      filter: s.context.filter,
    }),
};
