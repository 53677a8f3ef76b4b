import { createHash } from 'node:crypto';
import type { IncomingMessage, ServerResponse } from 'node:http';
import type { FastifyInstance, FastifyReply } from 'fastify';
import { LRUCache } from 'lru-cache';
import type { AppContext } from '../../context.ts';
import { forTenant } from '../../services/scope.ts';
import { renderMirror } from '../../services/messaging/mirror.ts';
import { verifyTracking, type TokenKind, type TrackingTarget } from '../../services/messaging/tokens.ts';
import { TrackingRecorder } from '../../services/messaging/trackingRecorder.ts';
import {
  contactLists,
  findRecipient,
  getUnsubscribeSettings,
  unsubscribe,
} from '../../services/messaging/unsubscribe.ts';
import {
  DEFAULT_UNSUBSCRIBE_SETTINGS,
  escapeHtml,
  UNSUBSCRIBE_FIXED_TEXTS,
  unsubscribePageHtml,
  unsubscribePageStyle,
  type UnsubscribeLanguage,
} from '../../../shared/unsubscribe.ts';

/** A 1×1 transparent GIF (43 bytes). */
export const PIXEL = Buffer.from('R0lGODlhAQABAIAAAAAAAP///yH5BAEAAAAALAAAAAABAAEAAAIBRAA7', 'base64');

/** RFC 8058: the body a mail client POSTs for a one-click unsubscribe. */
const ONE_CLICK = /(^|&)List-Unsubscribe=One-Click(&|$)|name="List-Unsubscribe"\r?\n\r?\nOne-Click/;

const styleHash = (style: string) => `'sha256-${createHash('sha256').update(style).digest('base64')}'`;

/** The unsubscribe page's policy: nothing loads, nothing runs; only its own style sheet and a form to itself. */
const pagePolicy = (style: string) =>
  `default-src 'none'; style-src ${styleHash(style)}; form-action 'self'; frame-ancestors 'none'; base-uri 'none'`;

/**
 * The web version's policy: the message's own styles and images (from anywhere, as in a mail client), no script, no
 * form, not framed, sandboxed (links open in a new context).
 */
const MIRROR_POLICY =
  "default-src 'none'; img-src * data:; style-src * 'unsafe-inline'; font-src * data:; form-action 'none'; " +
  "frame-ancestors 'none'; base-uri 'none'; sandbox allow-popups allow-popups-to-escape-sandbox " +
  'allow-top-navigation-by-user-activation';

/** The page a link that does not verify answers with (404): plain HTML, nothing loaded, its own strict policy. */
function notFoundHtml(language: UnsubscribeLanguage = 'en') {
  const text = escapeHtml(UNSUBSCRIBE_FIXED_TEXTS[language].invalid);
  const style = unsubscribePageStyle(DEFAULT_UNSUBSCRIBE_SETTINGS.colours);
  return {
    policy: pagePolicy(style),
    html:
      `<!doctype html><html lang="${language}"><head><meta charset="utf-8"><meta name="robots" content="noindex">` +
      `<title>${text}</title><style>${style}</style></head><body><main><p>${text}</p></main></body></html>`,
  };
}
const NOT_FOUND = notFoundHtml();

function notFoundPage(reply: FastifyReply) {
  return reply
    .status(404)
    .header('cache-control', 'no-store')
    .header('content-security-policy', NOT_FOUND.policy)
    .type('text/html; charset=utf-8')
    .send(NOT_FOUND.html);
}

/** Reads a form body (urlencoded, or multipart as some clients send RFC 8058's) as text; the route parses it. */
function acceptFormBodies(app: FastifyInstance) {
  for (const type of ['application/x-www-form-urlencoded', 'multipart/form-data']) {
    app.addContentTypeParser(type, { parseAs: 'string', bodyLimit: 16 * 1024 }, (_request, body, done) =>
      done(null, body),
    );
  }
}

const PIXEL_HEADERS = {
  'content-type': 'image/gif',
  'content-length': String(PIXEL.length),
  'cache-control': 'no-store',
  'x-content-type-options': 'nosniff',
};

/**
 * The open pixel and tracked links are the busiest public paths (every email opened, every link followed) and the
 * smallest answers. Fastify's stack around every route (security headers, request ids and logging, hooks) costs more
 * than the work itself (docs/benchmarks.md, "Open and click endpoints"), so a real HTTP server answers GETs of
 * /t/o/ and /t/c/ here, ahead of Fastify's request listener, with the same `open` and `click` the routes below use;
 * everything else, and `inject` in tests, goes through Fastify as before. The client address follows TRUST_PROXY as
 * Fastify's `request.ip` does (the left-most X-Forwarded-For entry when the proxy is trusted).
 */
