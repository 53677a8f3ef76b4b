import { assign, setup } from 'xstate';
import { ASSET_MAX_BYTES } from '../../../shared/templates.ts';
import { deleteAsset, loadAssets, uploadAsset } from './assetLibrary.actors.ts';
import type {
  Asset,
  AssetLibraryContext,
  AssetLibraryError,
  AssetLibraryEvent,
  UploadOutcome,
} from './assetLibrary.types.ts';

export type * from './assetLibrary.types.ts';

/**
 * The company's images. `loading` → `ready` (→ `loadFailed`, retry). An upload over ASSET_MAX_BYTES is refused
 * before it is sent (`tooLarge`); otherwise `uploading` → `ready` with the new image first, or the server's refusal
 * (`assetType`, `tooLarge`) or `uploadFailed`. Delete asks first (`confirmingDelete` → `deleting`).
 */
export const assetLibraryMachine = setup({
  types: { context: {} as AssetLibraryContext, events: {} as AssetLibraryEvent },
  actors: { loadAssets, uploadAsset, deleteAsset },
  guards: {
    isTooLarge: (_, file: File) => file.size > ASSET_MAX_BYTES,
    isKnownAsset: ({ context }, id: number) => context.assets.some((a) => a.id === id),
  },
  actions: {
    assignAssets: assign((_, assets: Asset[]) => ({ assets, error: null })),
    assignOutcome: assign(({ context }, outcome: UploadOutcome) =>
      outcome.kind === 'uploaded'
        ? { assets: [outcome.asset, ...context.assets], uploading: null, error: null }
        : { uploading: null, error: outcome.reason },
    ),
    assignPending: assign(({ context }, id: number) => ({
      pending: context.assets.find((a) => a.id === id) ?? null,
      error: null,
    })),
    removePending: assign(({ context }) => ({
      assets: context.assets.filter((a) => a.id !== context.pending?.id),
      pending: null,
    })),
    assignUpload: assign((_, uploading: File) => ({ uploading, error: null })),
    clearPending: assign({ pending: null }),
    clearUpload: assign({ uploading: null }),
    failWith: assign((_, error: AssetLibraryError) => ({ error })),
  },
}).createMachine({
  id: 'assetLibrary',
  context: { assets: [], uploading: null, pending: null, error: null },
  initial: 'loading',
  states: {
    loading: {
      tags: ['busy'],
      invoke: {
        id: 'loadAssets',
        src: 'loadAssets',
        onDone: { target: 'ready', actions: { type: 'assignAssets', params: ({ event }) => event.output } },
        onError: { target: 'loadFailed', actions: { type: 'failWith', params: 'loadFailed' } },
      },
    },
    loadFailed: { tags: ['error'], on: { 'assets.retry': 'loading' } },
    ready: {
      on: {
        'asset.upload': [
          {
            guard: { type: 'isTooLarge', params: ({ event }) => event.file },
            actions: { type: 'failWith', params: 'tooLarge' },
          },
          { target: 'uploading', actions: { type: 'assignUpload', params: ({ event }) => event.file } },
        ],
        'asset.delete': {
          guard: { type: 'isKnownAsset', params: ({ event }) => event.id },
          target: 'confirmingDelete',
          actions: { type: 'assignPending', params: ({ event }) => event.id },
        },
      },
    },
    uploading: {
      tags: ['busy'],
      invoke: {
        id: 'uploadAsset',
        src: 'uploadAsset',
        input: ({ context }) => context.uploading!,
        onDone: { target: 'ready', actions: { type: 'assignOutcome', params: ({ event }) => event.output } },
        onError: { target: 'ready', actions: ['clearUpload', { type: 'failWith', params: 'uploadFailed' }] },
      },
    },
    confirmingDelete: {
      on: { 'delete.confirm': 'deleting', 'delete.cancel': { target: 'ready', actions: 'clearPending' } },
    },
    deleting: {
      tags: ['busy'],
      invoke: {
        id: 'deleteAsset',
        src: 'deleteAsset',
        input: ({ context }) => context.pending!.id,
        onDone: { target: 'ready', actions: 'removePending' },
        onError: { target: 'ready', actions: ['clearPending', { type: 'failWith', params: 'deleteFailed' }] },
      },
    },
  },
});
