import { describe, expect, it } from 'vitest';
import { AHEAD_GROWTH, aheadAfter, gridColumns, rowWindow } from './VirtualTable';

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

describe('aheadAfter', () => {
  it('a step past the overscan renders one row ahead: the rows in view are all a fast wheel mounts', () => {
    // 10 rows of 44 px = 440 px: a 441 px step would pass over the whole overscan.
    expect(aheadAfter(10, 441, 44, 10)).toBe(1);
    expect(aheadAfter(10, 1_000, 44, 10)).toBe(1);
    expect(rowWindow(4_400, 10_000, 44, 560, 10, 'down', 1)).toEqual({ first: 99, last: 114 });
    expect(rowWindow(4_400, 10_000, 44, 560, 10, 'up', 1)).toEqual({ first: 99, last: 114 });
  });

  it('a slower step grows the rows ahead back to the overscan a few rows per scroll event', () => {
    expect(aheadAfter(1, 440, 44, 10)).toBe(1 + AHEAD_GROWTH);
    expect(aheadAfter(1 + AHEAD_GROWTH, 100, 44, 10)).toBe(1 + 2 * AHEAD_GROWTH);
    expect(aheadAfter(1 + 2 * AHEAD_GROWTH, 100, 44, 10)).toBe(10);
    expect(aheadAfter(10, 44, 44, 10)).toBe(10);
  });

  it('no scroll event mounts more rows than the view holds, the row behind it and the row ahead', () => {
    // Any sequence of steps: the rows rendered after a step that were not rendered before it. A 560 px box shows
    // parts of up to 14 rows of 44 px.
    const view = Math.ceil(560 / 44) + 1;
    let top = 0;
    let ahead = 10;
    let rendered = rowWindow(top, 10_000, 44, 560, 10, null);
    for (const step of [100, 1_000, 1_000, 300, 100, 44, 600, 200, 200, 20, 900, 440, 441, 100, 100]) {
      top += step;
      ahead = aheadAfter(ahead, step, 44, 10);
      const next = rowWindow(top, 10_000, 44, 560, 10, 'down', ahead);
      const mounted = next.last - Math.max(next.first, rendered.last) + Math.max(0, Math.min(next.last, rendered.first) - next.first);
      expect(mounted, `step ${step} to ${top}`).toBeLessThanOrEqual(view + 2);
      rendered = next;
    }
  });
});

describe('gridColumns', () => {
  it('fixed widths in pixels, the others share the rest', () => {
    expect(gridColumns([44, null, 120])).toBe('44px minmax(0, 1fr) 120px');
  });
});