function installFastPath(
  app: FastifyInstance,
  ctx: AppContext,
  open: (token: string, ip: string, userAgent: string | undefined) => boolean,
  click: (token: string, ip: string, userAgent: string | undefined) => Promise<string | null>,
) {
  const server = app.server;
  const others = server.listeners('request') as ((req: IncomingMessage, res: ServerResponse) => void)[];
  const ipOf = (req: IncomingMessage) => {
    const forwarded = ctx.config.trustProxy ? req.headers['x-forwarded-for'] : undefined;
    const first = (Array.isArray(forwarded) ? forwarded[0] : forwarded)?.split(',')[0]?.trim();
    return first || req.socket.remoteAddress || '';
  };
  const notFound = (res: ServerResponse) => {
    res.writeHead(404, {
      'content-type': 'text/html; charset=utf-8',
      'cache-control': 'no-store',
      'content-security-policy': NOT_FOUND.policy,
      'x-content-type-options': 'nosniff',
    });
    res.end(NOT_FOUND.html);
  };
  server.removeAllListeners('request');
  server.on('request', (req: IncomingMessage, res: ServerResponse) => {
    const url = req.url ?? '';
    if (req.method !== 'GET' || !(url.startsWith('/t/o/') || url.startsWith('/t/c/')) || url.includes('?')) {
      for (const listener of others) listener.call(server, req, res);
      return;
    }
    const userAgent = req.headers['user-agent'];
    if (url.startsWith('/t/o/')) {
      const file = url.slice(5);
      const ok = file.endsWith('.gif') && open(file.slice(0, -4), ipOf(req), userAgent);
      if (!ok) {
        res.writeHead(404, { 'cache-control': 'no-store', 'content-length': '0' });
        res.end();
        return;
      }
      res.writeHead(200, PIXEL_HEADERS);
      res.end(PIXEL);
      return;
    }
    click(url.slice(5), ipOf(req), userAgent).then(
      (target) => {
        if (target === null) return notFound(res);
        res.writeHead(302, {
          location: target,
          'cache-control': 'no-store',
          'referrer-policy': 'no-referrer',
          'content-length': '0',
        });
        res.end();
      },
      (error: unknown) => {
        ctx.log.error({ err: error }, 'tracked link not answered');
        res.writeHead(500, { 'content-type': 'text/plain; charset=utf-8' });
        res.end('Server error');
      },
    );
  });
}

/**
 * The links a message carries, answered without a login outside /api (their paths are TRACKING_PATHS): the open
 * pixel, tracked links, the unsubscribe page and one-click unsubscribe, the web version. The signed token is the
 * only capability: one that does not verify (tampered, truncated, another installation's key, another kind) is 404
 * and nothing is recorded. Registered before the SPA's fallback.
 */
