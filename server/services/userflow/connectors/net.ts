/**
 * What every networked source shares: the host a customer typed is checked by the same guard as webhook
 * destinations (server/http/outgoing.ts; WEBHOOK_ALLOW_PRIVATE lifts it for intranet installs and tests), and a
 * transport failure becomes the UserFlow error a person reads (unreachable, timed out, blocked).
 */
import { allowedAddresses, describeError, RefusedDestination, type OutgoingSettings } from '../../../http/outgoing.ts';
import { ConnectorError } from './types.ts';

const UNREACHABLE = new Set([
  'ECONNREFUSED',
  'ECONNRESET',
  'ENOTFOUND',
  'ENODATA',
  'EAI_AGAIN',
  'EHOSTUNREACH',
  'ENETUNREACH',
  'EPIPE',
  'UND_ERR_SOCKET',
  'PROTOCOL_CONNECTION_LOST',
]);
const TIMED_OUT = new Set([
  'ETIMEDOUT',
  'UND_ERR_CONNECT_TIMEOUT',
  'UND_ERR_HEADERS_TIMEOUT',
  'UND_ERR_BODY_TIMEOUT',
  'UND_ERR_ABORTED',
]);

/** The first allowed address of a host, or `peer_blocked` / `peer_unreachable` in words. */
export async function allowedAddress(host: string, settings: OutgoingSettings): Promise<string> {
  try {
    const addresses = await allowedAddresses(host, settings);
    return addresses[0]!.address;
  } catch (error) {
    throw transportError(error);
  }
}

/** A transport failure as a ConnectorError, or null when the error is not one (the caller maps it otherwise). */
export function transportErrorOrNull(error: unknown, timeoutMs?: number): ConnectorError | null {
  if (error instanceof ConnectorError) return error;
  const e = error as NodeJS.ErrnoException & { cause?: NodeJS.ErrnoException };
  const inner = e?.cause && typeof e.cause === 'object' ? e.cause : e;
  if (e instanceof RefusedDestination || inner instanceof RefusedDestination) {
    return new ConnectorError('peer_blocked', inner.message);
  }
  const code = inner?.code ?? e?.code ?? '';
  const name = e?.name ?? '';
  const detail = describeError(error, timeoutMs);
  if (
    TIMED_OUT.has(code) ||
    name === 'TimeoutError' ||
    name === 'AbortError' ||
    /timeout|timed out/i.test(e?.message ?? '')
  ) {
    return new ConnectorError('peer_timeout', detail);
  }
  if (UNREACHABLE.has(code)) return new ConnectorError('peer_unreachable', detail);
  return null;
}

/** A transport failure as a ConnectorError; anything else unknown is `peer_unreachable` with what it said. */
export function transportError(error: unknown, timeoutMs?: number): ConnectorError {
  return (
    transportErrorOrNull(error, timeoutMs) ?? new ConnectorError('peer_unreachable', describeError(error, timeoutMs))
  );
}
