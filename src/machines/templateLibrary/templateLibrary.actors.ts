import { fromPromise } from 'xstate';
import { api } from '../../api/appClient.ts';
import { unwrap, type Pagination } from '../../api/client.ts';
import type { TemplateStarter } from '../../../shared/templates.ts';
import type { Channel } from '../../../shared/messaging.ts';
import type { TemplatePage, TemplateQuery, WriteOutcome } from './templateLibrary.types.ts';

/** Templates shown per page: a grid of thumbnails. */
export const TEMPLATES_PER_PAGE = 12;

export const loadTemplates = fromPromise<TemplatePage, TemplateQuery>(async ({ input }) => {
  const result = await api.GET('/channels/{channel}/templates', {
    params: {
      path: { channel: input.channel },
      query: { page: input.page, perPage: TEMPLATES_PER_PAGE, ...(input.q ? { q: input.q } : {}) },
    },
  });
  const items = unwrap(result);
  const info = JSON.parse(result.response.headers.get('Pagination') ?? '{}') as Partial<Pagination>;
  return { items, page: info.page ?? input.page, pages: info.pages ?? 1, total: info.total ?? items.length };
});

export const createTemplate = fromPromise<WriteOutcome, { channel: Channel; name: string; starter: TemplateStarter }>(
  async ({ input }) => {
    const result = await api.POST('/channels/{channel}/templates', {
      params: { path: { channel: input.channel } },
      body: { name: input.name, starter: input.starter },
    });
    if (result.response.status === 422) return { kind: 'rejected' };
    return { kind: 'saved', id: unwrap(result).id };
  },
);

export const duplicateTemplate = fromPromise<WriteOutcome, { channel: Channel; id: number }>(async ({ input }) => {
  const result = await api.POST('/channels/{channel}/templates/{templateId}/duplicate', {
    params: { path: { channel: input.channel, templateId: input.id } },
  });
  return { kind: 'saved', id: unwrap(result).id };
});

export const renameTemplate = fromPromise<WriteOutcome, { channel: Channel; id: number; name: string }>(
  async ({ input }) => {
    const result = await api.PUT('/channels/{channel}/templates/{templateId}', {
      params: { path: { channel: input.channel, templateId: input.id } },
      body: { name: input.name },
    });
    if (result.response.status === 422) return { kind: 'rejected' };
    return { kind: 'saved', id: unwrap(result).id };
  },
);

export const deleteTemplate = fromPromise<void, { channel: Channel; id: number }>(async ({ input }) => {
  unwrap(
    await api.DELETE('/channels/{channel}/templates/{templateId}', {
      params: { path: { channel: input.channel, templateId: input.id } },
    }),
  );
});
