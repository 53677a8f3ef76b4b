import { describe, expect, it } from 'vitest';
import { loadConfig } from './config.ts';

const SECRET = 'a-secret-key-of-at-least-thirty-two-characters';

describe('SHUTDOWN_DELAY_MS', () => {
  it('gives API nodes a pause before closing (the load balancer sees readiness at 503), other roles none', () => {
    expect(loadConfig({ ROLE: 'api', SECRET_KEY: SECRET }).shutdownDelayMs).toBe(5000);
    expect(loadConfig({ ROLE: 'worker', SECRET_KEY: SECRET }).shutdownDelayMs).toBe(0);
    expect(loadConfig({ SECRET_KEY: SECRET }).shutdownDelayMs).toBe(0);
  });

  it('is set by the environment, and refuses what is not a whole number of milliseconds', () => {
    expect(loadConfig({ ROLE: 'api', SECRET_KEY: SECRET, SHUTDOWN_DELAY_MS: '12000' }).shutdownDelayMs).toBe(12_000);
    expect(loadConfig({ SECRET_KEY: SECRET, SHUTDOWN_DELAY_MS: '0' }).shutdownDelayMs).toBe(0);
    expect(() => loadConfig({ SECRET_KEY: SECRET, SHUTDOWN_DELAY_MS: '2s' })).toThrow(
      'SHUTDOWN_DELAY_MS must be a non-negative integer, got "2s"',
    );
  });
});
