import { describe, expect, it } from 'vitest';
import { gridColumns } from './VirtualTable';

describe('gridColumns', () => {
  it('fixed widths in pixels, the others share the rest', () => {
    expect(gridColumns([44, null, 120])).toBe('44px minmax(0, 1fr) 120px');
  });
});
