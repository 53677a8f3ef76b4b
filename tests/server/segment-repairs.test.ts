import { readFileSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bearer, createTestEnv, createUser, login, type TestEnv, type TestUser } from './helpers.ts';

const REPAIR = readFileSync(new URL('../../server/db/migrations/014_segment_repairs.sql', import.meta.url), 'utf8');

let env: TestEnv;
let user: TestUser;
beforeAll(async () => {
  env = await createTestEnv();
  user = await createUser(env);
});
afterAll(() => env.close());

const blocked = { kind: 'blocklist', operator: 'is' };

describe('migration 014: segments stored with conditions that are not objects', () => {
  it('drops the entries that are not conditions, so the list of segments answers again', async () => {
    const stored: [string, unknown][] = [
      ['numbers and null', { kind: 'group', operator: 'and', conditions: [1, blocked, null, 'x', [blocked]] }],
      [
        'nested',
        {
          kind: 'group',
          operator: 'or',
          conditions: [
            { kind: 'group', operator: 'and', conditions: [true, blocked] },
            { kind: 'group', operator: 'xor', conditions: [] },
          ],
        },
      ],
      ['not a group', [blocked]],
      ['sound', { kind: 'group', operator: 'and', conditions: [blocked] }],
    ];
    for (const [name, conditions] of stored) {
      await env.pool.query('insert into segments (company_id, name, conditions) values ($1, $2, $3)', [
        user.companyId,
        name,
        JSON.stringify(conditions),
      ]);
    }
    const auth = bearer((await login(env, user)).token);
    expect((await env.app.inject({ method: 'GET', url: '/api/segments', headers: auth })).statusCode).toBe(500);

    await env.pool.query(REPAIR);

    const res = await env.app.inject({ method: 'GET', url: '/api/segments', headers: auth });
    expect(res.statusCode).toBe(200);
    const byName = Object.fromEntries(
      (res.json() as { name: string; conditions: unknown }[]).map((s) => [s.name, s.conditions]),
    );
    expect(byName).toEqual({
      'numbers and null': { kind: 'group', operator: 'and', conditions: [blocked] },
      nested: {
        kind: 'group',
        operator: 'or',
        conditions: [{ kind: 'group', operator: 'and', conditions: [blocked] }],
      },
      // A root that is no group matches nobody rather than everybody.
      'not a group': { kind: 'group', operator: 'or', conditions: [] },
      sound: { kind: 'group', operator: 'and', conditions: [blocked] },
    });
    for (const id of (res.json() as { id: number }[]).map((s) => s.id)) {
      expect(
        (await env.app.inject({ method: 'GET', url: `/api/segments/${id}/count`, headers: auth })).statusCode,
      ).toBe(200);
    }
  });
});
