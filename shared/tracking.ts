import { TRACKING_WINDOW_HOURS } from './messaging.ts';

/**
 * Opens and clicks: which ones count, and which ones a machine made. One place for the rules the tracking endpoints
 * apply when they record an event and the reports read back (message_events.machine, detail.late).
 *
 * "Trackable for the first 24 hours" (spec section 9) means: every open and click is recorded as an event whenever it
 * arrives, but only a human one within TRACKING_WINDOW_HOURS of the recipient's send counts — it sets the recipient's
 * opened_at / clicked_at (the recipient states opened and clicked) and the report's open and click figures. Later ones
 * are kept with `detail.late = true`; machine ones with `machine = true`. A tracked link always redirects either way.
 */
export const TRACKING_WINDOW_MS = TRACKING_WINDOW_HOURS * 3_600_000;

/** A click this soon after the message was sent is a link scanner fetching it on delivery, not a person. */
export const SCANNER_CLICK_AFTER_SEND_MS = 10_000;
/** Every link of a message (two or more) clicked by one recipient within this span is a scanner following them all. */
export const SCANNER_BURST_MS = 5_000;

/**
 * Apple Mail Privacy Protection fetches remote content through Apple's proxies on delivery. Apple documents that the
 * proxy hides the reader's address and fetches content privately; the requests come from Apple's own network,
 * 17.0.0.0/8 (ARIN: Apple Inc., APPLE-WWNET), with the bare user agent `Mozilla/5.0`. Either fact marks an open as
 * machine-made (a person reading in Mail on a Mac without the proxy sends a full user agent from their own address).
 */
export const APPLE_PROXY_USER_AGENT = 'Mozilla/5.0';
export const APPLE_NETWORKS = [{ base: 17 << 24, bits: 8 }] as const;

/** User agents of security gateways and link scanners that fetch every link of a message they receive. */
const SCANNER_NAMES = [
  'barracuda',
  'mimecast',
  'proofpoint',
  'urldefense',
  'safelinks',
  'bingpreview',
  'microsoft office',
  'ms-office',
  'symantec',
  'messagelabs',
  'forcepoint',
  'trend ?micro',
  'sophos',
  'fortiguard',
  'spamtitan',
  'zscaler',
  'cisco',
  'ironport',
  'checkpoint',
  'avanan',
  'python-requests',
  'go-http-client',
  'curl/',
  'wget/',
  'headlesschrome',
  'phantomjs',
];
export const SCANNER_USER_AGENTS = new RegExp(SCANNER_NAMES.join('|'), 'i');

function ipv4(address: string): number | null {
  const text = address.startsWith('::ffff:') ? address.slice(7) : address;
  const parts = text.split('.');
  if (parts.length !== 4) return null;
  let value = 0;
  for (const part of parts) {
    if (!/^\d{1,3}$/.test(part) || Number(part) > 255) return null;
    value = value * 256 + Number(part);
  }
  return value;
}

/** Whether an address is in Apple's network (the Mail Privacy Protection proxies). */
export function isAppleNetwork(address: string): boolean {
  const value = ipv4(address);
  if (value === null) return false;
  return APPLE_NETWORKS.some(({ base, bits }) => value >>> (32 - bits) === base >>> (32 - bits));
}

export interface Fetch {
  userAgent: string | undefined;
  ip: string;
}

/** An open is a machine's when Apple's privacy proxy or a scanner fetched the pixel. */
export function isMachineOpen(fetch: Fetch): boolean {
  const agent = (fetch.userAgent ?? '').trim();
  return agent === APPLE_PROXY_USER_AGENT || isAppleNetwork(fetch.ip) || SCANNER_USER_AGENTS.test(agent);
}

/**
 * A click is a machine's when a scanner's user agent made it or it came within seconds of the send. (The third rule,
 * every link clicked in a burst, needs the recipient's other clicks: `isScannerBurst`.)
 */
export function isMachineClick(fetch: Fetch, sentAt: Date | null, at: Date): boolean {
  if (SCANNER_USER_AGENTS.test(fetch.userAgent ?? '')) return true;
  return sentAt !== null && at.getTime() - sentAt.getTime() < SCANNER_CLICK_AFTER_SEND_MS;
}

/** Whether one recipient's clicks (time, link index) cover every link of a message within SCANNER_BURST_MS. */
export function isScannerBurst(clicks: readonly { at: Date; linkIdx: number }[], linkCount: number): boolean {
  if (linkCount < 2 || clicks.length < linkCount) return false;
  const sorted = [...clicks].sort((a, b) => a.at.getTime() - b.at.getTime());
  for (let start = 0; start < sorted.length; start += 1) {
    const seen = new Set<number>();
    for (let end = start; end < sorted.length; end += 1) {
      if (sorted[end]!.at.getTime() - sorted[start]!.at.getTime() > SCANNER_BURST_MS) break;
      seen.add(sorted[end]!.linkIdx);
      if (seen.size >= linkCount) return true;
    }
  }
  return false;
}

/** Whether an open or click at `at` falls inside the tracking window of a message sent at `sentAt`. */
export function isWithinTrackingWindow(sentAt: Date | null, at: Date): boolean {
  return sentAt === null || at.getTime() - sentAt.getTime() <= TRACKING_WINDOW_MS;
}

/** The one rule: an event counts (sets opened_at / clicked_at, enters the figures) when human and within the window. */
export function countsAsEngagement(event: { machine: boolean; sentAt: Date | null; at: Date }): boolean {
  return !event.machine && isWithinTrackingWindow(event.sentAt, event.at);
}
