import type { FastifyReply } from 'fastify';
import type { AppContext } from '../../context.ts';
import type { HandlerGroup } from '../../http/contract.ts';
import { invalid, TooManyRequests } from '../../http/errors.ts';
import { checkSendingDomain, getSendingDomain, listSendingDomains } from '../../services/messaging/domains.ts';
import {
  createSender,
  deleteSender,
  getSender,
  listSenders,
  resendVerification,
  updateSender,
  senderVerificationState,
  verifySender,
  type VerificationState,
} from '../../services/messaging/senders.ts';
import { guarded, wrongSecret } from '../../services/auth/guessing.ts';
import { scoped } from '../scope.ts';
import { VERIFICATION_PAGE_POLICY, verificationPageHtml } from './senderVerificationPage.ts';
import { SENDER_TEXTS } from '../../../shared/senders.ts';

type Ops =
  | 'listSenders'
  | 'createSender'
  | 'getSender'
  | 'updateSender'
  | 'deleteSender'
  | 'resendSenderVerification'
  | 'listSendingDomains'
  | 'getSendingDomain'
  | 'checkSendingDomain'
  | 'showSenderVerification'
  | 'verifySender';

/** Thrown inside the guessing guard for a token that names no sender, so the attempt stays counted. */
class UnknownLink extends Error {}

/**
 * Runs a look-up of a verification token under the per-address guessing limit of public tokens: an unknown token
 * counts, anything else is given back; past the limit the page says to wait.
 */
async function guardedLink(
  ctx: AppContext,
  ip: string,
  lookup: () => Promise<VerificationState>,
): Promise<VerificationState | { outcome: 'wait'; retryAfterSeconds: number }> {
  try {
    return await guarded(ctx, { address: ip }, async () => {
      const state = await lookup();
      if (state.outcome === 'unknown') throw wrongSecret(new UnknownLink());
      return state;
    });
  } catch (error) {
    if (error instanceof UnknownLink) return { outcome: 'unknown' };
    if (error instanceof TooManyRequests) return { outcome: 'wait', retryAfterSeconds: error.retryAfterSeconds };
    throw error;
  }
}

export function senderHandlers(ctx: AppContext): HandlerGroup<Ops> {
  return {
    async listSenders(request) {
      return listSenders(scoped(ctx, request), request.params.channel);
    },
    async createSender(request, reply) {
      return reply.status(201).send(await createSender(scoped(ctx, request), request.params.channel, request.body));
    },
    async getSender(request) {
      return getSender(scoped(ctx, request), request.params.channel, request.params.senderId);
    },
    async updateSender(request) {
      const { channel, senderId } = request.params;
      return updateSender(scoped(ctx, request), channel, senderId, request.body);
    },
    async deleteSender(request, reply) {
      await deleteSender(scoped(ctx, request), request.params.channel, request.params.senderId);
      return reply.status(204).send();
    },
    async resendSenderVerification(request, reply) {
      const { channel, senderId } = request.params;
      return reply.status(202).send(await resendVerification(scoped(ctx, request), channel, senderId));
    },
    async listSendingDomains(request) {
      return listSendingDomains(scoped(ctx, request));
    },
    async getSendingDomain(request) {
      return getSendingDomain(scoped(ctx, request), request.params.domainId);
    },
    async checkSendingDomain(request) {
      return checkSendingDomain(scoped(ctx, request), request.params.domainId);
    },
    async showSenderVerification(request, reply) {
      const state = await guardedLink(ctx, request.ip, () => senderVerificationState(ctx, request.query.token));
      return verificationPage(reply, request.headers['accept-language'], state, request.query.token);
    },
    async verifySender(request, reply) {
      const token = (request.body as { token?: unknown } | undefined)?.token;
      if (typeof token !== 'string' || !token) throw invalid({ token: [SENDER_TEXTS.tokenRequired] });
      const state = await guardedLink(ctx, request.ip, async () => ({ outcome: await verifySender(ctx, token) }));
      return verificationPage(reply, request.headers['accept-language'], state, token);
    },
  };

  /** One page for every outcome (a 200, or 429 to wait): an error status would be a JSON error for API clients. */
  function verificationPage(
    reply: FastifyReply,
    acceptLanguage: string | undefined,
    state: VerificationState | { outcome: 'wait'; retryAfterSeconds: number },
    token: string,
  ) {
    const language = /^it\b/i.test(acceptLanguage ?? '') ? 'it' : 'en';
    if (state.outcome === 'wait') reply.status(429).header('retry-after', String(state.retryAfterSeconds));
    return reply
      .header('content-type', 'text/html; charset=utf-8')
      .header('cache-control', 'no-store')
      .header('referrer-policy', 'no-referrer')
      .header('content-security-policy', VERIFICATION_PAGE_POLICY)
      .send(verificationPageHtml(language, state, token, ctx.config.productName));
  }
}
