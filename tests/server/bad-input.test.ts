import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadContract } from '../../server/app.ts';
import { createTestEnv, createUser, login, bearer, type TestEnv } from './helpers.ts';

// Walks every operation of the contract with hostile bodies: the answer is always a 4xx with the Error shape, never a 500.
let env: TestEnv;
let token: string;
beforeAll(async () => {
  env = await createTestEnv();
  token = (await login(env, await createUser(env))).token;
});
afterAll(() => env.close());

interface Operation {
  method: string;
  path: string;
  operationId: string;
  jsonBody: boolean;
}

function operations(): Operation[] {
  const paths = loadContract().paths as Record<
    string,
    Record<string, { operationId: string; requestBody?: { content?: Record<string, unknown>; $ref?: string } }>
  >;
  return Object.entries(paths).flatMap(([path, item]) =>
    Object.entries(item)
      .filter(([method]) => ['get', 'post', 'put', 'patch', 'delete'].includes(method))
      .map(([method, op]) => ({
        method: method.toUpperCase(),
        path: path.replace(/\{[^}]+\}/g, '00000000-0000-4000-8000-000000000000'),
        operationId: op.operationId,
        jsonBody: Boolean(op.requestBody && (op.requestBody.$ref || op.requestBody.content?.['application/json'])),
      })),
  );
}

const HOSTILE: [string, string][] = [
  ['an array', '[]'],
  ['a string', '"hello"'],
  ['null', 'null'],
  ['an empty object', '{}'],
  ['wrong types', '{"email": 1, "password": [], "name": {}, "code": false, "remember": "no", "refreshToken": 3}'],
  ['malformed JSON', '{"a": '],
];

describe('every operation refuses bad input with a 4xx', () => {
  const ops = operations().filter((o) => o.jsonBody);
  it('has operations with bodies to walk', () => expect(ops.length).toBeGreaterThan(8));
  for (const op of ops) {
    it(`${op.operationId} (${op.method} ${op.path})`, async () => {
      for (const [label, payload] of HOSTILE) {
        const res = await env.app.inject({
          method: op.method as 'POST',
          url: `/api${op.path}`,
          headers: { ...bearer(token), 'content-type': 'application/json' },
          payload,
        });
        expect(res.statusCode, `${label}: ${res.body}`).toBeGreaterThanOrEqual(400);
        expect(res.statusCode, `${label}: ${res.body}`).toBeLessThan(500);
        const body = res.json();
        expect(typeof body.code, label).toBe('string');
        expect(typeof body.message, label).toBe('string');
        if (res.statusCode === 422) expect(Object.keys(body.errors ?? {}).length, label).toBeGreaterThan(0);
      }
    });
  }
});

describe('every operation answers odd query strings and ids without a 500', () => {
  for (const op of operations().filter((o) => o.method === 'GET')) {
    it(`${op.operationId}`, async () => {
      const res = await env.app.inject({
        method: 'GET',
        url: `/api${op.path}?page=-1&perPage=abc&sort[]=x&filter.a.b=1`,
        headers: bearer(token),
      });
      expect(res.statusCode, res.body).toBeLessThan(500);
    });
  }
});
