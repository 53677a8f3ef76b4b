import type { IncomingMessage, ServerResponse } from 'node:http';
import type { FastifyInstance } from 'fastify';
import type { components } from '../../../shared/contract/schema.d.ts';
import { originAllowed, TRACKER_LIMITS } from '../../../shared/tracker.ts';
import type { AppContext } from '../../context.ts';
import { HTTP_TEXTS } from '../../http/errors.ts';
import { contractValidator, nestsTooDeep } from '../../http/validation.ts';
import { notToRecord, toHits, type SiteByKey } from '../../services/tracker/ingest.ts';
import { trackerRuntime } from '../../services/tracker/runtime.ts';

type Batch = components['schemas']['TrackerBatch'];
type Listener = (req: IncomingMessage, res: ServerResponse) => void;

const PREFIX = '/api/public/track/';
/** The contract's siteKey parameter (minLength 16, maxLength 64, pattern ^[A-Za-z0-9_-]+$). */
const SITE_KEY = /^[A-Za-z0-9_-]{16,64}$/;
/** The JSON content types Fastify's own parser takes without a second thought; any other goes through Fastify. */
const JSON_TYPE = /^application\/json(\s*;\s*charset=utf-8)?$/i;
/** Headers of an injected answer that belong to its own (simulated) connection, not to the one answering here. */
const HOP_BY_HOP = new Set(['connection', 'keep-alive', 'transfer-encoding', 'date']);
const SERVER_ERROR = JSON.stringify({ code: 'server_error', message: HTTP_TEXTS.serverError });

function serverError(res: ServerResponse): void {
  res.writeHead(500, { 'content-type': 'application/json; charset=utf-8' });
  res.end(SERVER_ERROR);
}

/**
 * The tracker's ingest (`POST /api/public/track/{siteKey}`, operation trackWebsiteEvents) answered ahead of
 * Fastify's request listener, as the open pixel is (routes/messaging/publicLinks.ts): Fastify's stack around a route
 * costs more than the ingest's work (docs/benchmarks.md, "Website tracker ingest"). Only a request that will be
 * accepted is answered here, with the same steps the contract route takes: the body read within the tracker's cap,
 * parsed by Fastify's own JSON parser (prototype poisoning refused), validated by the contract's TrackerBatch schema
 * (compiled once, with the same depth guard), the site looked up, its Origin allowed, the caps of `toHits`, the
 * per-site rate limit, bots, DNT/GPC and consent. Its 204 carries the CORS headers and nosniff, as the pixel's answer
 * carries only what it needs: the document policies Fastify adds to every answer (CSP, frame and referrer policies,
 * about 600 bytes) mean nothing on an empty answer to a cross-origin fetch, and writing them halved the requests a
 * core answers (measured in docs/benchmarks.md, "Website tracker ingest"). Anything else (another path or method, a
 * query string, no or another content type, a body over the cap, and every refusal: 400, 403, 404, 413, 422, 429) is
 * handed to the contract route itself through
 * `app.inject` with the body already read, so every refusal is Fastify's, word for word. `inject` in tests never
 * reaches this listener, so the route's own tests keep testing the route; tests/server/tracker/fastPath.test.ts
 * compares both over a real socket.
 */
