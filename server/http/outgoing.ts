import { promises as dns } from 'node:dns';
import { isIP, type LookupFunction } from 'node:net';
import ipaddr from 'ipaddr.js';
import type { Config } from '../config.ts';

/**
 * The guard in front of every request Missiva makes to a URL a customer typed (webhook destinations): the host is
 * resolved and refused when any address it names is loopback, private (RFC 1918, ULA), link-local (with the cloud
 * metadata address 169.254.169.254), multicast, unspecified, CGNAT or another address that reaches this host's own
 * network. The same check runs again when the connection is opened (the dispatcher's `connect.lookup`), so a name
 * that answered a public address when the endpoint was saved and a private one a second later (DNS rebinding) is
 * still refused. Operators of intranet installs lift the address check with WEBHOOK_ALLOW_PRIVATE and allow plain
 * http with WEBHOOK_ALLOW_HTTP.
 */
export type OutgoingSettings = Pick<Config, 'webhookAllowPrivate' | 'webhookAllowHttp' | 'dnsServers'>;

/** ipaddr.js ranges that reach the machine itself, its network or a cloud's metadata service. */
const REFUSED_RANGES = new Set([
  'unspecified',
  'broadcast',
  'multicast',
  'linkLocal',
  'loopback',
  'private',
  'carrierGradeNat',
  'uniqueLocal',
  'deprecatedSiteLocal',
  // IPv6 forms that embed an IPv4 address (NAT64, 6to4, Teredo) could carry a private one through.
  'rfc6052',
  'rfc6145',
  '6to4',
  'teredo',
]);
/** Cloud metadata services, named even where a range above already covers them. */
const METADATA = new Set(['169.254.169.254', 'fd00:ec2::254']);

/** Why an address may not be connected to, or null when it may. */
export function refusedAddress(address: string): string | null {
  let parsed: ipaddr.IPv4 | ipaddr.IPv6;
  try {
    // process() turns an IPv4-mapped IPv6 address (::ffff:10.0.0.1) into the IPv4 address it names.
    parsed = ipaddr.process(address);
  } catch {
    return `Refused: not an address ${address}`;
  }
  const normal = parsed.toString();
  if (METADATA.has(normal)) return `Refused: cloud metadata address ${normal}`;
  if (REFUSED_RANGES.has(parsed.range())) return `Refused: private address ${normal}`;
  return null;
}

/** A host's addresses, from DNS_SERVERS when set (as "Check DNS" asks), else from the system's resolver. */
async function resolveHost(host: string, settings: OutgoingSettings): Promise<{ address: string; family: number }[]> {
  if (isIP(host)) return [{ address: host, family: isIP(host) }];
  if (!settings.dnsServers.length) return dns.lookup(host, { all: true, verbatim: true });
  const resolver = new dns.Resolver({ timeout: 5_000, tries: 2 });
  resolver.setServers(settings.dnsServers);
  const [v4, v6] = await Promise.allSettled([resolver.resolve4(host), resolver.resolve6(host)]);
  const found = [
    ...(v4.status === 'fulfilled' ? v4.value.map((address) => ({ address, family: 4 })) : []),
    ...(v6.status === 'fulfilled' ? v6.value.map((address) => ({ address, family: 6 })) : []),
  ];
  if (!found.length) {
    const error = new Error(`getaddrinfo ENOTFOUND ${host}`) as NodeJS.ErrnoException;
    error.code = 'ENOTFOUND';
    throw error;
  }
  return found;
}

/** Raised when a destination's address is refused; its message is the person-readable reason. */
export class RefusedDestination extends Error {
  readonly code = 'EREFUSEDDESTINATION';
}

/** The host's addresses when every one of them is allowed; a refusal otherwise (also for UserFlow's database hosts). */
export async function allowedAddresses(host: string, settings: OutgoingSettings) {
  const addresses = await resolveHost(host.replace(/^\[|\]$/g, ''), settings);
  if (!settings.webhookAllowPrivate) {
    for (const { address } of addresses) {
      const reason = refusedAddress(address);
      if (reason) throw new RefusedDestination(reason);
    }
  }
  return addresses;
}

/**
 * Checks a destination when an endpoint is created or changed: a well-formed https (or allowed http) URL whose host
 * resolves to allowed addresses only. Returns the reason it is refused, in words a person understands, or null.
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
  try {
    await allowedAddresses(parsed.hostname, settings);
    return null;
  } catch (error) {
    return describeError(error);
  }
}

/** The connect-time check: the socket's own lookup refuses a private answer, whatever the name answered before. */
export function guardedLookup(settings: OutgoingSettings): LookupFunction {
  return (hostname, options, callback) => {
    allowedAddresses(hostname, settings).then(
      (addresses) => {
        const wanted = options.family ? addresses.filter((a) => a.family === options.family) : addresses;
        const list = wanted.length ? wanted : addresses;
        if (options.all) callback(null, list);
        else callback(null, list[0]!.address, list[0]!.family);
      },
      (error: NodeJS.ErrnoException) => callback(error, '', 0),
    );
  };
}

/** "15 s", "0.3 s". */
const seconds = (ms: number) => `${Number((ms / 1000).toFixed(1))} s`;

/** A failure in words a person understands (the delivery log shows it). */
export function describeError(error: unknown, timeoutMs?: number): string {
  const e = error as NodeJS.ErrnoException & { cause?: NodeJS.ErrnoException };
  const inner = e?.cause && typeof e.cause === 'object' ? e.cause : e;
  if (e instanceof RefusedDestination || inner instanceof RefusedDestination) return inner.message;
  const name = e?.name ?? '';
  if ((name === 'TimeoutError' || name === 'AbortError' || inner?.code === 'UND_ERR_ABORTED') && timeoutMs) {
    return `Timed out after ${seconds(timeoutMs)}`;
  }
  switch (inner?.code ?? e?.code) {
    case 'ECONNREFUSED':
      return 'Connection refused';
    case 'ECONNRESET':
    case 'UND_ERR_SOCKET':
      return 'Connection reset by the server';
    case 'ENOTFOUND':
    case 'ENODATA':
      return 'Host not found';
    case 'EAI_AGAIN':
      return 'DNS lookup failed, try again later';
    case 'EHOSTUNREACH':
    case 'ENETUNREACH':
      return 'Host unreachable';
    case 'UND_ERR_CONNECT_TIMEOUT':
      return 'Timed out while connecting';
    case 'UND_ERR_HEADERS_TIMEOUT':
    case 'UND_ERR_BODY_TIMEOUT':
      return timeoutMs ? `Timed out after ${seconds(timeoutMs)}` : 'Timed out';
    case 'CERT_HAS_EXPIRED':
      return 'TLS certificate expired';
    case 'DEPTH_ZERO_SELF_SIGNED_CERT':
    case 'SELF_SIGNED_CERT_IN_CHAIN':
      return 'TLS certificate is self-signed';
    case 'ERR_TLS_CERT_ALTNAME_INVALID':
      return 'TLS certificate does not match the host';
  }
  return inner?.message || e?.message || 'Request failed';
}
