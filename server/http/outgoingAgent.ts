import { isIP } from 'node:net';
import { Agent, buildConnector } from 'undici';
import { guardedLookup, refusedAddress, RefusedDestination, type OutgoingSettings } from './outgoing.ts';

/**
 * The undici dispatcher for outgoing requests to customers' URLs: connections are opened only to allowed addresses.
 * undici's `request` follows no redirects unless told to, so a 3xx answer is an answer, not a new destination. A module
 * of its own, apart from the checks in outgoing.ts, so that an API process, which only checks destinations, does not
 * load undici.
 */
export function createOutgoingAgent(settings: OutgoingSettings, options: { connections?: number } = {}): Agent {
  const connector = buildConnector({ lookup: guardedLookup(settings), timeout: 10_000 });
  return new Agent({
    // A host written as an address never reaches a lookup: it is checked here, before the socket opens.
    connect: (opts, callback) => {
      const host = opts.hostname.replace(/^\[|\]$/g, '');
      const reason = isIP(host) && !settings.webhookAllowPrivate ? refusedAddress(host) : null;
      if (reason) callback(new RefusedDestination(reason), null);
      else connector(opts, callback);
    },
    connections: options.connections ?? 16,
    keepAliveTimeout: 10_000,
  });
}
