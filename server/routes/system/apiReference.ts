import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { gzipSync } from 'node:zlib';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { dump } from 'js-yaml';
import type { AppContext } from '../../context.ts';
import { referenceDocument } from './apiDocument.ts';

/**
 * The public API reference: /api/docs renders the contract with Scalar's standalone bundle, served from this server
 * (no CDN, no web fonts, no telemetry), and the contract itself at /api/openapi.json and /api/openapi.yaml. These are
 * plain routes beside the contract's operations; any other /api path still answers the API's JSON 404.
 */

/** Scalar's self-contained browser build (every chunk inlined): one file, read and compressed once. */
const SCALAR_DIST = path.dirname(createRequire(import.meta.url).resolve('@scalar/api-reference'));
const SCALAR_BUNDLE = path.join(SCALAR_DIST, 'browser', 'standalone.js');
const SCALAR_VERSION = (
  JSON.parse(readFileSync(path.join(SCALAR_DIST, '..', 'package.json'), 'utf8')) as {
    version: string;
  }
).version;
/** The bundle's URL names its version, so it is cached for good and an upgrade is a new URL. */
export const DOCS_SCRIPT_PATH = `/api/docs/scalar-${SCALAR_VERSION}.js`;
export const DOCS_CONTRACT_PATH = '/api/openapi.json';

/**
 * The page's policy: scripts, data, fonts and images only from this origin (Scalar's styles are injected at run time,
 * so inline styles are allowed, as for the SPA); nothing framed, no form posts elsewhere.
 */
export const DOCS_POLICY = [
  "default-src 'self'",
  "script-src 'self'",
  "style-src 'self' 'unsafe-inline'",
  "img-src 'self' data: blob:",
  "font-src 'self' data:",
  "connect-src 'self'",
  "worker-src 'self' blob:",
  "object-src 'none'",
  "base-uri 'self'",
  "form-action 'self'",
  "frame-ancestors 'none'",
].join('; ');

/** Scalar's options: our contract, our fonts (none), no telemetry, no hosted AI agent, no proxy, no developer bar. */
const SCALAR_CONFIGURATION = {
  url: DOCS_CONTRACT_PATH,
  withDefaultFonts: false,
  telemetry: false,
  agent: { disabled: true },
  showDeveloperTools: 'never',
  hideClientButton: false,
  documentDownloadType: 'both',
  authentication: { preferredSecurityScheme: 'bearerAuth' },
  metaData: { title: 'Missiva API reference' },
};

/**
 * The page: Scalar's HTML integration reads the configuration from a data element (`type="application/json"` is never
 * run, so the page has no inline script to allow), then the bundle mounts the reference after it.
 */
const DOCS_HTML =
  '<!doctype html><html lang="en"><head><meta charset="utf-8">' +
  '<meta name="viewport" content="width=device-width, initial-scale=1"><title>Missiva API reference</title></head>' +
  `<body><script id="api-reference" type="application/json" data-url="${DOCS_CONTRACT_PATH}" ` +
  `data-configuration='${JSON.stringify(SCALAR_CONFIGURATION)}'></script>` +
  `<script src="${DOCS_SCRIPT_PATH}"></script></body></html>`;

let bundle: { raw: Buffer; gzip: Buffer } | undefined;
const scalarBundle = () => {
  if (!bundle) {
    const raw = readFileSync(SCALAR_BUNDLE);
    bundle = { raw, gzip: gzipSync(raw) };
  }
  return bundle;
};

const acceptsGzip = (request: FastifyRequest) => /\bgzip\b/.test(String(request.headers['accept-encoding'] ?? ''));

/** Routes of the reference; `contract` is the parsed openapi/openapi.yaml. */
export function apiReferenceRoutes(ctx: AppContext, contract: () => Record<string, unknown>) {
  let served: { json: string; yaml: string } | undefined;
  const document = () => {
    if (!served) {
      const doc = referenceDocument(contract(), ctx.config.publicUrl);
      served = { json: JSON.stringify(doc), yaml: dump(doc, { lineWidth: -1, noRefs: true }) };
    }
    return served;
  };
  const contractReply = (reply: FastifyReply, type: string, body: string) =>
    reply.header('cache-control', 'no-cache').header('access-control-allow-origin', '*').type(type).send(body);

  return async function apiReference(app: FastifyInstance) {
    app.get('/api/docs', async (_request, reply) =>
      reply
        .header('content-security-policy', DOCS_POLICY)
        .header('cache-control', 'no-cache')
        .type('text/html; charset=utf-8')
        .send(DOCS_HTML),
    );
    app.get('/api/docs/', async (_request, reply) => reply.redirect('/api/docs', 301));
    app.get(DOCS_SCRIPT_PATH, async (request, reply) => {
      const { raw, gzip } = scalarBundle();
      reply
        .header('cache-control', 'public, max-age=31536000, immutable')
        .header('vary', 'accept-encoding')
        .type('text/javascript; charset=utf-8');
      return acceptsGzip(request) ? reply.header('content-encoding', 'gzip').send(gzip) : reply.send(raw);
    });
    app.get(DOCS_CONTRACT_PATH, async (_request, reply) =>
      contractReply(reply, 'application/json; charset=utf-8', document().json),
    );
    app.get('/api/openapi.yaml', async (_request, reply) =>
      contractReply(reply, 'application/yaml; charset=utf-8', document().yaml),
    );
  };
}
