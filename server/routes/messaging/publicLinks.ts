import { createHash } from 'node:crypto';
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

function notFoundPage(reply: FastifyReply, language: UnsubscribeLanguage = 'en') {
  const text = escapeHtml(UNSUBSCRIBE_FIXED_TEXTS[language].invalid);
  const style = unsubscribePageStyle(DEFAULT_UNSUBSCRIBE_SETTINGS.colours);
  return reply
    .status(404)
    .header('cache-control', 'no-store')
    .header('content-security-policy', pagePolicy(style))
    .type('text/html; charset=utf-8')
    .send(
      `<!doctype html><html lang="${language}"><head><meta charset="utf-8"><meta name="robots" content="noindex">` +
        `<title>${text}</title><style>${style}</style></head><body><main><p>${text}</p></main></body></html>`,
    );
}

/** Reads a form body (urlencoded, or multipart as some clients send RFC 8058's) as text; the route parses it. */
function acceptFormBodies(app: FastifyInstance) {
  for (const type of ['application/x-www-form-urlencoded', 'multipart/form-data']) {
    app.addContentTypeParser(type, { parseAs: 'string', bodyLimit: 16 * 1024 }, (_request, body, done) =>
      done(null, body),
    );
  }
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

    app.get<{ Params: { file: string } }>('/t/o/:file', async (request, reply) => {
      const token = request.params.file.endsWith('.gif') ? request.params.file.slice(0, -4) : '';
      const target = verify(token, 'open');
      if (!target) return reply.status(404).header('cache-control', 'no-store').send();
      if (target.recipientId !== 0) {
        recorder.record({
          ...target,
          kind: 'open',
          at: new Date(),
          ip: request.ip,
          userAgent: request.headers['user-agent'],
        });
      }
      return reply.header('cache-control', 'no-store').type('image/gif').send(PIXEL);
    });

    app.get<{ Params: { token: string } }>('/t/c/:token', async (request, reply) => {
      const target = verify(request.params.token, 'click');
      if (!target) return notFoundPage(reply);
      const cacheKey = `${target.companyId}:${target.messageId}:${target.linkIdx}`;
      let url = links.get(cacheKey);
      if (url === undefined) {
        const { rows } = await scopeOf(target).db.query<{ url: string }>(
          'select url from message_links where company_id = $1 and message_id = $2 and idx = $3',
          [target.companyId, target.messageId, target.linkIdx],
        );
        url = rows[0]?.url;
        if (url === undefined || !/^https?:\/\//i.test(url)) return notFoundPage(reply);
        links.set(cacheKey, url);
      }
      if (target.recipientId !== 0) {
        recorder.record({
          ...target,
          kind: 'click',
          at: new Date(),
          ip: request.ip,
          userAgent: request.headers['user-agent'],
        });
      }
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
