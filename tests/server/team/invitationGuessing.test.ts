import { afterAll, beforeAll, expect, it } from 'vitest';
import { createTestEnv, createUser, type TestEnv, type TestUser } from '../helpers.ts';

// Guessing invitation links is limited per client address, like passwords and reset tokens: wrong secrets count, and
// past the limit even a right link answers 429 until the lock ends.
let env: TestEnv;
let owner: TestUser;
beforeAll(async () => {
  env = await createTestEnv({ loginRateLimit: 1 });
  owner = await createUser(env, 'Alpha');
});
afterAll(async () => env.close());

const lookup = (token: string) =>
  env.app.inject({ method: 'POST', url: '/api/invitations/lookup', payload: { token }, remoteAddress: '203.0.113.9' });

it('locks an address out after repeated wrong invitation secrets', async () => {
  const statuses: number[] = [];
  for (let i = 0; i < 7; i += 1) {
    statuses.push((await lookup(`${owner.companyId}.${i + 1}.${'g'.repeat(40)}${i}`)).statusCode);
  }
  // The address limit is five times the per-account limit (server/services/auth/guessing.ts).
  expect(statuses.slice(0, 5)).toEqual([410, 410, 410, 410, 410]);
  expect(statuses.slice(5)).toEqual([429, 429]);
  const locked = await lookup(`${owner.companyId}.1.${'h'.repeat(43)}`);
  expect(locked.statusCode).toBe(429);
  expect(locked.headers['retry-after']).toBeDefined();
});
