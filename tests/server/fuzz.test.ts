import { request as httpRequest } from 'node:http';
import type { AddressInfo } from 'node:net';
import fc from 'fast-check';
import type { InjectOptions, LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadContract } from '../../server/app.ts';
import { bearer, createTestEnv, createUser, login, type TestEnv, type TestUser } from './helpers.ts';

/**
 * A fuzz pass that walks the contract: every operation of openapi/openapi.yaml, logged in and not, gets missing,
 * malformed and oddly typed bodies, hostile values in every field it declares (wrong types, huge and control-character
 * text, out-of-range numbers), odd content types and bad path ids, plus bodies of the right shape with random content
 * from fast-check. No answer may be a 5xx, and every error is `{ code, message }` (with field errors on a 422).
 * An operation added to the contract is fuzzed here the day it is added.
 */

type Schema = Record<string, unknown>;
interface Parameter {
  name: string;
  in: string;
  schema: Schema;
}
interface Operation {
  operationId: string;
  method: string;
  path: string;
  params: Parameter[];
  body?: { contentType: string; schema: Schema };
  secured: boolean;
}

const contract = loadContract();

/** The contract with every local `$ref` followed; a schema met again below itself is cut at that point. */
function resolve(node: unknown, seen: string[] = []): unknown {
  if (Array.isArray(node)) return node.map((n) => resolve(n, seen));
  if (!node || typeof node !== 'object') return node;
  const ref = (node as { $ref?: string }).$ref;
  if (ref) {
    if (seen.filter((s) => s === ref).length >= 2) return { type: 'object' };
    const target = ref
      .replace(/^#\//, '')
      .split('/')
      .reduce<unknown>((at, key) => (at as Record<string, unknown>)[key], contract);
    const { $ref: _ref, ...siblings } = node as Record<string, unknown>;
    return { ...(resolve(target, [...seen, ref]) as Schema), ...(resolve(siblings, seen) as Schema) };
  }
  return Object.fromEntries(Object.entries(node).map(([k, v]) => [k, resolve(v, seen)]));
}

function operations(): Operation[] {
  const paths = contract.paths as Record<string, Record<string, unknown>>;
  return Object.entries(paths).flatMap(([path, rawItem]) => {
    const item = resolve(rawItem) as Record<string, unknown>;
    const shared = (item.parameters ?? []) as Parameter[];
    return Object.entries(item)
      .filter(([method]) => ['get', 'post', 'put', 'patch', 'delete'].includes(method))
      .map(([method, raw]) => {
        const op = raw as {
          operationId: string;
          parameters?: Parameter[];
          requestBody?: { content: Record<string, { schema: Schema }> };
          security?: unknown[];
        };
        const [contentType, media] = Object.entries(op.requestBody?.content ?? {})[0] ?? [];
        return {
          operationId: op.operationId,
          method: method.toUpperCase(),
          path,
          params: [...shared, ...(op.parameters ?? [])],
          body: contentType && media ? { contentType, schema: media.schema } : undefined,
          secured: !(Array.isArray(op.security) && op.security.length === 0),
        };
      });
  });
}

const typesOf = (schema: Schema): string[] =>
  [schema.type ?? (schema.properties ? 'object' : 'string')].flat().filter((t) => t !== 'null') as string[];

/** Text that fits a contract pattern, for the fields that have one (digits, codes, languages). */
const PATTERN_SAMPLES = ['1234', '39', 'it', 'en', 'en-gb', '12345678'];

/** A value that satisfies the schema, so the hostile value put in one field is the only thing wrong with a body. */
function sample(schema: Schema, depth = 0): unknown {
  if (schema.oneOf) return sample((schema.oneOf as Schema[]).at(-1)!, depth);
  if (schema.enum) return (schema.enum as unknown[])[0];
  if (schema.default !== undefined) return schema.default;
  const type = typesOf(schema)[0];
  switch (type) {
    case 'object': {
      const properties = (schema.properties ?? {}) as Record<string, Schema>;
      return Object.fromEntries(Object.entries(properties).map(([key, child]) => [key, sample(child, depth + 1)]));
    }
    case 'array':
      return depth > 6 || !schema.items ? [] : [sample(schema.items as Schema, depth + 1)];
    case 'integer':
    case 'number':
      return Number(schema.minimum ?? 1);
    case 'boolean':
      return true;
    default: {
      if (schema.format === 'email') return 'fuzz@example.com';
      if (schema.format === 'date-time') return '2026-01-01T00:00:00Z';
      if (schema.format === 'uuid') return '00000000-0000-4000-8000-000000000000';
      const pattern = schema.pattern ? new RegExp(String(schema.pattern), 'u') : undefined;
      const fits = PATTERN_SAMPLES.find((s) => !pattern || pattern.test(s));
      return (fits ?? 'a').padEnd(Number(schema.minLength ?? 1), 'a');
    }
  }
}

const HUGE = 'x'.repeat(100_000);
const nested = (depth: number): unknown =>
  depth === 0
    ? { kind: 'blocklist', operator: 'is' }
    : { kind: 'group', operator: 'and', conditions: [nested(depth - 1)] };
const DEEP = nested(1000);
const DEEPISH = nested(40);
/** Values put in place of each field in turn. */
const HOSTILE_VALUES: unknown[] = [
  null,
  true,
  -1,
  1.5,
  1e308,
  2 ** 63,
  '',
  '0x10',
  'a\u0000b',
  '\u0001\u0007\u001b[31m\u007f',
  '\ud800',
  HUGE,
  [],
  [1, 'a', null, [], {}],
  { kind: 'group', constructor: 1 },
  DEEPISH,
];
/** Whole bodies: wrong top-level types and malformed JSON. */
const HOSTILE_BODIES = [
  '[]',
  '"hello"',
  '1',
  'null',
  'true',
  '{}',
  '{"a": ',
  '{"a":1}}',
  '\u0000',
  '{"__proto__": {"x": 1}}',
];
/** Values for path and query parameters, as they appear in the URL. */
const HOSTILE_PARAMS = [
  '0',
  '-1',
  '1.5',
  '0x10',
  '1e3',
  '1e309',
  '99999999999999999999',
  '9007199254740992',
  'abc',
  '%00',
  '%0A',
  '%E2%80%AE',
  encodeURIComponent('ü'),
  'true',
  '',
  'a'.repeat(300),
];
const ODD_CONTENT_TYPES = [
  'text/plain',
  'application/xml',
  'application/x-www-form-urlencoded',
  'multipart/form-data; boundary=x',
  'application/json; charset=utf-16',
  'application/octet-stream',
];

/** Paths to every field of a sample body (objects and arrays alike), so each can be replaced in turn. */
function fieldPaths(value: unknown, at: (string | number)[] = []): (string | number)[][] {
  if (!value || typeof value !== 'object') return [];
  const entries = Array.isArray(value) ? value.map((v, i) => [i, v] as const) : Object.entries(value);
  return entries.flatMap(([key, child]) => [[...at, key], ...fieldPaths(child, [...at, key])]);
}

function replaced(body: unknown, path: (string | number)[], value: unknown): unknown {
  const copy = structuredClone(body) as Record<string | number, unknown>;
  let at = copy;
  for (const key of path.slice(0, -1)) at = at[key] as Record<string | number, unknown>;
  at[path.at(-1)!] = value;
  return copy;
}

/** A body of the schema's shape whose leaves are sometimes valid and sometimes hostile. */
function arbitraryFor(schema: Schema, depth = 0): fc.Arbitrary<unknown> {
  const hostile = fc.oneof(
    fc.string({ unit: 'binary', maxLength: 40 }),
    fc.constantFrom(...HOSTILE_VALUES),
    fc.double(),
    fc.integer(),
    fc.jsonValue({ maxDepth: 2 }),
  );
  let shaped: fc.Arbitrary<unknown>;
  const type = schema.oneOf ? 'oneOf' : schema.enum ? 'enum' : typesOf(schema)[0];
  if (depth > 5) shaped = fc.constant(sample(schema, depth));
  else if (type === 'oneOf') shaped = fc.oneof(...(schema.oneOf as Schema[]).map((s) => arbitraryFor(s, depth + 1)));
  else if (type === 'enum') shaped = fc.constantFrom(...(schema.enum as unknown[]));
  else if (type === 'object') {
    const properties = (schema.properties ?? {}) as Record<string, Schema>;
    const entries = Object.fromEntries(
      Object.entries(properties).map(([key, child]) => [key, arbitraryFor(child, depth + 1)]),
    );
    shaped = fc.record(entries, { requiredKeys: (schema.required ?? []) as string[] });
  } else if (type === 'array')
    shaped = fc.array(arbitraryFor((schema.items ?? {}) as Schema, depth + 1), { maxLength: 3 });
  else if (type === 'integer') shaped = fc.oneof(fc.integer({ min: 1, max: 5 }), fc.constant(sample(schema)));
  else if (type === 'number') shaped = fc.double({ noNaN: true, noDefaultInfinity: true });
  else if (type === 'boolean') shaped = fc.boolean();
  else shaped = fc.oneof(fc.constant(sample(schema)), fc.string({ unit: 'grapheme', maxLength: 20 }));
  return fc.oneof({ arbitrary: shaped, weight: 5 }, { arbitrary: hostile, weight: 1 });
}

let env: TestEnv;
let user: TestUser;
/** Ids of real rows of the user's company, by path parameter name, so id operations reach their handlers' queries. */
const realIds: Record<string, string> = {};

beforeAll(async () => {
  env = await createTestEnv({ loginRateLimit: 1_000_000 });
  user = await createUser(env);
  const auth = bearer((await login(env, user)).token);
  const post = async (url: string, payload: unknown) =>
    (
      await env.app.inject({
        method: 'POST',
        url: `/api${url}`,
        headers: auth,
        payload: payload as Record<string, unknown>,
      })
    ).json();
  const folder = await post('/contact-folders', { name: 'Fuzz folder' });
  const list = await post('/contact-lists', { name: 'Fuzz list', folderId: folder.id });
  const contact = await post('/contacts', { email: 'fuzzed@example.com', listIds: [list.id] });
  const note = await post(`/contacts/${contact.id}/notes`, { text: 'A note' });
  const attribute = await post('/contact-attributes', { name: 'Plan', type: 'category', options: ['gold', 'silver'] });
  const segment = await post('/segments', {
    name: 'Blocked',
    conditions: { kind: 'group', operator: 'and', conditions: [{ kind: 'blocklist', operator: 'is' }] },
  });
  Object.assign(realIds, {
    folderId: folder.id,
    listId: list.id,
    contactId: contact.id,
    noteId: note.id,
    attributeId: attribute.id,
    segmentId: segment.id,
  });
  for (const [key, value] of Object.entries(realIds)) {
    if (typeof value !== 'number') throw new Error(`seeding ${key} failed`);
    realIds[key] = String(value);
  }
});
afterAll(() => env.close());

function expectWellFormed(res: LightMyRequestResponse, what: string): void {
  expect(res.statusCode, `${what} → ${res.statusCode} ${res.body.slice(0, 300)}`).toBeLessThan(500);
  if (res.statusCode < 400) return;
  expect(res.headers['content-type'], what).toMatch(/^application\/json/);
  const body = res.json() as { code?: unknown; message?: unknown; errors?: unknown };
  expect(typeof body.code, `${what}: ${res.body.slice(0, 300)}`).toBe('string');
  expect(typeof body.message, `${what}: ${res.body.slice(0, 300)}`).toBe('string');
  if (res.statusCode === 422) {
    expect(
      body.errors && typeof body.errors === 'object' && Object.keys(body.errors).length,
      `${what}: ${res.body.slice(0, 300)}`,
    ).toBeTruthy();
  }
}

function urlFor(op: Operation, pathValues: Record<string, string> = {}, query = ''): string {
  const path = op.path.replace(/\{([^}]+)\}/g, (_, name: string) => pathValues[name] ?? realIds[name] ?? '1');
  return `/api${path}${query ? `?${query}` : ''}`;
}

