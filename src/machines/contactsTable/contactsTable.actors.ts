import { fromPromise } from 'xstate';
import { api } from '../../api/appClient.ts';
import { ApiError, errorCode, readPagination } from '../../api/client.ts';
import type { ContactSelection } from './contacts.types.ts';
import { PAGE_SIZE } from './contactsTable.machine.ts';
import type { BulkRequest, PageOutcome, TableOptions } from './contactsTable.types.ts';
import type { ContactQuery } from './tableView.ts';

const LISTS_PER_PAGE = 500;

export const loadTableOptions = fromPromise<TableOptions>(async () => {
  const [lists, segments, attributes] = await Promise.all([
    api.GET('/contact-lists', { params: { query: { perPage: LISTS_PER_PAGE } } }),
    api.GET('/segments'),
    api.GET('/contact-attributes'),
  ]);
  for (const r of [lists, segments, attributes]) if (!r.data) throw new ApiError(r.response.status, errorCode(r.error));
  const listsTotal = readPagination(lists.response)?.total;
  return { lists: lists.data!, segments: segments.data!, attributes: attributes.data!, listsComplete: listsTotal !== undefined && listsTotal <= lists.data!.length };
});

/** A page of the query; the API's 404 (list or segment not found) and 422 (a value it refuses) are typed outcomes. */
type PageInput = { query: ContactQuery; page: number; cursor?: string | null };
export const loadPage = fromPromise<PageOutcome, PageInput>(async ({ input, signal }) => {
  const { sort, listId, segmentId } = input.query;
  const q = input.query.q.trim();
  const filter = { ...(q ? { q } : {}), ...(listId ? { listId } : {}), ...(segmentId ? { segmentId } : {}) };
  const { data, error, response } = await api.GET('/contacts', {
    params: {
      query: { page: input.page, perPage: PAGE_SIZE, sort, ...filter, ...(input.cursor ? { cursor: input.cursor } : {}) },
    },
    signal,
  });
  if (data) {
    const pagination = readPagination(response);
    const nextCursor = pagination?.nextCursor ?? null;
    return { kind: 'loaded', rows: data, total: pagination?.total ?? null, page: input.page, nextCursor };
  }
  if (response.status === 404) return { kind: 'rejected', reason: 'notFound' };
  if (response.status === 422) return { kind: 'rejected', reason: 'invalid' };
  throw new ApiError(response.status, errorCode(error));
});

export const applyBulk = fromPromise<number, { request: BulkRequest; selection: ContactSelection }>(async ({ input }) => {
  const { action, listId } = input.request;
  if (action === 'export') throw new Error('export is not a bulk call');
  const { data, error, response } = await api.POST('/contacts/bulk', { body: { action, selection: input.selection, ...(listId ? { listId } : {}) } });
  if (data) return data.affected;
  throw new ApiError(response.status, errorCode(error));
});
