import pino from 'pino';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp, contractOperationIds } from '../../server/app.ts';
import { compileDeferredSerializers } from '../../server/http/serialization.ts';
import { compileDeferredValidators } from '../../server/http/validation.ts';
import { createHandlers } from '../../server/routes/index.ts';
import { createTestEnv, type TestEnv } from './helpers.ts';

let env: TestEnv;
beforeAll(async () => {
  env = await createTestEnv();
});
afterAll(() => env.close());

describe('contract', () => {
  it('has a handler for every operationId, and no handler without an operation', () => {
    const ids = contractOperationIds();
    expect(ids.length).toBeGreaterThan(10);
    const handlers = Object.keys(createHandlers(env.ctx));
    expect(handlers.filter((h) => !ids.includes(h))).toEqual([]);
    expect(ids.filter((id) => !handlers.includes(id))).toEqual([]);
    expect(new Set(ids).size).toBe(ids.length);
  });

  it('compiles every request validator and response serializer the contract describes', () => {
    // The app builds them at their route's first use: here all at once, so a schema that cannot compile fails a test.
    expect(compileDeferredValidators()).toBeGreaterThan(100);
    expect(compileDeferredSerializers()).toBeGreaterThan(100);
    expect(compileDeferredValidators() + compileDeferredSerializers()).toBe(0);
  });

  it('answers an unknown /api path with a JSON 404', async () => {
    const res = await env.app.inject({ method: 'GET', url: '/api/no-such-thing' });
    expect(res.statusCode).toBe(404);
    expect(res.json()).toMatchObject({ code: 'not_found' });
  });

  it('answers malformed JSON with 400 and the spec text', async () => {
    const res = await env.app.inject({
      method: 'POST',
      url: '/api/users/login',
      headers: { 'content-type': 'application/json' },
      payload: '{"email":',
    });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({
      code: 'bad_request',
      message: 'The request could not be understood by the server due to malformed syntax.',
    });
  });

  it('refuses an oversized body with 413 and no 500', async () => {
    const res = await env.app.inject({
      method: 'POST',
      url: '/api/users/login',
      headers: { 'content-type': 'application/json' },
      payload: JSON.stringify({ email: 'a@b.co', password: 'x'.repeat(2 * 1024 * 1024) }),
    });
    expect(res.statusCode).toBe(413);
    expect(res.json().code).toBe('payload_too_large');
  });

  it('refuses a body that is not JSON with 415', async () => {
    const res = await env.app.inject({
      method: 'POST',
      url: '/api/users/login',
      headers: { 'content-type': 'text/plain' },
      payload: 'hello',
    });
    expect(res.statusCode).toBe(415);
  });

  it('refuses a CSV body (a type the contract only answers with) with 415', async () => {
    const headers = { 'content-type': 'text/csv' };
    const res = await env.app.inject({ method: 'POST', url: '/api/users/login', headers, payload: 'a,b' });
    expect(res.statusCode).toBe(415);
    expect(res.json().code).toBe('unsupported_media_type');
  });

  it('builds without a warning', async () => {
    const lines: string[] = [];
    const log = pino({ level: 'warn' }, { write: (line: string) => void lines.push(line) });
    const app = await buildApp(env.ctx, { serveSpa: false, loggerInstance: log });
    await app.ready();
    await app.close();
    expect(lines).toEqual([]);
  });

  it('reports health with the database', async () => {
    const res = await env.app.inject({ method: 'GET', url: '/api/health' });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ status: 'ok', database: 'ok' });
  });

  it('serves the build manifest uncached at both addresses', async () => {
    for (const url of ['/build-manifest.json', '/api/build-manifest.json']) {
      const res = await env.app.inject({ method: 'GET', url });
      expect(res.statusCode).toBe(200);
      expect(typeof res.json().buildId).toBe('string');
      expect(res.headers['cache-control']).toBe('no-store');
    }
  });

  it('sends security headers and a request id', async () => {
    const res = await env.app.inject({ method: 'GET', url: '/api/health' });
    expect(res.headers['x-content-type-options']).toBe('nosniff');
    expect(res.headers['content-security-policy']).toContain("default-src 'self'");
    expect(res.headers['x-frame-options']).toBeDefined();
    expect(res.headers['x-request-id']).toMatch(/[0-9a-f-]{36}/);
  });

  it('requires a bearer token on secured operations', async () => {
    for (const [method, url] of [
      ['GET', '/api/users/me'],
      ['POST', '/api/users/logout'],
      ['GET', '/api/users/2fa'],
      ['GET', '/api/outbox'],
    ] as const) {
      const res = await env.app.inject({ method, url });
      expect(res.statusCode, url).toBe(401);
      expect(res.json().code).toBe('token_missing');
    }
    const res = await env.app.inject({
      method: 'GET',
      url: '/api/users/me',
      headers: { authorization: 'Bearer not.a.jwt' },
    });
    expect(res.json().code).toBe('token_invalid');
  });
});
