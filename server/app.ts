import { existsSync, readFileSync } from 'node:fs';
import { limitReached } from './services/billing/alerts.ts';
import { LimitReached } from './services/billing/limits.ts';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { STATUS_CODES } from 'node:http';
import type { Socket } from 'node:net';
import Fastify, {
  errorCodes,
  type FastifyBaseLogger,
  type FastifyError,
  type FastifyInstance,
  type FastifyRequest,
} from 'fastify';
import helmet, { type HelmetOptions } from 'helmet';
import multipart from '@fastify/multipart';
import rateLimit from '@fastify/rate-limit';
import fastifyStatic from '@fastify/static';
import openapiGlue from 'fastify-openapi-glue';
import type { AppContext } from './context.ts';
import { parseContractYaml } from './contractYaml.ts';
import { HTTP_TEXTS, HttpError, invalid, notFound, TooManyRequests } from './http/errors.ts';
import { postgresRateLimitStore } from './http/rateLimitStore.ts';
import { deferredSerializers } from './http/serialization.ts';
import { BODY_REQUIRED, operationsRequiringJsonBody, toFieldErrors, validatorCompiler } from './http/validation.ts';
import { acceptFormBodies, operationsTakingForms } from './http/formBody.ts';
import { keepRawBody, operationsKeepingRawBody } from './http/rawBody.ts';
import { bindPermission, operationPermissions } from './http/permissions.ts';
import { createHandlers, createSecurityHandlers } from './routes/index.ts';
import { publicLinkRoutes } from './routes/messaging/publicLinks.ts';
import { apiReferenceRoutes } from './routes/system/apiReference.ts';
import { trackerPublicRoutes } from './routes/userflow/trackerPublic.ts';

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
export const CONTRACT_PATH = path.join(ROOT, 'openapi', 'openapi.yaml');

let contractCache: Record<string, unknown> | undefined;
export function loadContract(): Record<string, unknown> {
  contractCache ??= parseContractYaml(readFileSync(CONTRACT_PATH, 'utf8'));
  return structuredClone(contractCache);
}

/** Every operationId in the contract, in document order. */
export function contractOperationIds(): string[] {
  const paths = loadContract().paths as Record<string, Record<string, { operationId?: string }>>;
  return Object.values(paths).flatMap((item) =>
    Object.values(item).flatMap((op) => (op && typeof op === 'object' && op.operationId ? [op.operationId] : [])),
  );
}

/** Runs helmet once against a recording response and keeps the headers it sets. */
function staticSecurityHeaders(options: HelmetOptions): Record<string, string> {
  const headers: Record<string, string> = {};
  const recorder = {
    setHeader: (name: string, value: string | number | readonly string[]) => {
      headers[name.toLowerCase()] = Array.isArray(value) ? value.join(', ') : String(value);
    },
    removeHeader: (name: string) => {
      delete headers[name.toLowerCase()];
    },
  };
  helmet(options)({} as never, recorder as never, () => undefined);
  return headers;
}

/**
 * Operations marked `x-rate-limit: auth` in the contract get a flood guard per client address on all nodes. Guesses are
 * limited more tightly in PostgreSQL (services/auth/guessing.ts), counting failures only, so this ceiling stays high
 * enough that people behind one address never reach it by signing in correctly.
 */
function withRateLimits(contract: Record<string, unknown>, max: number): Record<string, unknown> {
  const paths = contract.paths as Record<string, Record<string, Record<string, unknown>>>;
  for (const item of Object.values(paths)) {
    for (const op of Object.values(item)) {
      if (op && typeof op === 'object' && op['x-rate-limit'] === 'auth') {
        op['x-fastify-config'] = { rateLimit: { max, timeWindow: 60_000 } };
      }
    }
  }
  return contract;
}

type Operation = { requestBody?: { content?: object }; responses?: Record<string, { content?: object }> };

