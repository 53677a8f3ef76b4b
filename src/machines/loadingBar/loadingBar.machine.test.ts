import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createActor, fromCallback } from 'xstate';
import { describeModel } from '../../../tests/model/describeModel.ts';
import { loadingBarModel } from '../../../tests/model/loadingBar.model.ts';
import { easeProgress, LOADING_BAR, loadingBarMachine } from './loadingBar.machine.ts';
import { selectProgress, selectVisible } from './loadingBar.selectors.ts';

describeModel(loadingBarModel);

describe('loading bar at runtime', () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => vi.useRealTimers());

  const start = () =>
    createActor(loadingBarMachine.provide({ actors: { loadEvents: fromCallback(() => () => {}) } })).start();

  it('never shows a load that ends within the 200 ms throttle', () => {
    const actor = start();
    actor.send({ type: 'load.started' });
    vi.advanceTimersByTime(LOADING_BAR.throttleMs - 1);
    actor.send({ type: 'load.finished' });
    expect(actor.getSnapshot().value).toBe('hidden');
    expect(selectVisible(actor.getSnapshot())).toBe(false);
  });

  it('shows, eases, finishes, hides after 500 ms and resets after 400 ms', () => {
    const actor = start();
    actor.send({ type: 'load.started' });
    vi.advanceTimersByTime(LOADING_BAR.throttleMs);
    expect(selectVisible(actor.getSnapshot())).toBe(true);
    const first = selectProgress(actor.getSnapshot());
    vi.advanceTimersByTime(LOADING_BAR.durationMs);
    const later = selectProgress(actor.getSnapshot());
    expect(later).toBeGreaterThan(first);
    expect(later).toBeLessThan(100);
    actor.send({ type: 'load.finished' });
    expect(actor.getSnapshot().value).toBe('finishing');
    expect(selectProgress(actor.getSnapshot())).toBe(100);
    vi.advanceTimersByTime(LOADING_BAR.hideDelayMs);
    expect(actor.getSnapshot().value).toBe('reset');
    expect(selectVisible(actor.getSnapshot())).toBe(false);
    vi.advanceTimersByTime(LOADING_BAR.resetDelayMs);
    expect(actor.getSnapshot().value).toBe('hidden');
    expect(selectProgress(actor.getSnapshot())).toBe(0);
  });

  it('stays visible until the last of overlapping loads ends', () => {
    const actor = start();
    actor.send({ type: 'load.started' });
    actor.send({ type: 'load.started' });
    vi.advanceTimersByTime(LOADING_BAR.throttleMs);
    actor.send({ type: 'load.finished' });
    expect(actor.getSnapshot().matches({ loading: 'visible' })).toBe(true);
    actor.send({ type: 'load.finished' });
    expect(actor.getSnapshot().value).toBe('finishing');
  });

  it('eases towards 100 % without reaching it', () => {
    let p: number = LOADING_BAR.initialProgress;
    for (let i = 0; i < 1000; i++) {
      const next = easeProgress(p);
      expect(next).toBeGreaterThanOrEqual(p);
      p = next;
    }
    expect(p).toBeLessThan(100);
    expect(p).toBeGreaterThan(99);
  });
});