async function send(
  op: Operation,
  headers: Record<string, string>,
  what: string,
  options: Partial<InjectOptions> = {},
): Promise<void> {
  const res = await env.app.inject({
    method: op.method as 'GET',
    url: urlFor(op),
    ...options,
    headers: { ...headers, ...(options.headers as Record<string, string>) },
  });
  expectWellFormed(res, `${op.operationId} ${what}`);
}

const json = (payload: unknown): Partial<InjectOptions> => ({
  headers: { 'content-type': 'application/json' },
  payload: JSON.stringify(payload),
});

/**
 * Logged in, every case; anonymous, the cases about the request's form (path ids, bodies, content types), since field
 * validation runs the same way before the session is checked.
 */
async function fuzzOperation(
  op: Operation,
  headers: Record<string, string>,
  seed: number,
  everything: boolean,
): Promise<void> {
  // Bad path ids and query values, one parameter at a time.
  for (const param of op.params.filter((p) => p.in === 'path')) {
    for (const value of HOSTILE_PARAMS) {
      const url = urlFor(op, { [param.name]: value });
      const res = await env.app.inject({
        method: op.method as 'GET',
        url,
        headers,
        ...(op.body?.contentType === 'application/json' ? json(sample(op.body.schema)) : {}),
      });
      expectWellFormed(res, `${op.operationId} path ${param.name}=${value.slice(0, 20)}`);
    }
  }
  for (const param of op.params.filter((p) => p.in === 'query' && everything)) {
    for (const value of [...HOSTILE_PARAMS, '%00abc', encodeURIComponent(HUGE.slice(0, 5000))]) {
      await send(op, headers, `query ${param.name}=${value.slice(0, 20)}`, {
        url: urlFor(op, {}, `${param.name}=${value}`),
      });
    }
    await send(op, headers, `query ${param.name} twice`, { url: urlFor(op, {}, `${param.name}=1&${param.name}=2`) });
    await send(op, headers, `query ${param.name}[]`, { url: urlFor(op, {}, `${param.name}[]=1&${param.name}[a]=2`) });
  }
  await send(op, headers, 'unknown query', { url: urlFor(op, {}, 'zzz=1&page=-1&perPage=abc&sort[]=x') });

  // Bodies: none, empty, malformed, of the wrong type, under odd content types.
  await send(op, headers, 'no body');
  await send(op, headers, 'empty JSON body', { headers: { 'content-type': 'application/json' }, payload: '' });
  for (const payload of HOSTILE_BODIES)
    await send(op, headers, `body ${payload}`, { headers: { 'content-type': 'application/json' }, payload });
  for (const contentType of ODD_CONTENT_TYPES) {
    await send(op, headers, `content type ${contentType}`, {
      headers: { 'content-type': contentType },
      payload: '{"a":1}',
    });
  }
  if (op.body?.contentType === 'multipart/form-data') {
    const boundary = 'fuzzboundary';
    for (const filename of ['a\u0000b.csv', '\u0001\u001f.xlsx', '../../etc/passwd', 'x'.repeat(1000) + '.csv', '']) {
      const disposition = `Content-Disposition: form-data; name="file"; filename="${filename}"`;
      const file = 'email\r\na\u0000@example.com';
      const payload = `--${boundary}\r\n${disposition}\r\nContent-Type: text/csv\r\n\r\n${file}\r\n--${boundary}--\r\n`;
      await send(op, headers, `upload named ${JSON.stringify(filename.slice(0, 20))}`, {
        headers: { 'content-type': `multipart/form-data; boundary=${boundary}` },
        payload,
      });
    }
  }
  if (op.body?.contentType !== 'application/json' || !everything) return;

  // A valid body with one field replaced by each hostile value in turn.
  const base = sample(op.body.schema);
  await send(op, headers, 'sample body', json(base));
  for (const path of fieldPaths(base)) {
    for (const value of HOSTILE_VALUES)
      await send(
        op,
        headers,
        `${path.join('.')}=${JSON.stringify(value)?.slice(0, 20)}`,
        json(replaced(base, path, value)),
      );
    await send(op, headers, `${path.join('.')} removed`, json(replaced(base, path, undefined)));
  }

  // Bodies of the contract's shape with random content.
  await fc.assert(
    fc.asyncProperty(arbitraryFor(op.body.schema), async (body) => {
      const res = await env.app.inject({ method: op.method as 'POST', url: urlFor(op), headers, ...json(body) });
      expectWellFormed(res, `${op.operationId} random body ${JSON.stringify(body)?.slice(0, 300)}`);
    }),
    { numRuns: 25, seed, endOnFailure: true },
  );
}

