import { fromPromise } from 'xstate';
import type { PageInput, PageOutput } from '../pagedList/pagedList.types.ts';
import type { RunDetail, RunRow } from './workflowRuns.types.ts';

/** The runs panel's only calls to the API. */

const unwired = (): never => {
  throw new Error('workflows API not in the contract yet');
};

export const readRuns = fromPromise<RunRow[], { workflowId: number; filter: 'all' | 'failed' }>(async () => unwired());

export const readRun = fromPromise<RunDetail, { workflowId: number; runId: number }>(async () => unwired());

export const retryStep = fromPromise<void, { workflowId: number; runId: number }>(async () => unwired());

export const startTestRun = fromPromise<void, { workflowId: number; contactId: number; address: string }>(async () =>
  unwired(),
);

/** A contact's runs across workflows, each with its steps (the contact page's history), one page at a time. */
export const readContactRuns = fromPromise<PageOutput<unknown>, PageInput>(async () => unwired());
