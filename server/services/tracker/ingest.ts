import { isbot } from 'isbot';
import { LRUCache } from 'lru-cache';
import type { components } from '../../../shared/contract/schema.d.ts';
import {
  TRACKER_LIMITS,
  TRACKER_TEXTS,
  type TrackerConsentMode,
  type TrackerEventType,
  type TrackerUaClass,
} from '../../../shared/tracker.ts';
import type { Pool } from '../../db/pool.ts';
import { HttpError, invalid, type FieldErrors } from '../../http/errors.ts';

type Batch = components['schemas']['TrackerBatch'];

/** What the ingest needs of a site, looked up by its public key before the company is known. */
export interface SiteByKey {
  companyId: string;
  siteId: number;
  allowedDomains: string[];
  consentMode: TrackerConsentMode;
}

/** One event ready to be written: checked, trimmed to its columns, with the time it was received. */
export interface TrackerHit {
  companyId: string;
  siteId: number;
  visitorId: string;
  type: TrackerEventType;
  name: string | null;
  email: string | null;
  url: string | null;
  path: string | null;
  referrer: string | null;
  properties: Record<string, unknown>;
  uaClass: TrackerUaClass;
  sentAt: Date | null;
  receivedAt: Date;
}

/** How long a site's settings are reused before they are read again (a changed domain list applies within this). */
const SITE_CACHE_MS = 5_000;

/**
 * Looks sites up by key on the owner's pool (the system path: the key is all the request carries), cached briefly
 * per process so a busy site costs no query per request; an unknown key is cached too (as null), so a flood of
 * made-up keys does not reach the database each time either. A change made through this process is forgotten at once
 * (`forget`); other nodes see it within SITE_CACHE_MS.
 */
export function siteLookup(pool: Pool) {
  const cache = new LRUCache<string, SiteByKey | 'none'>({ max: 10_000, ttl: SITE_CACHE_MS });
  const lookup = async (siteKey: string): Promise<SiteByKey | null> => {
    const cached = cache.get(siteKey);
    if (cached) return cached === 'none' ? null : cached;
    const { rows } = await pool.query<{
      company_id: string;
      id: string;
      allowed_domains: string[];
      consent_mode: TrackerConsentMode;
    }>('select company_id, id, allowed_domains, consent_mode from tracker_sites where site_key = $1', [siteKey]);
    const row = rows[0];
    const site = row
      ? {
          companyId: row.company_id,
          siteId: Number(row.id),
          allowedDomains: row.allowed_domains,
          consentMode: row.consent_mode,
        }
      : null;
    cache.set(siteKey, site ?? 'none');
    return site;
  };
  return Object.assign(lookup, { forget: (siteKey: string) => cache.delete(siteKey) });
}

/**
 * isbot's answer per user agent: its pattern is long and a site's visitors send few distinct user agents, so the
 * answer is kept (a bounded cache, so made-up user agents only push others out).
 */
const bots = new LRUCache<string, boolean>({ max: 2_000 });

/** Whether the request comes from a bot (isbot's maintained list) or a browser asking not to be tracked. */
export function notToRecord(headers: Record<string, string | string[] | undefined>): boolean {
  const ua = headers['user-agent'];
  const userAgent = Array.isArray(ua) ? ua[0] : ua;
  if (!userAgent) return true;
  let bot = bots.get(userAgent);
  if (bot === undefined) bots.set(userAgent, (bot = isbot(userAgent)));
  if (bot) return true;
  return headers.dnt === '1' || headers['sec-gpc'] === '1';
}

/** The coarse class of a user agent; the string itself is not kept. */
export function uaClassOf(userAgent: string | undefined): TrackerUaClass {
  if (!userAgent) return 'other';
  if (/iPad|Tablet|PlayBook|Silk|Android(?!.*Mobile)/i.test(userAgent)) return 'tablet';
  if (/Mobi|iPhone|iPod|Android|Windows Phone/i.test(userAgent)) return 'mobile';
  if (/Windows|Macintosh|X11|Linux|CrOS/i.test(userAgent)) return 'desktop';
  return 'other';
}

const bytes = (value: unknown) => Buffer.byteLength(JSON.stringify(value));
/**
 * Whether an event's JSON holds NUL characters or unpaired surrogates: PostgreSQL's text and jsonb refuse them, and
 * one refused event would cost its whole write. JSON.stringify escapes exactly these (and other control characters)
 * as \\uXXXX.
 */
const hasBadText = (json: string) => /\\u(0000|d[89a-f])/i.test(json);

/** The path of a URL (for grouping pages), or null when it is not a URL. */
function pathOf(url: string | undefined): string | null {
  if (!url) return null;
  try {
    return new URL(url).pathname.slice(0, TRACKER_LIMITS.maxUrlLength);
  } catch {
    return null;
  }
}

/**
 * Checks what the contract's schema cannot (sizes as JSON, NUL characters, a name for custom events, an email for
 * identify) and turns the batch into hits. Throws 413 for a body over the cap, 422 with the event's index otherwise.
 */
export function toHits(
  site: SiteByKey,
  batch: Batch,
  bodyBytes: number,
  userAgent: string | undefined,
  receivedAt = new Date(),
): TrackerHit[] {
  if (bodyBytes > TRACKER_LIMITS.maxBodyBytes) {
    throw new HttpError(413, 'payload_too_large', TRACKER_TEXTS.bodyTooLarge);
  }
  const errors: FieldErrors = {};
  batch.events.forEach((event, i) => {
    const field = `events/${i}`;
    // The event as JSON once, for both the text check and its size.
    const json = JSON.stringify(event);
    if (hasBadText(json)) errors[field] = [TRACKER_TEXTS.badText];
    else if (Buffer.byteLength(json) > TRACKER_LIMITS.maxEventBytes) errors[field] = [TRACKER_TEXTS.eventTooLarge];
    else if (event.properties && bytes(event.properties) > TRACKER_LIMITS.maxPropertiesBytes)
      errors[`${field}/properties`] = [TRACKER_TEXTS.propertiesTooLarge];
    else if (event.type === 'event' && !event.name) errors[`${field}/name`] = [TRACKER_TEXTS.nameRequired];
    else if (event.type === 'identify' && !event.email?.trim())
      errors[`${field}/email`] = [TRACKER_TEXTS.emailRequired];
  });
  if (Object.keys(errors).length) throw invalid(errors);
  const uaClass = uaClassOf(userAgent);
  return batch.events.map((event) => {
    const sentAt = event.at ? new Date(event.at) : null;
    return {
      companyId: site.companyId,
      siteId: site.siteId,
      visitorId: batch.visitorId,
      type: event.type,
      name: event.type === 'event' ? (event.name ?? null) : null,
      email: event.type === 'identify' ? event.email!.trim().toLowerCase() : null,
      url: event.url ?? null,
      path: pathOf(event.url),
      referrer: event.referrer || null,
      properties: event.properties ?? {},
      uaClass,
      sentAt: sentAt && !Number.isNaN(sentAt.getTime()) ? sentAt : null,
      receivedAt,
    };
  });
}