describe('the contract fuzz walk answers no 5xx and only well-formed errors', () => {
  const ops = operations();
  it('walks every operation of the contract', () => {
    expect(ops.length).toBeGreaterThan(50);
    expect(ops.filter((op) => op.body).length).toBeGreaterThan(20);
  });
  ops.forEach((op, index) => {
    it(`${op.operationId} (${op.method} ${op.path})`, async () => {
      // A fresh session per operation: an operation that ends the session (logout) leaves the others theirs.
      const loggedIn = bearer((await login(env, user)).token);
      await fuzzOperation(op, loggedIn, 1000 + index, true);
      await fuzzOperation(op, {}, 2000 + index, false);
    });
  });
});

describe('the bad input once answered with a 500 now gets a 422 on its field', () => {
  const cases: [string, InjectOptions, Record<string, string[]>][] = [
    ['no body', { method: 'POST', url: '/api/users/login' }, { body: ['Body is required'] }],
    [
      'an empty JSON body',
      { method: 'POST', url: '/api/contacts', headers: { 'content-type': 'application/json' }, payload: '' },
      { body: ['Body is required'] },
    ],
    [
      'a NUL in a name',
      { method: 'POST', url: '/api/contact-folders', ...json({ name: 'a\u0000b' }) },
      { name: ['Name contains a character that is not allowed'] },
    ],
    [
      'an id beyond bigint',
      { method: 'GET', url: '/api/contact-lists/99999999999999999999' },
      { listId: ['List id must be at most 9007199254740991'] },
    ],
    ['an id in hex', { method: 'GET', url: '/api/contacts/0x10' }, { contactId: ['Contact id must be an integer'] }],
    [
      'an id in exponent notation',
      { method: 'GET', url: '/api/contacts?listId=1e309' },
      { listId: ['List id must be an integer'] },
    ],
    [
      'a huge id in a body',
      { method: 'POST', url: '/api/contact-lists', ...json({ name: 'x', folderId: 1e308 }) },
      { folderId: ['Folder id must be at most 9007199254740991'] },
    ],
    [
      'a condition that is no object',
      {
        method: 'POST',
        url: '/api/segments',
        ...json({ name: 'x', conditions: { kind: 'group', operator: 'and', conditions: [1] } }),
      },
      { 'conditions.conditions.0': ['0 must be an object'] },
    ],
    [
      'groups 1,000 deep',
      { method: 'POST', url: '/api/segments/count', ...json({ conditions: DEEP }) },
      { conditions: ['Conditions nests more than 32 levels deep'] },
    ],
  ];
  for (const [what, request, errors] of cases) {
    it(what, async () => {
      const auth = bearer((await login(env, user)).token);
      const res = await env.app.inject({
        ...request,
        headers: { ...auth, ...(request.headers as Record<string, string>) },
      });
      expect(res.statusCode, res.body).toBe(422);
      expect(res.json()).toEqual({
        code: 'validation_error',
        message: 'There was a validation error with your request.',
        errors,
      });
    });
  }
});