/**
 * Media types the contract only answers with (the CSV downloads), never takes as a body. fastify-openapi-glue collects
 * response media types with request ones and warns that each has no body parser; these get one that refuses the body
 * with 415, as Fastify does for any type without a parser, so the warning keeps meaning "a request body we cannot read".
 */
function answerOnlyMediaTypes(contract: Record<string, unknown>): string[] {
  const operations = Object.values(contract.paths as Record<string, Record<string, Operation>>).flatMap((item) =>
    Object.values(item).filter((op): op is Operation => typeof op === 'object' && op !== null && 'responses' in op),
  );
  const taken = new Set(operations.flatMap((op) => Object.keys(op.requestBody?.content ?? {})));
  const answered = operations.flatMap((op) =>
    Object.values(op.responses ?? {}).flatMap((response) => Object.keys(response.content ?? {})),
  );
  return [...new Set(answered)].filter((type) => !taken.has(type));
}

/** What Node's HTTP parser refuses before Fastify sees a request, answered in the `{ code, message }` shape. */
const CLIENT_ERRORS: Record<string, { status: number; code: string; message: string }> = {
  HPE_HEADER_OVERFLOW: {
    status: 431,
    code: 'headers_too_large',
    message: 'The request line or headers are too large.',
  },
  ERR_HTTP_REQUEST_TIMEOUT: { status: 408, code: 'request_timeout', message: 'The request took too long to arrive.' },
};
const MALFORMED = { status: 400, code: 'bad_request', message: HTTP_TEXTS.badRequest };

function clientErrorHandler(error: Error & { code?: string }, socket: Socket): void {
  if (error.code === 'ECONNRESET' || socket.destroyed) return;
  const { status, code, message } = CLIENT_ERRORS[error.code ?? ''] ?? MALFORMED;
  const body = JSON.stringify({ code, message });
  if (socket.writable) {
    socket.write(
      `HTTP/1.1 ${status} ${STATUS_CODES[status]}\r\nContent-Length: ${Buffer.byteLength(body)}\r\n` +
        `Content-Type: application/json; charset=utf-8\r\nConnection: close\r\n\r\n${body}`,
    );
  }
  socket.destroy(error);
}

async function requireBody(request: FastifyRequest): Promise<void> {
  if (request.body === undefined) {
    throw invalid(BODY_REQUIRED);
  }
}

export interface BuildAppOptions {
  /** Serve the built SPA from config.distDir (off in API tests). */
  serveSpa?: boolean;
  /** The process logger (pino); requests log through it with its level and redaction. */
  loggerInstance?: FastifyBaseLogger;
  /**
   * Check each operation's x-permission against the caller's role (default). Only the permissions benchmark turns it
   * off, to measure in one run what the check costs an authenticated read.
   */
  enforcePermissions?: boolean;
}

