import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../../context.ts';
import { closeTrackerRuntime, trackerRuntime } from '../../services/tracker/runtime.ts';
import { TRACKER_PATHS, originAllowed } from '../../../shared/tracker.ts';
import { allowOrigin } from './tracker.ts';
import { installTrackerFastPath } from './trackerFastPath.ts';

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..', '..', '..');

/** The snippet: the built copy (vite copies public/ into dist/) when there is one, else the source. */
function snippetSource(distDir: string): string {
  const built = path.join(distDir, 't.js');
  return readFileSync(existsSync(built) ? built : path.join(ROOT, 'public', 't.js'), 'utf8');
}

/**
 * The tracker's parts outside the contract: the snippet (`/t.js`, loaded by other sites' pages, so it may be embedded
 * cross-origin) and the CORS preflight of the ingest, answered only for a site's allowed domains. Writes what the
 * recorder holds when the application closes. The ingest itself is answered ahead of Fastify's stack
 * (trackerFastPath.ts).
 */
export function trackerPublicRoutes(ctx: AppContext) {
  return async function trackerPublic(app: FastifyInstance) {
    installTrackerFastPath(app, ctx);
    const snippet = snippetSource(ctx.config.distDir);
    app.get(TRACKER_PATHS.snippet, async (_request, reply) =>
      reply
        .header('content-type', 'text/javascript; charset=utf-8')
        .header('cache-control', 'public, max-age=3600')
        .header('cross-origin-resource-policy', 'cross-origin')
        .send(snippet),
    );
    app.options('/api/public/track/:siteKey', async (request, reply) => {
      const { siteKey } = request.params as { siteKey: string };
      const site = /^[A-Za-z0-9_-]{16,64}$/.test(siteKey) ? await trackerRuntime(ctx).site(siteKey) : null;
      const origin = request.headers.origin;
      if (!site || !originAllowed(origin, site.allowedDomains)) return reply.status(403).send();
      allowOrigin(reply, origin!);
      return reply
        .status(204)
        .header('access-control-allow-methods', 'POST')
        .header('access-control-allow-headers', 'content-type')
        .header('access-control-max-age', '7200')
        .send();
    });
    app.addHook('onClose', async () => closeTrackerRuntime(ctx));
  };
}
