import { describe, expect, it } from 'vitest';
import { gridColumns, rowWindow } from './VirtualTable';

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

describe('gridColumns', () => {
  it('fixed widths in pixels, the others share the rest', () => {
    expect(gridColumns([44, null, 120])).toBe('44px minmax(0, 1fr) 120px');
  });
});
