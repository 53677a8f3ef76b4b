import { createIntl } from 'react-intl';
import { describe, expect, it } from 'vitest';
import { formatFileSize } from './fileSize.ts';

describe('file sizes', () => {
  it('names the largest whole unit, in the locale', () => {
    const en = createIntl({ locale: 'en' });
    const italian = createIntl({ locale: 'it' });
    expect(formatFileSize(en, 50 * 1024 * 1024)).toBe('50 MB');
    expect(formatFileSize(italian, 50 * 1024 * 1024)).toBe('50 MB');
    expect(formatFileSize(en, 1.5 * 1024 * 1024)).toBe('1.5 MB');
    expect(formatFileSize(italian, 1.5 * 1024 * 1024)).toBe('1,5 MB');
    expect(formatFileSize(en, 64 * 1024)).toBe('64 kB');
    expect(formatFileSize(en, 2 * 1024 ** 3)).toBe('2 GB');
  });
});
