import { fromPromise } from 'xstate';
import { api } from '../../api/appClient.ts';
import { readPagination, unwrap } from '../../api/client.ts';
import type { PageInput, PageOutput } from '../pagedList/pagedList.types.ts';
import type { RunDetail, RunRow } from './workflowRuns.types.ts';

/** The runs panel's only calls to the API. */

const paths = (workflowId: number, runId: number) => ({ params: { path: { workflowId, runId } } });

export const readRuns = fromPromise<RunRow[], { workflowId: number; filter: 'all' | 'failed' }>(async ({ input }) =>
  unwrap(
    await api.GET('/workflows/{workflowId}/runs', {
      params: { path: { workflowId: input.workflowId }, query: { status: input.filter } },
    }),
  ),
);

export const readRun = fromPromise<RunDetail, { workflowId: number; runId: number }>(async ({ input }) =>
  unwrap(await api.GET('/workflows/{workflowId}/runs/{runId}', paths(input.workflowId, input.runId))),
);

export const retryStep = fromPromise<void, { workflowId: number; runId: number }>(async ({ input }) => {
  unwrap(await api.POST('/workflows/{workflowId}/runs/{runId}/retry', paths(input.workflowId, input.runId)));
});

export const startTestRun = fromPromise<void, { workflowId: number; contactId: number; address: string }>(
  async ({ input }) => {
    unwrap(
      await api.POST('/workflows/{workflowId}/test-runs', {
        params: { path: { workflowId: input.workflowId } },
        body: { contactId: input.contactId, address: input.address },
      }),
    );
  },
);

/** A contact's runs across workflows, each with its steps (the contact page's history), one page at a time. */
export const readContactRuns = fromPromise<PageOutput<unknown>, PageInput>(async ({ input }) => {
  const result = await api.GET('/contacts/{contactId}/workflow-runs', {
    params: { path: { contactId: Number(input.query.contactId) }, query: { page: input.position.page } },
  });
  return { rows: unwrap(result), pagination: readPagination(result.response) };
});