/** A raw HTTP exchange with a listening app, for what Node's parser refuses before Fastify sees a request. */
async function raw(
  port: number,
  head: string,
): Promise<{ status: number; contentType: string | undefined; body: string }> {
  return new Promise((resolve, reject) => {
    const [requestLine, ...headerLines] = head.split('\r\n');
    const [method, path] = requestLine!.split(' ');
    const headers = Object.fromEntries(headerLines.filter(Boolean).map((l) => l.split(': ') as [string, string]));
    const req = httpRequest({ host: '127.0.0.1', port, method, path, headers, insecureHTTPParser: true }, (res) => {
      let body = '';
      res.on('data', (chunk) => (body += chunk));
      res.on('end', () => resolve({ status: res.statusCode ?? 0, contentType: res.headers['content-type'], body }));
    });
    req.on('error', reject);
    req.end();
  });
}

describe('requests refused by the HTTP parser', () => {
  it('answers a 100 kB query string with 431 in the error shape', async () => {
    await env.app.listen({ port: 0, host: '127.0.0.1' });
    const { port } = env.app.server.address() as AddressInfo;
    const res = await raw(port, `GET /api/contacts?q=${'a'.repeat(100_000)} HTTP/1.1\r\nHost: localhost`);
    expect(res.status).toBe(431);
    expect(res.contentType).toMatch(/^application\/json/);
    expect(JSON.parse(res.body)).toEqual({
      code: 'headers_too_large',
      message: 'The request line or headers are too large.',
    });
  });
});
