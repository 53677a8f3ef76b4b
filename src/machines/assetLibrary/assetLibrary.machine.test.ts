import { describe, expect, it } from 'vitest';
import { createActor, fromPromise, waitFor } from 'xstate';
import { ASSET_MAX_BYTES } from '../../../shared/templates.ts';
import { assetOutputFixtures as o } from '../../../tests/model/templates.model.ts';
import { assetLibraryMachine, type Asset, type UploadOutcome } from './assetLibrary.machine.ts';

function start(uploads: File[]) {
  return createActor(
    assetLibraryMachine.provide({
      actors: {
        loadAssets: fromPromise<Asset[]>(async () => o.loadAssets.one),
        uploadAsset: fromPromise<UploadOutcome, File>(async ({ input }) => {
          uploads.push(input);
          return o.uploadAsset.uploaded;
        }),
      },
    }),
  ).start();
}

describe('asset library machine at runtime', () => {
  it('refuses a file over the cap before sending it, and puts a new image first', async () => {
    const uploads: File[] = [];
    const actor = start(uploads);
    await waitFor(actor, (s) => s.matches('ready'));
    actor.send({ type: 'asset.upload', file: new File([new Uint8Array(ASSET_MAX_BYTES + 1)], 'huge.png') });
    expect(actor.getSnapshot().context.error).toBe('tooLarge');
    expect(uploads).toEqual([]);
    actor.send({ type: 'asset.upload', file: new File([new Uint8Array(4)], 'logo.png') });
    await waitFor(actor, (s) => s.matches('ready') && s.context.assets.length === 2);
    expect(actor.getSnapshot().context.assets.map((a) => a.id)).toEqual([4, 3]);
    expect(actor.getSnapshot().context.error).toBeNull();
    expect(uploads.map((f) => f.name)).toEqual(['logo.png']);
  });

  it('asks before deleting, and an unknown id asks nothing', async () => {
    const actor = start([]);
    await waitFor(actor, (s) => s.matches('ready'));
    actor.send({ type: 'asset.delete', id: 999 });
    expect(actor.getSnapshot().matches('ready')).toBe(true);
    actor.send({ type: 'asset.delete', id: 3 });
    expect(actor.getSnapshot().matches('confirmingDelete')).toBe(true);
    actor.send({ type: 'delete.cancel' });
    expect(actor.getSnapshot().context.pending).toBeNull();
  });
});
