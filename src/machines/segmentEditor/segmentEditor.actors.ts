import { fromPromise } from 'xstate';
import { api } from '../../api/appClient.ts';
import { firstFieldErrors, unwrap } from '../../api/client.ts';
import type { SegmentGroup } from '../contactsTable/contacts.types.ts';
import type { SaveOutcome, SegmentOptions } from './segmentEditor.types.ts';
import { conditionIssues } from './segmentTree.ts';

export const loadSegmentOptions = fromPromise<SegmentOptions>(async () => {
  const [segments, lists, attributes] = await Promise.all([
    api.GET('/segments'),
    api.GET('/contact-lists', { params: { query: { perPage: 500 } } }),
    api.GET('/contact-attributes'),
  ]);
  return { segments: unwrap(segments), lists: unwrap(lists), attributes: unwrap(attributes) };
});

export const countConditions = fromPromise<number, { conditions: SegmentGroup }>(async ({ input, signal }) => {
  return unwrap(await api.POST('/segments/count', { body: { conditions: input.conditions }, signal })).count;
});

export const saveSegment = fromPromise<SaveOutcome, { id: number | null; name: string; conditions: SegmentGroup }>(
  async ({ input }) => {
    const body = { name: input.name, conditions: input.conditions };
    const result =
      input.id === null
        ? await api.POST('/segments', { body })
        : await api.PUT('/segments/{segmentId}', { params: { path: { segmentId: input.id } }, body });
    if (result.response.status === 422) {
      const fields = firstFieldErrors(result.error);
      return {
        kind: 'rejected',
        reason: fields.name ? 'nameRequired' : 'invalidConditions',
        issues: conditionIssues(fields),
      };
    }
    return { kind: 'saved', segment: unwrap(result) };
  },
);

export const deleteSegment = fromPromise<void, { id: number }>(async ({ input }) => {
  unwrap(await api.DELETE('/segments/{segmentId}', { params: { path: { segmentId: input.id } } }));
});
