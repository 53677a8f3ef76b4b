import { fromPromise } from 'xstate';
import { api } from '../../api/appClient.ts';
import { ApiError, errorCode, firstFieldErrors } from '../../api/client.ts';
import type { SegmentGroup } from '../contactsTable/contacts.types.ts';
import type { SaveOutcome, SegmentOptions } from './segmentEditor.machine.ts';
import { conditionIssues } from './segmentTree.ts';

export const loadSegmentOptions = fromPromise<SegmentOptions>(async () => {
  const [segments, lists, attributes] = await Promise.all([
    api.GET('/segments'),
    api.GET('/contact-lists', { params: { query: { perPage: 500 } } }),
    api.GET('/contact-attributes'),
  ]);
  for (const r of [segments, lists, attributes]) if (!r.data) throw new ApiError(r.response.status, errorCode(r.error));
  return { segments: segments.data!, lists: lists.data!, attributes: attributes.data! };
});

export const countConditions = fromPromise<number, { conditions: SegmentGroup }>(async ({ input, signal }) => {
  const { data, error, response } = await api.POST('/segments/count', { body: { conditions: input.conditions }, signal });
  if (data) return data.count;
  throw new ApiError(response.status, errorCode(error));
});

export const saveSegment = fromPromise<SaveOutcome, { id: number | null; name: string; conditions: SegmentGroup }>(async ({ input }) => {
  const body = { name: input.name, conditions: input.conditions };
  const { data, error, response } =
    input.id === null ? await api.POST('/segments', { body }) : await api.PUT('/segments/{segmentId}', { params: { path: { segmentId: input.id } }, body });
  if (data) return { kind: 'saved', segment: data };
  if (response.status === 422) {
    const fields = firstFieldErrors(error);
    return { kind: 'rejected', reason: fields.name ? 'nameRequired' : 'invalidConditions', issues: conditionIssues(fields) };
  }
  throw new ApiError(response.status, errorCode(error));
});

export const deleteSegment = fromPromise<void, { id: number }>(async ({ input }) => {
  const { error, response } = await api.DELETE('/segments/{segmentId}', { params: { path: { segmentId: input.id } } });
  if (!response.ok) throw new ApiError(response.status, errorCode(error));
});
