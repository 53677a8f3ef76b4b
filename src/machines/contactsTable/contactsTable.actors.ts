import { fromPromise } from 'xstate';
import { api } from '../../api/appClient.ts';
import { ApiError, errorCode, readPagination } from '../../api/client.ts';
import type { ContactSelection } from './contacts.types.ts';
import { PAGE_SIZE, type BulkRequest, type ContactPage, type ContactQuery, type TableOptions } from './contactsTable.machine.ts';

export const loadTableOptions = fromPromise<TableOptions>(async () => {
  const [lists, segments, attributes] = await Promise.all([
    api.GET('/contact-lists', { params: { query: { perPage: 500 } } }),
    api.GET('/segments'),
    api.GET('/contact-attributes'),
  ]);
  for (const r of [lists, segments, attributes]) if (!r.data) throw new ApiError(r.response.status, errorCode(r.error));
  return { lists: lists.data!, segments: segments.data!, attributes: attributes.data! };
});

export const loadPage = fromPromise<ContactPage, { query: ContactQuery; page: number }>(async ({ input, signal }) => {
  const { sort, q, listId, segmentId } = input.query;
  const { data, error, response } = await api.GET('/contacts', {
    params: {
      query: { page: input.page, perPage: PAGE_SIZE, sort, ...(q ? { q } : {}), ...(listId ? { listId } : {}), ...(segmentId ? { segmentId } : {}) },
    },
    signal,
  });
  if (!data) throw new ApiError(response.status, errorCode(error));
  return { rows: data, total: readPagination(response)?.total ?? null, page: input.page };
});

export const applyBulk = fromPromise<number, { request: BulkRequest; selection: ContactSelection }>(async ({ input }) => {
  const { action, listId } = input.request;
  if (action === 'export') throw new Error('export is not a bulk call');
  const { data, error, response } = await api.POST('/contacts/bulk', { body: { action, selection: input.selection, ...(listId ? { listId } : {}) } });
  if (data) return data.affected;
  throw new ApiError(response.status, errorCode(error));
});
