import { randomBytes } from 'node:crypto';
import { promises as dns } from 'node:dns';
import { isIP } from 'node:net';
import type { Config } from '../../config.ts';
import { decrypt, encrypt } from '../security/crypto.ts';

/**
 * The webhook endpoint operations' calls into delivery: a new signing secret, its sealing with the server key, and
 * the check of a destination URL. The delivery area exports the same functions with the same signatures
 * (`newWebhookSecret`, `sealSecret`, `openSecret` in `signing.ts`, `validateDestination` in `server/http/outgoing.ts`);
 * once both are in one tree this module re-exports theirs. Until then it seals like theirs (AES-256-GCM with the
 * server key) and checks the scheme and the literal or resolved address with a plain range test.
 */

/** A new endpoint's signing secret as shown to its owner: `whsec_` and base64 of 32 random bytes (Standard Webhooks). */
export function newWebhookSecret(): string {
  return `whsec_${randomBytes(32).toString('base64')}`;
}

export const sealSecret = (serverKey: string, secret: string) => encrypt(serverKey, secret);
export const openSecret = (serverKey: string, sealed: string) => decrypt(serverKey, sealed);

export type OutgoingSettings = Pick<Config, 'webhookAllowPrivate' | 'webhookAllowHttp' | 'dnsServers'>;

/** Loopback, private, link-local (cloud metadata), CGNAT, multicast and unspecified IPv4 and IPv6 ranges. */
function isPrivate(address: string): boolean {
  const v4 = address.replace(/^::ffff:/i, '');
  if (isIP(v4) === 4) {
    const [a, b] = v4.split('.').map(Number) as [number, number];
    return (
      a === 0 ||
      a === 10 ||
      a === 127 ||
      (a === 100 && b >= 64 && b < 128) ||
      (a === 169 && b === 254) ||
      (a === 172 && b >= 16 && b < 32) ||
      (a === 192 && b === 168) ||
      a >= 224
    );
  }
  const lower = address.toLowerCase();
  return lower === '::' || lower === '::1' || /^f[cd]/.test(lower) || /^fe[89ab]/.test(lower) || /^ff/.test(lower);
}

/**
 * Why a destination is refused, in words a person understands, or null: a URL, https (or http where the operator
 * allows it), no credentials in it, and a host whose addresses are public unless the operator allows private ones.
 */
export async function validateDestination(url: string, settings: OutgoingSettings): Promise<string | null> {
  let parsed: URL;
  try {
    parsed = new URL(url);
  } catch {
    return 'Not a valid URL';
  }
  if (parsed.protocol !== 'https:' && !(parsed.protocol === 'http:' && settings.webhookAllowHttp)) {
    return settings.webhookAllowHttp ? 'Only http and https URLs are allowed' : 'Only https URLs are allowed';
  }
  if (parsed.username || parsed.password) return 'Credentials in the URL are not allowed';
  if (settings.webhookAllowPrivate) return null;
  const host = parsed.hostname.replace(/^\[|\]$/g, '');
  let addresses: string[];
  try {
    addresses = isIP(host) ? [host] : (await dns.lookup(host, { all: true })).map((a) => a.address);
  } catch {
    return `The host ${host} could not be found`;
  }
  const refused = addresses.find(isPrivate);
  return refused ? `Refused: private address ${refused}` : null;
}
