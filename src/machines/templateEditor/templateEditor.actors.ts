import { fromPromise } from 'xstate';
import { api } from '../../api/appClient.ts';
import { unwrap } from '../../api/client.ts';
import type { Channel } from '../../../shared/messaging.ts';
import type { EditorData, SaveOutcome, TemplateDraft, TemplateProblems } from './templateEditor.types.ts';

export const loadEditor = fromPromise<EditorData, { channel: Channel; templateId: number }>(async ({ input }) => {
  const path = { channel: input.channel, templateId: input.templateId };
  const [template, mergeTags] = await Promise.all([
    api.GET('/channels/{channel}/templates/{templateId}', { params: { path } }),
    api.GET('/channels/{channel}/merge-tags', { params: { path: { channel: input.channel } } }),
  ]);
  return { template: unwrap(template), mergeTags: unwrap(mergeTags) };
});

/** A 422 (MJML or merge-tag problems, a blank name) is an expected outcome with the server's messages per field. */
export const saveTemplate = fromPromise<SaveOutcome, { channel: Channel; templateId: number; draft: TemplateDraft }>(
  async ({ input }) => {
    const result = await api.PUT('/channels/{channel}/templates/{templateId}', {
      params: { path: { channel: input.channel, templateId: input.templateId } },
      body: { subject: input.draft.subject || null, design: input.draft.design, source: input.draft.source },
    });
    if (result.response.status === 422) {
      const errors = (result.error as { errors?: TemplateProblems } | undefined)?.errors ?? {};
      return { kind: 'rejected', problems: errors };
    }
    return { kind: 'saved', template: unwrap(result) };
  },
);
