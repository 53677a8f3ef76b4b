import { describe, expect, it } from 'vitest';
import { memorySettings } from './embedded.ts';

const GiB = 1024 ** 3;
const setting = (flags: string[], name: string) => flags.find((f) => f.startsWith(`${name}=`))?.slice(name.length + 1);

describe('embedded PostgreSQL memory settings', () => {
  it('gives PostgreSQL an eighth of the memory for its cache, between 128 MB and 2 GB', () => {
    expect(setting(memorySettings(24 * GiB), 'shared_buffers')).toBe('2048MB');
    expect(setting(memorySettings(4 * GiB), 'shared_buffers')).toBe('512MB');
    expect(setting(memorySettings(0.5 * GiB), 'shared_buffers')).toBe('128MB');
  });

  it('plans with the memory the machine has and keeps sorts small on small machines', () => {
    const big = memorySettings(24 * GiB);
    expect(setting(big, 'effective_cache_size')).toBe('12288MB');
    expect(setting(big, 'work_mem')).toBe('16MB');
    expect(setting(memorySettings(2 * GiB), 'work_mem')).toBe('4MB');
    expect(setting(memorySettings(2 * GiB), 'maintenance_work_mem')).toBe('64MB');
  });

  it('uses EMBEDDED_PG_SHARED_BUFFERS when given', () => {
    expect(setting(memorySettings(24 * GiB, 256), 'shared_buffers')).toBe('256MB');
    expect(memorySettings(24 * GiB, 256).filter((f) => f === '-c')).toHaveLength(4);
  });
});
