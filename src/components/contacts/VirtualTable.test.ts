import { describe, expect, it } from 'vitest';
import { AHEAD_GROWTH, atRest, gridColumns, rowWindow, scrolledTo, settledBy, type ScrollState } from './VirtualTable';

// 44 px rows in a 560 px box: 13 rows in view at scrollTop 4,400 (rows 100–112, row 113 partly).
const at = (direction: 'down' | 'up' | null) => rowWindow(4_400, 10_000, 44, 560, 10, direction);

describe('rowWindow', () => {
  it('at rest renders the rows in view and the overscan on both sides', () => {
    expect(at(null)).toEqual({ first: 90, last: 123 });
  });

  it('scrolling renders the overscan ahead and one row behind', () => {
    expect(at('down')).toEqual({ first: 99, last: 123 });
    expect(at('up')).toEqual({ first: 90, last: 114 });
  });

  it('stays within the rows', () => {
    expect(rowWindow(0, 10_000, 44, 560, 10, 'up')).toEqual({ first: 0, last: 14 });
    expect(rowWindow(0, 5, 44, 560, 10)).toEqual({ first: 0, last: 5 });
    expect(rowWindow(440_000 - 560, 10_000, 44, 560, 10, 'down')).toEqual({ first: 9_986, last: 10_000 });
  });
});

describe('scrolledTo', () => {
  const from = (top: number, direction: 'down' | 'up' | null, ahead: number, behind = 1): ScrollState => ({ top, direction, ahead, behind });

  it('a step past the overscan renders one row ahead: the rows in view are all a fast wheel mounts', () => {
    // 10 rows of 44 px = 440 px: a 441 px step would pass over the whole overscan.
    expect(scrolledTo(from(0, 'down', 10), 441, 44, 10)).toEqual(from(441, 'down', 1));
    expect(scrolledTo(from(5_000, 'up', 10), 4_000, 44, 10)).toEqual(from(4_000, 'up', 1));
    expect(rowWindow(4_400, 10_000, 44, 560, 10, 'down', 1)).toEqual({ first: 99, last: 114 });
    expect(rowWindow(4_400, 10_000, 44, 560, 10, 'up', 1)).toEqual({ first: 99, last: 114 });
  });

  it('a slower step grows the rows ahead back to the overscan a few rows per scroll event', () => {
    expect(scrolledTo(from(0, 'down', 1), 440, 44, 10).ahead).toBe(1 + AHEAD_GROWTH);
    expect(scrolledTo(from(0, 'down', 1 + AHEAD_GROWTH), 100, 44, 10).ahead).toBe(1 + 2 * AHEAD_GROWTH);
    expect(scrolledTo(from(0, 'down', 1 + 2 * AHEAD_GROWTH), 100, 44, 10).ahead).toBe(10);
    expect(scrolledTo(from(0, 'down', 10), 44, 44, 10).ahead).toBe(10);
  });

  it('from rest keeps the overscan; a scroll that turns starts from the one row it kept behind', () => {
    expect(scrolledTo(atRest(1_000, 10), 1_100, 44, 10)).toEqual(from(1_100, 'down', 10));
    expect(scrolledTo(from(1_000, 'down', 10), 900, 44, 10)).toEqual(from(900, 'up', 1 + AHEAD_GROWTH));
    expect(scrolledTo(from(1_000, 'down', 7), 1_000, 44, 10)).toEqual(from(1_000, 'down', 10));
    // Coming to rest had rendered 9 rows behind: a scroll that turns then starts from those.
    expect(scrolledTo(from(1_000, 'down', 10, 9), 900, 44, 10)).toEqual(from(900, 'up', 10));
  });

  it('no scroll event mounts more rows than the view holds, the row behind it and the row ahead', () => {
    // Any sequence of steps, turns included: the rows rendered after a step that were not rendered before it. A
    // 560 px box shows parts of up to 14 rows of 44 px.
    const view = Math.ceil(560 / 44) + 1;
    let state = atRest(0, 10);
    let rendered = rowWindow(0, 10_000, 44, 560, 10, null);
    for (const step of [100, 1_000, 1_000, 300, 100, 44, 600, 200, -200, -900, -20, 900, 440, 441, 100, -100, 100]) {
      state = scrolledTo(state, state.top + step, 44, 10);
      const next = rowWindow(state.top, 10_000, 44, 560, 10, state.direction, state.ahead);
      const mounted = next.last - Math.max(next.first, rendered.last) + Math.max(0, Math.min(next.last, rendered.first) - next.first);
      expect(mounted, `step ${step} to ${state.top}`).toBeLessThanOrEqual(view + 2);
      rendered = next;
    }
  });
});

describe('settledBy', () => {
  it('comes to rest a few rows a frame on each side', () => {
    const fast: ScrollState = { top: 4_400, direction: 'down', ahead: 1, behind: 1 };
    const steps: ScrollState[] = [fast];
    while (steps.at(-1)!.direction !== null) steps.push(settledBy(steps.at(-1)!, 10));
    expect(steps.slice(1)).toEqual([
      { ...fast, ahead: 5, behind: 5 },
      { ...fast, ahead: 9, behind: 9 },
      atRest(4_400, 10),
    ]);
    // Each step mounts at most AHEAD_GROWTH rows on each side, and the last one renders the rest window.
    for (let i = 1; i < steps.length; i++) {
      const [before, after] = [steps[i - 1]!, steps[i]!].map((s) => rowWindow(s.top, 10_000, 44, 560, 10, s.direction, s.ahead, s.behind));
      expect(before!.first - after!.first + (after!.last - before!.last)).toBeLessThanOrEqual(2 * AHEAD_GROWTH);
    }
    expect(rowWindow(4_400, 10_000, 44, 560, 10, null)).toEqual({ first: 90, last: 123 });
    expect(settledBy(atRest(0, 10), 10)).toEqual(atRest(0, 10));
  });
});

describe('gridColumns', () => {
  it('fixed widths in pixels, the others share the rest', () => {
    expect(gridColumns([44, null, 120])).toBe('44px minmax(0, 1fr) 120px');
  });
});
