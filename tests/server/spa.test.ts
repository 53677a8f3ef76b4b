import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../server/app.ts';
import { createTestEnv, type TestEnv } from './helpers.ts';

// The built SPA beside the API: files with long caching, every other path gets index.html, /api stays JSON.
let env: TestEnv;
let dist: string;
let app: Awaited<ReturnType<typeof buildApp>>;
beforeAll(async () => {
  dist = mkdtempSync(path.join(tmpdir(), 'missiva-dist-'));
  mkdirSync(path.join(dist, 'assets'));
  writeFileSync(path.join(dist, 'index.html'), '<!doctype html><title>Missiva</title><div id="root"></div>');
  writeFileSync(path.join(dist, 'assets', 'app-abc123.js'), 'console.log(1)');
  writeFileSync(path.join(dist, 'build-manifest.json'), JSON.stringify({ buildId: 'build-42' }));
  env = await createTestEnv({ distDir: dist });
  app = await buildApp(env.ctx);
});
afterAll(async () => {
  await app.close();
  await env.close();
  rmSync(dist, { recursive: true, force: true });
});

describe('serving the SPA', () => {
  it('answers deep links with index.html, uncached', async () => {
    for (const url of ['/', '/contacts/show/12', '/workflows/a/b/c', '/login?next=%2Fcontacts']) {
      const res = await app.inject({ method: 'GET', url });
      expect(res.statusCode, url).toBe(200);
      expect(res.headers['content-type']).toContain('text/html');
      expect(res.body).toContain('<div id="root">');
      expect(res.headers['cache-control']).toBe('no-cache');
    }
  });

  it('serves hashed assets as immutable and the manifest as no-store', async () => {
    const asset = await app.inject({ method: 'GET', url: '/assets/app-abc123.js' });
    expect(asset.statusCode).toBe(200);
    expect(asset.headers['cache-control']).toContain('immutable');
    const manifest = await app.inject({ method: 'GET', url: '/build-manifest.json' });
    expect(manifest.json()).toEqual({ buildId: 'build-42' });
    expect(manifest.headers['cache-control']).toBe('no-store');
  });

  it('keeps /api answers JSON and refuses non-GET on SPA paths', async () => {
    const api = await app.inject({ method: 'GET', url: '/api/nothing-here' });
    expect(api.statusCode).toBe(404);
    expect(api.json().code).toBe('not_found');
    const post = await app.inject({ method: 'POST', url: '/contacts' });
    expect(post.statusCode).toBe(404);
  });
});
