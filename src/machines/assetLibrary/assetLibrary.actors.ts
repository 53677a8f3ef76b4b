import { fromPromise } from 'xstate';
import { api } from '../../api/appClient.ts';
import { unwrap } from '../../api/client.ts';
import type { Asset, UploadOutcome } from './assetLibrary.types.ts';

/** The newest images, as many as the editor's asset manager shows at once. */
const ASSETS_SHOWN = 200;

export const loadAssets = fromPromise<Asset[]>(async () =>
  unwrap(await api.GET('/assets', { params: { query: { perPage: ASSETS_SHOWN } } })),
);

export const uploadAsset = fromPromise<UploadOutcome, File>(async ({ input }) => {
  const form = new FormData();
  form.append('file', input, input.name);
  const result = await api.POST('/assets', {
    body: form as never,
    bodySerializer: (body) => body as unknown as FormData,
  });
  if (result.response.status === 422) return { kind: 'rejected', reason: 'assetType' };
  if (result.response.status === 413) return { kind: 'rejected', reason: 'tooLarge' };
  return { kind: 'uploaded', asset: unwrap(result) };
});

export const deleteAsset = fromPromise<void, number>(async ({ input }) => {
  unwrap(await api.DELETE('/assets/{assetId}', { params: { path: { assetId: input } } }));
});
