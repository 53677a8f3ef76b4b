/**
 * The website tracker (issue 24 §5), named once: event types, consent modes, the ingest caps, rate limit, visit
 * grouping and retention. The server, the snippet (public/t.js, which repeats only the type names it sends) and the
 * Tracker screen import these; the contract's enums carry the same names.
 */

/** What a tracked event is: a page shown, a custom event with properties, or the visitor naming their email. */
export const TRACKER_EVENT_TYPES = ['page_view', 'event', 'identify'] as const;
export type TrackerEventType = (typeof TRACKER_EVENT_TYPES)[number];

/** `ask`: the snippet records nothing until the page calls `missiva('consent', true)`; `none`: it records at once. */
export const TRACKER_CONSENT_MODES = ['ask', 'none'] as const;
export type TrackerConsentMode = (typeof TRACKER_CONSENT_MODES)[number];

/** Coarse user-agent classes kept instead of the whole string (the full string identifies too much). */
export const TRACKER_UA_CLASSES = ['desktop', 'mobile', 'tablet', 'other'] as const;
export type TrackerUaClass = (typeof TRACKER_UA_CLASSES)[number];

export const TRACKER_LIMITS = {
  /** Events in one request. */
  maxEventsPerBatch: 50,
  /** Bytes of one event as JSON. */
  maxEventBytes: 4 * 1024,
  /** Bytes of one request body. */
  maxBodyBytes: 64 * 1024,
  /** Bytes of an event's properties as JSON (within the event's 4 kB). */
  maxPropertiesBytes: 2 * 1024,
  maxNameLength: 100,
  maxUrlLength: 2048,
  maxVisitorIdLength: 64,
  /** Requests per site key per window, counted on all nodes (the platform's rate-limit store). */
  rateLimitPerWindow: 3_000,
  rateLimitWindowMs: 10_000,
  /** Allowed domains per site. */
  maxAllowedDomains: 20,
  /** A visit ends after this long without a page view; the contact's timeline groups page views per visit. */
  visitGapMs: 30 * 60_000,
  /** Retention in days: default about 13 months, at least one month, at most five years. */
  defaultRetentionDays: 395,
  minRetentionDays: 30,
  maxRetentionDays: 1825,
  /** Monthly partitions created ahead of time. */
  partitionsAhead: 3,
  /** Pages listed on one visit's timeline entry. */
  maxPathsPerVisit: 20,
} as const;

/** The contact timeline's entries the tracker writes (ContactEvent.type). */
export const TRACKER_TIMELINE_TYPES = { visit: 'website.visit', event: 'website.event' } as const;

/** Where the snippet is served and where it sends events, relative to the install's public URL. */
export const TRACKER_PATHS = {
  snippet: '/t.js',
  ingest: (siteKey: string) => `/api/public/track/${encodeURIComponent(siteKey)}`,
} as const;

/**
 * The tag a site pastes into its pages: defines `missiva()` so calls queue until the snippet has loaded, then loads
 * it asynchronously. With consent mode `ask` the snippet sends nothing until the page calls missiva('consent', true).
 */
export function trackerSnippet(publicUrl: string, siteKey: string, consentMode: TrackerConsentMode): string {
  const base = publicUrl.replace(/\/+$/, '');
  const consent = consentMode === 'ask' ? ' data-consent="ask"' : '';
  return (
    `<script>window.missiva=window.missiva||function(){(missiva.q=missiva.q||[]).push(arguments)};</script>\n` +
    `<script async src="${base}${TRACKER_PATHS.snippet}" data-site="${siteKey}"${consent}></script>`
  );
}

/** Whether a request's Origin header belongs to one of the allowed domains (any scheme and port). */
export function originAllowed(origin: string | undefined, allowedDomains: readonly string[]): boolean {
  if (!origin) return false;
  let host: string;
  try {
    host = new URL(origin).hostname.toLowerCase();
  } catch {
    return false;
  }
  return allowedDomains.some((domain) => {
    const d = domain.toLowerCase();
    if (d.startsWith('*.')) return host === d.slice(2) || host.endsWith(d.slice(1));
    return host === d;
  });
}

/** The ingest's refusals (server answers; the snippet never shows them). */
export const TRACKER_TEXTS = {
  originRefused: "This page's origin is not one of the site's allowed domains.",
  bodyTooLarge: 'The batch is larger than 64 kB.',
  eventTooLarge: 'An event is larger than 4 kB.',
  propertiesTooLarge: "An event's properties are larger than 2 kB.",
  badText: 'Text cannot contain NUL characters or broken Unicode.',
  nameRequired: 'A custom event needs a name.',
  emailRequired: 'identify needs an email address.',
} as const;
