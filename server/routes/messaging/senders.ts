import type { AppContext } from '../../context.ts';
import type { HandlerGroup } from '../../http/contract.ts';
import { checkSendingDomain, getSendingDomain, listSendingDomains } from '../../services/messaging/domains.ts';
import {
  createSender,
  deleteSender,
  getSender,
  listSenders,
  resendVerification,
  updateSender,
  verifySender,
  type VerificationOutcome,
} from '../../services/messaging/senders.ts';
import { scoped } from '../scope.ts';

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
  | 'verifySender';

/** The page the verification link lands on, in English or Italian by the browser's language. */
const PAGES: Record<'en' | 'it', Record<VerificationOutcome, { title: string; text: string }>> = {
  en: {
    verified: { title: 'Sender verified', text: 'This address can now send campaigns. You can close this page.' },
    expired: {
      title: 'This link has expired',
      text: 'Verification links are valid for 48 hours. Ask for a new one from the senders page.',
    },
    unknown: {
      title: 'This link is not valid',
      text: 'It may be mistyped, or a newer link was sent. Ask for a new one from the senders page.',
    },
  },
  it: {
    verified: {
      title: 'Mittente verificato',
      text: 'Questo indirizzo ora può inviare campagne. Puoi chiudere la pagina.',
    },
    expired: {
      title: 'Questo link è scaduto',
      text: 'I link di verifica valgono 48 ore. Chiedine uno nuovo dalla pagina dei mittenti.',
    },
    unknown: {
      title: 'Questo link non è valido',
      text:
        'Potrebbe essere incompleto, o è stato inviato un link più recente. ' +
        'Chiedine uno nuovo dalla pagina dei mittenti.',
    },
  },
};

function page(language: 'en' | 'it', outcome: VerificationOutcome, productName: string): string {
  const { title, text } = PAGES[language][outcome];
  const escape = (value: string) => value.replace(/[&<>"]/g, (c) => `&#${c.charCodeAt(0)};`);
  return `<!doctype html><html lang="${language}"><head><meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>${escape(title)} · ${escape(productName)}</title>
<style>body{font-family:system-ui,sans-serif;margin:0;display:grid;place-items:center;min-height:100vh}
body{background:#f8f9fa}h1{font-size:1.5rem}
main{max-width:32rem;padding:2rem;background:#fff;border-radius:8px;box-shadow:0 1px 3px #0002}</style>
</head><body><main data-outcome="${outcome}"><h1>${escape(title)}</h1><p>${escape(text)}</p>
<p><a href="/multichannel/settings/senders">${escape(productName)}</a></p></main></body></html>`;
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
    async verifySender(request, reply) {
      // One page for every outcome (a 200): an error status would be a JSON error for API clients.
      const outcome = await verifySender(ctx, request.query.token);
      const language = /^it\b/i.test(request.headers['accept-language'] ?? '') ? 'it' : 'en';
      return reply
        .header('content-type', 'text/html; charset=utf-8')
        .header('cache-control', 'no-store')
        .header('referrer-policy', 'no-referrer')
        .send(page(language, outcome, ctx.config.productName));
    },
  };
}
