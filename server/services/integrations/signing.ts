import { randomBytes } from 'node:crypto';
import { Webhook } from 'standardwebhooks';
import { decrypt, encrypt } from '../security/crypto.ts';

/**
 * Webhook signing by the Standard Webhooks specification (with its reference package, which receivers use to
 * verify): `webhook-id` (the event's id, the same on every delivery of the event), `webhook-timestamp` (seconds, the
 * time of the attempt) and `webhook-signature` (`v1,<base64 HMAC-SHA256>` of `id.timestamp.body`). After a rotation
 * the previous secret signs too, space-separated, until it expires, so receivers can switch at their own pace.
 * Secrets are `whsec_` + base64 of 32 random bytes, sealed at rest with the server key (AES-256-GCM, like DKIM keys).
 */

/** A new endpoint's signing secret, as shown to its owner. */
export function newWebhookSecret(): string {
  return `whsec_${randomBytes(32).toString('base64')}`;
}

/** The secret as stored in `webhook_endpoints.secret_sealed` / `previous_secret_sealed`. */
export const sealSecret = (serverKey: string, secret: string) => encrypt(serverKey, secret);
export const openSecret = (serverKey: string, sealed: string) => decrypt(serverKey, sealed);

export interface SignedHeaders {
  'webhook-id': string;
  'webhook-timestamp': string;
  'webhook-signature': string;
}

/** Signs one attempt's body with every secret still valid (the current one first). */
export function signDelivery(secrets: string[], eventUid: string, at: Date, body: string): SignedHeaders {
  const signatures = secrets.map((secret) => new Webhook(secret).sign(eventUid, at, body));
  return {
    'webhook-id': eventUid,
    'webhook-timestamp': String(Math.floor(at.getTime() / 1000)),
    'webhook-signature': signatures.join(' '),
  };
}

/** The body every delivery of an event carries: Standard Webhooks' recommended envelope. */
export function deliveryBody(type: string, createdAt: Date, data: unknown): string {
  return JSON.stringify({ type, timestamp: createdAt.toISOString(), data });
}
