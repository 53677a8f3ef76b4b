import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createActor, fromPromise, setup } from 'xstate';
import { describeModel } from '../../../tests/model/describeModel.ts';
import {
  tokenRefreshInputs,
  tokenRefreshModel,
  tokenRefreshOutputFixtures,
} from '../../../tests/model/tokenRefresh.model.ts';
import { NOW } from '../../../tests/model/session.model.ts';
import {
  REFRESH_MARGIN_MS,
  REFRESH_RETRY_MS,
  tokenRefreshMachine,
  type RefreshOutcome,
} from './tokenRefresh.machine.ts';

describeModel(tokenRefreshModel);

describe('token refresh at runtime', () => {
  beforeEach(() => {
    vi.useFakeTimers();
    vi.setSystemTime(NOW);
  });
  afterEach(() => vi.useRealTimers());

  function parentOf(outcomes: Array<RefreshOutcome | 'network failure'>, input: keyof typeof tokenRefreshInputs) {
    const heard: string[] = [];
    const persisted = vi.fn();
    const child = tokenRefreshMachine.provide({
      actions: { persistSession: persisted, announceRefreshed: () => {} },
      actors: {
        refreshToken: fromPromise(async () => {
          const next = outcomes.shift();
          if (!next || next === 'network failure') throw new Error('network');
          return next;
        }),
      },
    });
    const parent = setup({ actors: { child } }).createMachine({
      invoke: { id: 'child', src: 'child', input: tokenRefreshInputs[input] },
      on: {
        'token.validated': { actions: () => heard.push('valid') },
        'token.rejected': { actions: () => heard.push('rejected') },
      },
    });
    const actor = createActor(parent).start();
    return { actor, heard, persisted };
  }

  it('tells the parent at once when the stored token is fresh, and refreshes a minute before expiry', async () => {
    const { heard, persisted } = parentOf([tokenRefreshOutputFixtures.refreshToken.refreshed], 'fresh');
    expect(heard).toEqual(['valid']);
    await vi.advanceTimersByTimeAsync(3_600_000 - REFRESH_MARGIN_MS - 1);
    expect(persisted).not.toHaveBeenCalled();
    await vi.advanceTimersByTimeAsync(2);
    expect(persisted).toHaveBeenCalledOnce();
    expect(heard).toEqual(['valid', 'valid']);
  });

  it('refreshes a stale token first; a refused refresh ends the session', async () => {
    const { heard } = parentOf([{ kind: 'rejected' }], 'stale');
    await vi.advanceTimersByTimeAsync(0);
    expect(heard).toEqual(['rejected']);
  });

  it('retries after a network failure', async () => {
    const { heard } = parentOf(['network failure', tokenRefreshOutputFixtures.refreshToken.refreshed], 'stale');
    await vi.advanceTimersByTimeAsync(0);
    expect(heard).toEqual([]);
    await vi.advanceTimersByTimeAsync(REFRESH_RETRY_MS);
    expect(heard).toEqual(['valid']);
  });
});
