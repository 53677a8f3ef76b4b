import { execFileSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { gunzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { parse as parseYaml } from 'yaml';
import { buildApp, contractOperationIds } from '../../server/app.ts';
import { DOCS_POLICY, DOCS_SCRIPT_PATH } from '../../server/routes/system/apiReference.ts';
import { createTestEnv, type TestEnv } from './helpers.ts';

// The API reference page, its bundle and the contract it renders, served beside the SPA without changing /api's 404s.
let env: TestEnv;
let dist: string;
let app: Awaited<ReturnType<typeof buildApp>>;
beforeAll(async () => {
  dist = mkdtempSync(path.join('.tmp', 'docs-dist-'));
  mkdirSync(path.join(dist, 'assets'));
  writeFileSync(path.join(dist, 'index.html'), '<!doctype html><title>Missiva</title><div id="root"></div>');
  env = await createTestEnv({ distDir: path.resolve(dist), publicUrl: 'https://missiva.example.org' });
  app = await buildApp(env.ctx);
});
afterAll(async () => {
  await app?.close();
  await env?.close();
  rmSync(dist, { recursive: true, force: true });
});

type Sample = { lang: string; label: string; source: string };
type Op = { operationId: string; 'x-codeSamples': Sample[] };

async function document() {
  const res = await app.inject({ method: 'GET', url: '/api/openapi.json' });
  expect(res.statusCode).toBe(200);
  expect(res.headers['content-type']).toContain('application/json');
  return res.json() as { info: { description: string }; servers: unknown; paths: Record<string, Record<string, Op>> };
}

const operations = (doc: Awaited<ReturnType<typeof document>>) =>
  Object.entries(doc.paths).flatMap(([p, item]) =>
    Object.entries(item)
      .filter(([method]) => ['get', 'put', 'post', 'patch', 'delete'].includes(method))
      .map(([method, op]) => ({ path: p, method, op })),
  );

describe('the API reference', () => {
  it('serves the page under a policy that allows only this origin, with no inline script', async () => {
    const res = await app.inject({ method: 'GET', url: '/api/docs' });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toContain('text/html');
    expect(res.headers['content-security-policy']).toBe(DOCS_POLICY);
    expect(DOCS_POLICY).not.toMatch(/https?:|\*|unsafe-eval/);
    expect(DOCS_POLICY).toContain("script-src 'self'");
    expect(res.body).toContain(`<script src="${DOCS_SCRIPT_PATH}"></script>`);
    // The only other script element is Scalar's configuration, as data: every script that runs comes from a file.
    const inline = [...res.body.matchAll(/<script(?![^>]*\bsrc=)([^>]*)>/g)].map((m) => m[1]);
    expect(inline).toEqual([expect.stringContaining('type="application/json"')]);
    expect(res.body).toContain('"withDefaultFonts":false');
    expect(res.body).toContain('"telemetry":false');
  });

  it("serves Scalar's bundle from this server, compressed when the browser takes gzip", async () => {
    const plain = await app.inject({ method: 'GET', url: DOCS_SCRIPT_PATH });
    expect(plain.statusCode).toBe(200);
    expect(plain.headers['content-type']).toContain('javascript');
    expect(plain.rawPayload.length).toBeGreaterThan(1_000_000);
    const gzip = await app.inject({ method: 'GET', url: DOCS_SCRIPT_PATH, headers: { 'accept-encoding': 'gzip' } });
    expect(gzip.headers['content-encoding']).toBe('gzip');
    expect(gunzipSync(gzip.rawPayload).equals(plain.rawPayload)).toBe(true);
  });

  it('serves the contract with authentication explained and a curl and TypeScript sample per operation', async () => {
    const doc = await document();
    expect(doc.servers).toEqual([{ url: 'https://missiva.example.org/api', description: 'This Missiva server' }]);
    expect(doc.info.description).toContain('## Authentication');
    expect(doc.info.description).toContain('Authorization: Bearer mk_');
    expect(doc.info.description).toContain('api-key: mk_');
    const ops = operations(doc);
    expect(ops.map((o) => o.op.operationId).sort()).toEqual(contractOperationIds().sort());
    for (const { path: p, method, op } of ops) {
      const samples = op['x-codeSamples'];
      expect(
        samples.map((s) => s.label),
        op.operationId,
      ).toEqual(['curl', 'TypeScript (openapi-fetch)']);
      expect(samples[0]!.source).toMatch(new RegExp(`^curl -sS -X ${method.toUpperCase()} 'https://missiva`));
      expect(samples[1]!.source).toContain(`api.${method.toUpperCase()}('${p}'`);
    }
    const incoming = ops.find((o) => o.op.operationId === 'getIncomingMessage')!.op['x-codeSamples'];
    expect(incoming[0]!.source).toBe(
      "curl -sS -X GET 'https://missiva.example.org/api/incoming-messages/1' \\\n" +
        '  -H "Authorization: Bearer $MISSIVA_API_KEY"',
    );
    const yaml = await app.inject({ method: 'GET', url: '/api/openapi.yaml' });
    expect(yaml.headers['content-type']).toContain('yaml');
    expect(parseYaml(yaml.body)).toEqual(doc);
  });

  it('has TypeScript samples that type-check against the generated types', async () => {
    const doc = await document();
    // Each sample in its own block, its import pointed at our generated file; tsc checks them all at once.
    const dir = mkdtempSync(path.join('.tmp', 'samples-'));
    try {
      const body = operations(doc)
        .map(({ op }) => op['x-codeSamples'][1]!.source.split('\n'))
        .map((lines, i) =>
          [
            `export async function sample${i}() {`,
            ...lines.slice(3).map((l) => `  ${l}`),
            '  return { data, error };',
            '}',
          ].join('\n'),
        )
        .join('\n');
      const header =
        "import createClient from 'openapi-fetch';\n" +
        "import type { paths } from '../../shared/contract/schema.d.ts';\n";
      writeFileSync(path.join(dir, 'samples.ts'), header + body);
      writeFileSync(
        path.join(dir, 'tsconfig.json'),
        JSON.stringify({
          extends: '../../tsconfig.json',
          include: ['samples.ts'],
          compilerOptions: { types: ['node'], noUnusedLocals: false },
        }),
      );
      execFileSync(process.execPath, ['node_modules/typescript/bin/tsc', '-p', path.join(dir, 'tsconfig.json')], {
        stdio: 'pipe',
      });
    } catch (error) {
      throw new Error(String((error as { stdout?: Buffer }).stdout ?? error));
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  }, 120_000);

  it('keeps the API 404 in JSON and the SPA on its own paths', async () => {
    for (const url of ['/api/docs/other', '/api/nothing-here', '/api/openapi.xml']) {
      const res = await app.inject({ method: 'GET', url });
      expect(res.statusCode, url).toBe(404);
      expect(res.json().code, url).toBe('not_found');
    }
    const spa = await app.inject({ method: 'GET', url: '/integrations/apikeys' });
    expect(spa.statusCode).toBe(200);
    expect(spa.body).toContain('<div id="root">');
    expect(spa.headers['content-security-policy']).not.toBe(DOCS_POLICY);
  });
});
