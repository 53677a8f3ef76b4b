import { fromPromise } from 'xstate';
import { api } from '../../api/appClient.ts';
import { readPagination, unwrap } from '../../api/client.ts';
import type { ContactSelection } from './contacts.types.ts';
import type { BulkRequest, PageOutcome, TableOptions } from './contactsTable.types.ts';
import type { ContactQuery } from './tableView.ts';

const LISTS_PER_PAGE = 500;
/** Contacts per page read: the table loads the next page as the user scrolls near the end. */
export const PAGE_SIZE = 100;

/** Active workflows offered for manual enrolment: a company runs a few dozen at most. */
const WORKFLOWS_PER_PAGE = 100;

export const loadTableOptions = fromPromise<TableOptions>(async () => {
  const [lists, segments, attributes, workflows] = await Promise.all([
    api.GET('/contact-lists', { params: { query: { perPage: LISTS_PER_PAGE } } }),
    api.GET('/segments'),
    api.GET('/contact-attributes'),
    api.GET('/workflows', { params: { query: { section: 'active', perPage: WORKFLOWS_PER_PAGE } } }),
  ]);
  const listRows = unwrap(lists);
  const listsTotal = readPagination(lists.response)?.total;
  return {
    lists: listRows,
    workflows: unwrap(workflows).map(({ id, name }) => ({ id, name })),
    segments: unwrap(segments),
    attributes: unwrap(attributes),
    listsComplete: listsTotal !== undefined && listsTotal <= listRows.length,
  };
});

/** A page of the query; the API's 404 (list or segment not found) and 422 (a value it refuses) are typed outcomes. */
type PageInput = { query: ContactQuery; page: number; cursor?: string | null };
export const loadPage = fromPromise<PageOutcome, PageInput>(async ({ input, signal }) => {
  const { sort, listId, segmentId } = input.query;
  const q = input.query.q.trim();
  const filter = { ...(q ? { q } : {}), ...(listId ? { listId } : {}), ...(segmentId ? { segmentId } : {}) };
  const result = await api.GET('/contacts', {
    params: {
      query: {
        page: input.page,
        perPage: PAGE_SIZE,
        sort,
        ...filter,
        ...(input.cursor ? { cursor: input.cursor } : {}),
      },
    },
    signal,
  });
  if (result.response.status === 404) return { kind: 'rejected', reason: 'notFound' };
  if (result.response.status === 422) return { kind: 'rejected', reason: 'invalid' };
  const rows = unwrap(result);
  const pagination = readPagination(result.response);
  return {
    kind: 'loaded',
    rows,
    total: pagination?.total ?? null,
    page: input.page,
    nextCursor: pagination?.nextCursor ?? null,
  };
});

export const applyBulk = fromPromise<number, { request: BulkRequest; selection: ContactSelection }>(
  async ({ input }) => {
    const { action, listId, workflowId } = input.request;
    if (action === 'export') throw new Error('export is not a bulk call');
    if (action === 'enrolInWorkflow') {
      const path = { workflowId: workflowId! };
      const body = { selection: input.selection };
      return unwrap(await api.POST('/workflows/{workflowId}/enrolments', { params: { path }, body })).enrolled;
    }
    const body = { action, selection: input.selection, ...(listId ? { listId } : {}) };
    return unwrap(await api.POST('/contacts/bulk', { body })).affected;
  },
);
