import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { DOC_PATH, renderPermissionsDoc } from '../../scripts/permissions-doc.ts';

describe('docs/permissions.md', () => {
  it('is the matrix and the contract as they are now (run `npm run docs:permissions` after changing either)', () => {
    expect(readFileSync(DOC_PATH, 'utf8')).toBe(renderPermissionsDoc());
  });
});
