import { createHmac, createPublicKey, timingSafeEqual, verify } from 'node:crypto';
import type { ProviderEvent } from '../../../channels/adapter.ts';
import type { components } from '../../../../shared/contract/schema.d.ts';
import type { AppContext } from '../../../context.ts';
import { forJob } from '../../scope.ts';
import { PROVIDER_TAG_FIELD, verifyTracking } from '../tokens.ts';
import { applyDeliveryEvent } from './apply.ts';

type SendgridEvent = components['schemas']['SendgridEvent'];
type MailgunWebhook = components['schemas']['MailgunWebhook'];
export type ProviderEventsResult = components['schemas']['ProviderEventsResult'];

/** A provider's event read into ours, with the token that names its recipient and the provider's id of it. */
export interface MappedEvent {
  event: Pick<ProviderEvent, 'type' | 'hard' | 'detail' | 'at'> | null;
  token: string | null;
  eventId: string | null;
}

/**
 * SendGrid's Event Webhook signature (ECDSA P-256 over SHA-256, DER-encoded, base64): it signs the timestamp header
 * followed by the raw body, verified with the webhook's base64 public key (SubjectPublicKeyInfo DER).
 * https://www.twilio.com/docs/sendgrid/for-developers/tracking-events/getting-started-event-webhook-security-features
 */
export function verifySendgridSignature(
  publicKeyBase64: string,
  signatureBase64: string | undefined,
  timestamp: string | undefined,
  rawBody: Buffer,
): boolean {
  if (!signatureBase64 || !timestamp) return false;
  try {
    const key = createPublicKey({ key: Buffer.from(publicKeyBase64, 'base64'), format: 'der', type: 'spki' });
    return verify(
      'sha256',
      Buffer.concat([Buffer.from(timestamp), rawBody]),
      key,
      Buffer.from(signatureBase64, 'base64'),
    );
  } catch {
    return false;
  }
}

/**
 * Mailgun's webhook signature: the hex HMAC-SHA256 of timestamp followed by token under the HTTP webhook signing key.
 * https://documentation.mailgun.com/docs/mailgun/user-manual/webhooks/securing-webhooks/
 */
export function verifyMailgunSignature(signingKey: string, signature: MailgunWebhook['signature']): boolean {
  const expected = createHmac('sha256', signingKey)
    .update(signature.timestamp + signature.token)
    .digest();
  const given = /^[0-9a-f]{64}$/i.test(signature.signature) ? Buffer.from(signature.signature, 'hex') : null;
  return given !== null && timingSafeEqual(expected, given);
}

const at = (seconds: number | undefined) =>
  typeof seconds === 'number' && Number.isFinite(seconds) ? new Date(seconds * 1000) : new Date();
const str = (value: unknown) => (typeof value === 'string' ? value : null);

/**
 * SendGrid's events (https://www.twilio.com/docs/sendgrid/for-developers/tracking-events/event): delivered,
 * deferred, bounce (type `bounce` is permanent, `blocked` temporary), spamreport, unsubscribe and group_unsubscribe.
 * processed, dropped, open and click are not applied (our own links track opens and clicks).
 */
export function mapSendgridEvent(e: SendgridEvent): MappedEvent {
  const detail = {
    provider: 'sendgrid',
    status: str(e.status),
    reason: str(e.reason),
    providerMessageId: str(e.sg_message_id),
  };
  const when = at(e.timestamp);
  const base = { token: str(e[PROVIDER_TAG_FIELD]), eventId: str(e.sg_event_id) };
  switch (e.event) {
    case 'delivered':
      return { ...base, event: { type: 'delivered', detail, at: when } };
    case 'deferred':
      return { ...base, event: { type: 'deferred', detail, at: when } };
    case 'bounce':
      return { ...base, event: { type: 'bounced', hard: e.type !== 'blocked', detail, at: when } };
    case 'spamreport':
      return { ...base, event: { type: 'complained', detail, at: when } };
    case 'unsubscribe':
    case 'group_unsubscribe':
      return { ...base, event: { type: 'unsubscribed', detail, at: when } };
    default:
      return { ...base, event: null };
  }
}

/**
 * Mailgun's events (https://documentation.mailgun.com/docs/mailgun/user-manual/events/): delivered, failed
 * (severity permanent: a hard bounce; temporary: a soft one), complained, unsubscribed. Others are not applied.
 */
export function mapMailgunEvent(body: MailgunWebhook): MappedEvent {
  const d = body['event-data'];
  const status = (d['delivery-status'] ?? {}) as Record<string, unknown>;
  const variables = (d['user-variables'] ?? {}) as Record<string, unknown>;
  const detail = {
    provider: 'mailgun',
    status:
      status['enhanced-code'] != null
        ? String(status['enhanced-code'])
        : status.code != null
          ? String(status.code)
          : null,
    reason: str(d.reason),
    diagnostic: str(status.message) ?? str(status.description),
  };
  const when = at(d.timestamp);
  const base = { token: str(variables[PROVIDER_TAG_FIELD]), eventId: str(d.id) };
  switch (d.event) {
    case 'delivered':
      return { ...base, event: { type: 'delivered', detail, at: when } };
    case 'failed':
      return { ...base, event: { type: 'bounced', hard: d.severity !== 'temporary', detail, at: when } };
    case 'complained':
      return { ...base, event: { type: 'complained', detail, at: when } };
    case 'unsubscribed':
      return { ...base, event: { type: 'unsubscribed', detail, at: when } };
    default:
      return { ...base, event: null };
  }
}

/**
 * Applies verified provider events: each names its recipient by the signed token the engine sent along (a token
 * names its company, so an event reaches only that company's rows); one without a valid token, or of a kind we do not
 * apply, is counted as ignored.
 */
export async function applyProviderEvents(
  ctx: Pick<AppContext, 'tenants' | 'config' | 'log' | 'realtime'>,
  provider: 'sendgrid' | 'mailgun',
  events: MappedEvent[],
): Promise<ProviderEventsResult> {
  const result: ProviderEventsResult = { received: events.length, applied: 0, duplicates: 0, ignored: 0 };
  for (const { event, token, eventId } of events) {
    const target = event && token ? verifyTracking(ctx.config.secret, token, 'bounce') : null;
    if (!event || !target || target.recipientId === 0) {
      result.ignored += 1;
      continue;
    }
    const outcome = await applyDeliveryEvent(forJob(ctx, target.companyId), {
      ...event,
      messageId: target.messageId,
      recipientId: target.recipientId,
      source: provider,
      ...(eventId ? { eventId } : {}),
    });
    if (outcome === 'applied') result.applied += 1;
    else if (outcome === 'duplicate') result.duplicates += 1;
    else result.ignored += 1;
  }
  return result;
}
