import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createActor, fromCallback } from 'xstate';
import { describeModel } from '../../../tests/model/describeModel.ts';
import { toastMessageFixtures, toastsModel } from '../../../tests/model/toasts.model.ts';
import { TOASTS, toastsMachine, type ToastMessage } from './toasts.machine.ts';
import { badgeLabel, selectToasts } from './toasts.selectors.ts';

describeModel(toastsModel);

describe('toasts at runtime', () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => vi.useRealTimers());

  const start = () =>
    createActor(toastsMachine.provide({ actors: { toastSources: fromCallback(() => () => {}) } })).start();
  const show = (message: ToastMessage = toastMessageFixtures.http) => ({ type: 'toast.show' as const, message });

  it('closes a toast after 3 s', () => {
    const actor = start();
    actor.send(show());
    vi.advanceTimersByTime(TOASTS.durationMs - 1);
    expect(selectToasts(actor.getSnapshot())).toHaveLength(1);
    vi.advanceTimersByTime(1);
    expect(selectToasts(actor.getSnapshot())).toHaveLength(0);
    expect(actor.getSnapshot().value).toBe('empty');
  });

  it('groups identical messages with a repeat counter and restarts the timer', () => {
    const actor = start();
    actor.send(show());
    vi.advanceTimersByTime(2000);
    actor.send(show());
    actor.send(show());
    expect(selectToasts(actor.getSnapshot())).toEqual([expect.objectContaining({ id: 'toast-1', count: 3 })]);
    vi.advanceTimersByTime(2000);
    expect(selectToasts(actor.getSnapshot())).toHaveLength(1);
    vi.advanceTimersByTime(1000);
    expect(selectToasts(actor.getSnapshot())).toHaveLength(0);
  });

  it('Escape closes the latest; the close button closes one', () => {
    const actor = start();
    actor.send(show());
    actor.send(show(toastMessageFixtures.timeout));
    actor.send({ type: 'toast.dismissLatest' });
    expect(selectToasts(actor.getSnapshot()).map((t) => t.id)).toEqual(['toast-1']);
    actor.send({ type: 'toast.dismiss', id: 'toast-1' });
    expect(actor.getSnapshot().value).toBe('empty');
  });

  it('keeps at most five toasts', () => {
    const actor = start();
    for (let status = 400; status < 407; status++) actor.send(show({ kind: 'http', status }));
    expect(selectToasts(actor.getSnapshot()).map((t) => t.id)).toEqual([
      'toast-3',
      'toast-4',
      'toast-5',
      'toast-6',
      'toast-7',
    ]);
  });

  it('shows 99+ above 99 on a badge', () => {
    expect(badgeLabel(0)).toBe('0');
    expect(badgeLabel(99)).toBe('99');
    expect(badgeLabel(100)).toBe('99+');
  });
});
