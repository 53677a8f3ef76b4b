import type { AppContext } from '../../context.ts';
import type { HandlerGroup } from '../../http/contract.ts';
import { notFound, unauthorized } from '../../http/errors.ts';
import {
  applyProviderEvents,
  mapMailgunEvent,
  mapSendgridEvent,
  verifyMailgunSignature,
  verifySendgridSignature,
} from '../../services/messaging/inbound/providers.ts';

type Ops = 'receiveSendgridEvents' | 'receiveMailgunEvents';

const header = (value: string | string[] | undefined) => (Array.isArray(value) ? value[0] : value);

/**
 * Email providers' event webhooks (public, no login): the signature is checked before anything is read from the
 * events; a wrong one answers 401 and records nothing. An installation without the provider's key answers 404.
 */
export function providerEventHandlers(ctx: AppContext): HandlerGroup<Ops> {
  return {
    async receiveSendgridEvents(request) {
      const key = ctx.config.sendgridWebhookPublicKey;
      if (!key) throw notFound();
      const signed = verifySendgridSignature(
        key,
        header(request.headers['x-twilio-email-event-webhook-signature']),
        header(request.headers['x-twilio-email-event-webhook-timestamp']),
        request.rawBody ?? Buffer.alloc(0),
      );
      if (!signed) throw unauthorized('signature_invalid');
      return applyProviderEvents(ctx, 'sendgrid', request.body.map(mapSendgridEvent));
    },
    async receiveMailgunEvents(request) {
      const key = ctx.config.mailgunWebhookSigningKey;
      if (!key) throw notFound();
      if (!verifyMailgunSignature(key, request.body.signature)) throw unauthorized('signature_invalid');
      return applyProviderEvents(ctx, 'mailgun', [mapMailgunEvent(request.body)]);
    },
  };
}
