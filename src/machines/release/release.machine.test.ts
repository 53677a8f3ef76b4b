import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createActor, fromCallback, fromPromise } from 'xstate';
import { describeModel } from '../../../tests/model/describeModel.ts';
import { RELEASE_NOW, releaseModel } from '../../../tests/model/release.model.ts';
import { RELEASE, releaseMachine } from './release.machine.ts';

describeModel(releaseModel);

describe('release detection at runtime', () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => vi.useRealTimers());

  function start(latest: string, lastChunkReloadAt = 0) {
    const reload = vi.fn();
    const checks = vi.fn();
    const machine = releaseMachine.provide({
      actions: { reload, recordChunkReload: () => {} },
      actors: {
        fetchManifest: fromPromise(async () => {
          checks();
          return { buildId: latest };
        }),
        releaseEvents: fromCallback(() => () => {}),
      },
    });
    return {
      actor: createActor(machine, { input: { buildId: 'build-1', lastChunkReloadAt } }).start(),
      reload,
      checks,
    };
  }

  it('checks the manifest every hour and reloads on the next navigation after a new build', async () => {
    const { actor, reload, checks } = start('build-2');
    await vi.advanceTimersByTimeAsync(RELEASE.checkIntervalMs - 1);
    expect(checks).not.toHaveBeenCalled();
    await vi.advanceTimersByTimeAsync(1);
    expect(checks).toHaveBeenCalledOnce();
    expect(actor.getSnapshot().value).toBe('updateAvailable');
    expect(reload).not.toHaveBeenCalled();
    actor.send({ type: 'route.changed', href: '/contacts' });
    expect(reload).toHaveBeenCalledOnce();
  });

  it('keeps checking while the build is the same', async () => {
    const { actor, checks } = start('build-1');
    await vi.advanceTimersByTimeAsync(RELEASE.checkIntervalMs * 3);
    expect(checks).toHaveBeenCalledTimes(3);
    expect(actor.getSnapshot().value).toBe('current');
  });

  it('reloads on a chunk failure, but not twice within 10 s', () => {
    const fresh = start('build-1');
    fresh.actor.send({ type: 'chunk.failed', at: RELEASE_NOW });
    expect(fresh.reload).toHaveBeenCalledOnce();
    const again = start('build-1', RELEASE_NOW - RELEASE.reloadGuardMs + 1);
    again.actor.send({ type: 'chunk.failed', at: RELEASE_NOW });
    expect(again.reload).not.toHaveBeenCalled();
    expect(again.actor.getSnapshot().value).toBe('chunkFailed');
  });
});