export function publicLinkRoutes(ctx: AppContext) {
  return async function publicLinks(app: FastifyInstance) {
    const recorder = new TrackingRecorder(ctx);
    app.addHook('onClose', () => recorder.close());
    acceptFormBodies(app);
    // A tracked link's URL by (company, message, index): immutable once the message is sent.
    const links = new LRUCache<string, string>({ max: 10_000 });
    const verify = (token: string, kind: TokenKind): TrackingTarget | null =>
      verifyTracking(ctx.config.secret, token, kind);
    const scopeOf = (target: TrackingTarget) => forTenant(ctx, { companyId: target.companyId, userId: null });

    /** Records an open when the token verifies; false when it does not (404). */
    const open = (token: string, ip: string, userAgent: string | undefined): boolean => {
      const target = verify(token, 'open');
      if (!target) return false;
      if (target.recipientId !== 0) recorder.record({ ...target, kind: 'open', at: new Date(), ip, userAgent });
      return true;
    };
    /** The URL a click token leads to, recording the click; null when the token or its link does not exist (404). */
    const click = async (token: string, ip: string, userAgent: string | undefined): Promise<string | null> => {
      const target = verify(token, 'click');
      if (!target) return null;
      const cacheKey = `${target.companyId}:${target.messageId}:${target.linkIdx}`;
      let url = links.get(cacheKey);
      if (url === undefined) {
        const { rows } = await scopeOf(target).db.query<{ url: string }>(
          'select url from message_links where company_id = $1 and message_id = $2 and idx = $3',
          [target.companyId, target.messageId, target.linkIdx],
        );
        url = rows[0]?.url;
        if (url === undefined || !/^https?:\/\//i.test(url)) return null;
        links.set(cacheKey, url);
      }
      if (target.recipientId !== 0) recorder.record({ ...target, kind: 'click', at: new Date(), ip, userAgent });
      return url;
    };
    installFastPath(app, ctx, open, click);

    app.get<{ Params: { file: string } }>('/t/o/:file', async (request, reply) => {
      const token = request.params.file.endsWith('.gif') ? request.params.file.slice(0, -4) : '';
      if (!open(token, request.ip, request.headers['user-agent'])) {
        return reply.status(404).header('cache-control', 'no-store').send();
      }
      return reply.header('cache-control', 'no-store').type('image/gif').send(PIXEL);
    });

    app.get<{ Params: { token: string } }>('/t/c/:token', async (request, reply) => {
      const url = await click(request.params.token, request.ip, request.headers['user-agent']);
      if (url === null) return notFoundPage(reply);
      return reply.header('cache-control', 'no-store').header('referrer-policy', 'no-referrer').redirect(url, 302);
    });

    const page = async (reply: FastifyReply, token: string, target: TrackingTarget, view: 'form' | 'done') => {
      const scope = scopeOf(target);
      const recipient = target.recipientId ? await findRecipient(scope, target.messageId, target.recipientId) : null;
      if (target.recipientId && !recipient) return notFoundPage(reply);
      const settings = await getUnsubscribeSettings(scope);
      const lists =
        settings.offerLists && view === 'form' ? await contactLists(scope, recipient?.contactId ?? null) : [];
      const html = unsubscribePageHtml({
        settings,
        language: recipient?.language ?? 'en',
        view,
        action: `/u/${token}`,
        lists,
      });
      return reply
        .header('cache-control', 'no-store')
        .header('content-security-policy', pagePolicy(unsubscribePageStyle(settings.colours)))
        .header('referrer-policy', 'no-referrer')
        .type('text/html; charset=utf-8')
        .send(html);
    };

    app.get<{ Params: { token: string } }>('/u/:token', async (request, reply) => {
      const target = verify(request.params.token, 'unsubscribe');
      if (!target) return notFoundPage(reply);
      return page(reply, request.params.token, target, 'form');
    });

    app.post<{ Params: { token: string }; Body: unknown }>('/u/:token', async (request, reply) => {
      const target = verify(request.params.token, 'unsubscribe');
      if (!target) return notFoundPage(reply);
      const body = typeof request.body === 'string' ? request.body : '';
      const oneClick = ONE_CLICK.test(body);
      const form = new URLSearchParams(oneClick ? '' : body);
      // The page's form names lists to leave; anything but positive ids is ignored (none left: a full unsubscribe).
      const lists = form
        .getAll('list')
        .filter((v) => /^[1-9]\d{0,15}$/.test(v))
        .map(Number);
      const scope = scopeOf(target);
      if (target.recipientId !== 0) {
        const recipient = await findRecipient(scope, target.messageId, target.recipientId);
        if (!recipient) return notFoundPage(reply);
        const settings = lists.length ? await getUnsubscribeSettings(scope) : null;
        await unsubscribe(scope, recipient, settings?.offerLists ? lists : []);
        recorder.messageChanged(target.companyId, target.messageId);
      }
      if (oneClick) return reply.header('cache-control', 'no-store').type('text/plain; charset=utf-8').send('OK');
      return page(reply, request.params.token, target, 'done');
    });

    app.get<{ Params: { token: string } }>('/m/:token', async (request, reply) => {
      const target = verify(request.params.token, 'mirror');
      if (!target) return notFoundPage(reply);
      let html: string | null;
      try {
        html = await renderMirror(scopeOf(target), target.messageId, target.recipientId);
      } catch (error) {
        // A merge tag that fails at render (the check before saving should have caught it) is not the reader's fault.
        request.log.warn({ err: error, messageId: target.messageId }, 'web version not rendered');
        html = null;
      }
      if (html === null) return notFoundPage(reply);
      return reply
        .header('cache-control', 'no-store')
        .header('content-security-policy', MIRROR_POLICY)
        .header('referrer-policy', 'no-referrer')
        .header('x-robots-tag', 'noindex')
        .type('text/html; charset=utf-8')
        .send(html);
    });
  };
}