/** Builds the HTTP application: contract routes under /api, JSON errors, security headers, the SPA for other paths. */
export async function buildApp(ctx: AppContext, options: BuildAppOptions = {}): Promise<FastifyInstance> {
  const app = Fastify({
    ...(options.loggerInstance ? { loggerInstance: options.loggerInstance } : { logger: false }),
    trustProxy: ctx.config.trustProxy,
    bodyLimit: 1024 * 1024,
    genReqId: () => crypto.randomUUID(),
    requestIdHeader: false,
    ajv: { customOptions: { allErrors: true } },
    // Response serializers, like the request validators (http/validation.ts), are built at their route's first use.
    schemaController: { compilersFactory: { buildSerializer: deferredSerializers } },
    clientErrorHandler,
  });
  app.setValidatorCompiler(validatorCompiler);
  // The contract only takes JSON (and multipart where it says so); any other body is refused with 415 before a handler.
  app.removeContentTypeParser('text/plain');
  app.setSchemaErrorFormatter((errors, dataVar) => {
    // A channel that does not exist names no resource: 404, as the SPA's /multichannel/{channel} shows its 404 page.
    if (dataVar === 'params' && errors.some((e) => e.instancePath === '/channel'))
      return notFound() as unknown as Error;
    const error = invalid(toFieldErrors(errors as never, dataVar));
    return error as unknown as Error;
  });

  // Security headers are the same on every answer: helmet computes them once here, not per request.
  const securityHeaders = staticSecurityHeaders({
    contentSecurityPolicy: {
      directives: {
        defaultSrc: ["'self'"],
        scriptSrc: ["'self'"],
        styleSrc: ["'self'", "'unsafe-inline'"],
        imgSrc: ["'self'", 'data:', 'blob:'],
        connectSrc: ["'self'", 'ws:', 'wss:'],
        fontSrc: ["'self'", 'data:'],
        objectSrc: ["'none'"],
        frameAncestors: ["'none'"],
        upgradeInsecureRequests: null,
      },
    },
    crossOriginEmbedderPolicy: false,
    hsts: ctx.config.publicUrl.startsWith('https://'),
  });
  app.addHook('onRequest', async (_request, reply) => {
    reply.headers(securityHeaders);
  });
  // Counted in PostgreSQL, so every API node of a cluster counts the same hits; a database that does not answer lets
  // the request through to its handler, which then fails on the database like any other.
  await app.register(rateLimit, { global: false, store: postgresRateLimitStore(ctx.pool), skipOnError: true });

  app.addHook('onSend', async (request, reply) => {
    reply.header('x-request-id', request.id);
    // A draining node ends each connection after its answer: a proxy's kept-alive connection is not reused, so its
    // next request opens a new one, which the other nodes take once this node has closed its listener.
    if (ctx.draining) reply.header('connection', 'close');
  });

  app.setErrorHandler((thrown: FastifyError | HttpError, request, reply) => {
    // fastify-openapi-glue wraps the security handlers' errors in `errors`; the last one speaks for the request.
    const wrapped = (thrown as { errors?: unknown[] }).errors;
    const error =
      Array.isArray(wrapped) && wrapped.at(-1) instanceof HttpError ? (wrapped.at(-1) as HttpError) : thrown;
    if (error instanceof HttpError) {
      if (error instanceof TooManyRequests) reply.header('retry-after', String(error.retryAfterSeconds));
      // A plan limit that refused the user tells the team in the bell too (at most once a day per limit).
      if (error instanceof LimitReached && request.auth)
        void limitReached(ctx, request.auth.companyId, error.limit, error.max).catch((err: unknown) =>
          request.log.warn({ err }, 'limit notification failed'),
        );
      return reply
        .status(error.statusCode)
        .send({ code: error.code, message: error.message, ...(error.errors ? { errors: error.errors } : {}) });
    }
    const status = error.statusCode ?? 500;
    if (status === 429) {
      return reply.status(429).send({ code: 'too_many_requests', message: HTTP_TEXTS.tooManyRequests });
    }
    // A JSON content type with nothing after it is a missing body, as is no body at all (see requireBody).
    if (error.code === 'FST_ERR_CTP_EMPTY_JSON_BODY') {
      return reply
        .status(422)
        .send({ code: 'validation_error', message: HTTP_TEXTS.validation, errors: BODY_REQUIRED });
    }
    if (status === 413)
      return reply.status(413).send({ code: 'payload_too_large', message: 'The request body is too large.' });
    if (status === 415)
      return reply.status(415).send({ code: 'unsupported_media_type', message: 'Send the body as application/json.' });
    if (status >= 400 && status < 500) {
      const code = status === 401 ? 'not_authenticated' : status === 400 ? 'bad_request' : 'client_error';
      const message = status === 401 ? HTTP_TEXTS.notLoggedIn : status === 400 ? HTTP_TEXTS.badRequest : error.message;
      return reply.status(status).send({ code, message });
    }
    request.log.error({ err: error }, 'request failed');
    return reply.status(500).send({ code: 'server_error', message: HTTP_TEXTS.serverError });
  });

  await app.register(
    async (api) => {
      api.setNotFoundHandler((request, reply) =>
        reply.status(404).send({ code: 'not_found', message: `No API operation at ${request.method} ${request.url}` }),
      );
      // Uploads stream to the handler; a file over UPLOAD_MAX_BYTES ends as 413 'You exceeded the maximum filesize'.
      await api.register(multipart, { limits: { fileSize: ctx.config.uploadMaxBytes, files: 1, fields: 20 } });
      // The per-address limiter is only a flood guard: guessing is limited per account and address in PostgreSQL.
      const contract = withRateLimits(loadContract(), ctx.config.loginRateLimit * 10);
      for (const type of answerOnlyMediaTypes(contract)) {
        api.addContentTypeParser(type, (_request, _body, done) =>
          done(new errorCodes.FST_ERR_CTP_INVALID_MEDIA_TYPE(type), undefined),
        );
      }
      // Who the caller is and whether their role holds the operation's x-permission are settled first, in one place
      // for every operation (server/http/permissions.ts); the contract must declare a known permission everywhere.
      const permissions = operationPermissions(contract);
      api.addHook('onRoute', (route) => bindPermission(route, permissions, options.enforcePermissions !== false));
      // Fastify validates a body only under the content type it arrived with, so a request with no body (and no
      // content type) would reach the handler unchecked: operations whose contract requires a JSON body refuse it.
      const bodyRequired = operationsRequiringJsonBody(contract);
      api.addHook('onRoute', (route) => {
        const operationId = (route.schema as { operationId?: string } | undefined)?.operationId;
        if (!operationId || !bodyRequired.has(operationId)) return;
        route.preValidation = [...[route.preValidation ?? []].flat(), requireBody];
      });
      // Public pages without script post plain forms, read only for the operations whose contract takes one.
      acceptFormBodies(api, operationsTakingForms(contract));
      // Provider webhooks whose signature covers the body's bytes keep them (x-raw-body in the contract).
      const rawBody = operationsKeepingRawBody(contract);
      api.addHook('onRoute', (route) => {
        const operationId = (route.schema as { operationId?: string } | undefined)?.operationId;
        if (operationId && rawBody.has(operationId))
          route.preParsing = [...[route.preParsing ?? []].flat(), keepRawBody];
      });
      await api.register(openapiGlue, {
        specification: contract,
        serviceHandlers: createHandlers(ctx),
        securityHandlers: createSecurityHandlers(ctx),
      });
    },
    { prefix: '/api' },
  );

  // The API reference (/api/docs) and the contract it renders (/api/openapi.json, .yaml): exact paths under /api.
  await app.register(apiReferenceRoutes(ctx, loadContract));

  // The links messages carry (open pixel, tracked links, unsubscribe, web version): outside /api, before the SPA.
  await app.register(publicLinkRoutes(ctx));
  // The website tracker's snippet and the ingest's CORS preflight.
  await app.register(trackerPublicRoutes(ctx));

  const manifestHandler = createHandlers(ctx).getBuildManifest;
  app.get('/build-manifest.json', async (request, reply) => {
    reply.header('cache-control', 'no-store');
    return manifestHandler(request as never, reply);
  });

  const dist = ctx.config.distDir;
  if (options.serveSpa !== false && existsSync(path.join(dist, 'index.html'))) {
    // Vite writes every hashed file under assets/: those are immutable. Any other GET outside /api is a page of the SPA.
    await app.register(fastifyStatic, {
      root: path.join(dist, 'assets'),
      prefix: '/assets/',
      wildcard: true,
      index: false,
      maxAge: '1y',
      immutable: true,
    });
    const indexHtml = readFileSync(path.join(dist, 'index.html'), 'utf8');
    app.setNotFoundHandler((request, reply) => {
      if (request.method !== 'GET' && request.method !== 'HEAD') {
        return reply.status(404).send({ code: 'not_found', message: 'Not found' });
      }
      return reply.header('cache-control', 'no-cache').type('text/html').send(indexHtml);
    });
  } else {
    app.setNotFoundHandler((request, reply) => reply.status(404).send({ code: 'not_found', message: 'Not found' }));
  }
  return app;
}