export function installTrackerFastPath(app: FastifyInstance, ctx: AppContext): void {
  const server = app.server;
  const others = server.listeners('request') as Listener[];
  const passOn: Listener = (req, res) => {
    for (const listener of others) listener.call(server, req, res);
  };
  const parseJson = app.getDefaultJsonParser('error', 'error');
  const validate = contractValidator('TrackerBatch');

  /** The contract route's answer to this request (its body already read), written to the real response. */
  const byRoute = (req: IncomingMessage, res: ServerResponse, body: Buffer) => {
    app
      .inject({
        method: 'POST',
        url: req.url!,
        headers: req.headers as Record<string, string>,
        payload: body,
        remoteAddress: req.socket.remoteAddress,
      })
      .then(
        (answer) => {
          const headers = Object.fromEntries(
            Object.entries(answer.headers).filter(([name]) => !HOP_BY_HOP.has(name.toLowerCase())),
          );
          res.writeHead(answer.statusCode, headers as Record<string, string>);
          res.end(answer.rawPayload);
        },
        (error: unknown) => {
          ctx.log.error({ err: error }, 'tracker ingest not answered');
          serverError(res);
        },
      );
  };

  /** Parses and checks the body as the route would; the batch when it passes everything the contract checks. */
  const batchOf = (text: string): Batch | null => {
    let parsed: unknown;
    let failed = false;
    parseJson(undefined as never, text, (error, value) => {
      failed = error !== null && error !== undefined;
      parsed = value;
    });
    if (failed || !parsed || typeof parsed !== 'object') return null;
    if (nestsTooDeep(parsed) || !validate(parsed)) return null;
    return parsed as Batch;
  };

  /**
   * originAllowed per site and Origin, kept on the cached site object: a refreshed or forgotten site (siteLookup) is a
   * new object, so a changed domain list is asked again; at most 100 origins a site, then the list starts over.
   */
  const origins = new WeakMap<SiteByKey, Map<string, boolean>>();
  const allowed = (site: SiteByKey, origin: string | undefined) => {
    if (origin === undefined) return false;
    let known = origins.get(site);
    if (!known || known.size >= 100) origins.set(site, (known = new Map()));
    let ok = known.get(origin);
    if (ok === undefined) known.set(origin, (ok = originAllowed(origin, site.allowedDomains)));
    return ok;
  };

  const ingest = async (req: IncomingMessage, res: ServerResponse, siteKey: string, body: Buffer) => {
    const batch = batchOf(body.toString('utf8'));
    if (!batch) return byRoute(req, res, body);
    const { site, limiter, store } = trackerRuntime(ctx);
    const found = await site(siteKey);
    const origin = req.headers.origin;
    if (!found || !allowed(found, origin)) return byRoute(req, res, body);
    const consented = found.consentMode !== 'ask' || batch.consent === true;
    const record = consented && !notToRecord(req.headers);
    let hits;
    try {
      hits = record ? toHits(found, batch, body.length, req.headers['user-agent']) : [];
    } catch {
      return byRoute(req, res, body);
    }
    // The route takes the rate limit's hit before the caps; a refusal there takes none, so its 429 comes from the route.
    if (limiter.hit(siteKey) !== null) return byRoute(req, res, body);
    try {
      await store(hits);
    } catch (error) {
      // Taken, not stored (the write failed): the answer the route's error handler gives.
      ctx.log.error({ err: error }, 'request failed');
      return serverError(res);
    }
    res.writeHead(204, {
      'access-control-allow-origin': origin!,
      vary: 'Origin',
      'x-content-type-options': 'nosniff',
      ...(ctx.draining ? { connection: 'close' } : {}),
    });
    res.end();
  };

  server.removeAllListeners('request');
  server.on('request', (req: IncomingMessage, res: ServerResponse) => {
    const url = req.url ?? '';
    const siteKey = url.startsWith(PREFIX) ? url.slice(PREFIX.length) : '';
    const length = Number(req.headers['content-length']);
    if (
      req.method !== 'POST' ||
      !SITE_KEY.test(siteKey) ||
      !JSON_TYPE.test(req.headers['content-type'] ?? '') ||
      req.headers['transfer-encoding'] !== undefined ||
      !(length > 0 && length <= TRACKER_LIMITS.maxBodyBytes)
    ) {
      passOn(req, res);
      return;
    }
    const chunks: Buffer[] = [];
    let received = 0;
    req.on('data', (chunk: Buffer) => {
      received += chunk.length;
      chunks.push(chunk);
    });
    req.on('error', () => res.destroy());
    req.on('end', () => {
      if (received !== length) return void res.destroy();
      ingest(req, res, siteKey, Buffer.concat(chunks, received)).catch((error: unknown) => {
        ctx.log.error({ err: error }, 'tracker ingest failed');
        if (!res.headersSent) byRoute(req, res, Buffer.concat(chunks, received));
      });
    });
  });
}
