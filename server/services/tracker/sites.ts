import { randomBytes } from 'node:crypto';
import type { components } from '../../../shared/contract/schema.d.ts';
import { trackerSnippet, TRACKER_LIMITS, type TrackerConsentMode } from '../../../shared/tracker.ts';
import { USERFLOW_LIMITS } from '../../../shared/userflow.ts';
import { notFound } from '../../http/errors.ts';
import type { Scope } from '../scope.ts';

type Schemas = components['schemas'];
export type TrackerSite = Schemas['TrackerSite'];

interface SiteRow {
  id: string;
  name: string;
  site_key: string;
  allowed_domains: string[];
  consent_mode: TrackerConsentMode;
  retention_days: number;
  created_at: Date;
}

const COLUMNS = 'id, name, site_key, allowed_domains, consent_mode, retention_days, created_at';

/** A new site key: 24 random bytes, URL-safe (public, so it only has to be unguessable enough not to collide). */
export const newSiteKey = () => randomBytes(24).toString('base64url');

/** Domains as stored: lower case, without duplicates. */
const normalise = (domains: readonly string[]) => [...new Set(domains.map((d) => d.toLowerCase()))];

function toSite(scope: Scope, row: SiteRow): TrackerSite {
  return {
    id: Number(row.id),
    name: row.name,
    siteKey: row.site_key,
    allowedDomains: row.allowed_domains,
    consentMode: row.consent_mode,
    retentionDays: row.retention_days,
    snippet: trackerSnippet(scope.config.publicUrl, row.site_key, row.consent_mode),
    createdAt: row.created_at.toISOString(),
  };
}

export async function listSites(scope: Scope): Promise<TrackerSite[]> {
  const { rows } = await scope.db.query<SiteRow>(
    `select ${COLUMNS} from tracker_sites where company_id = $1 order by id`,
    [scope.companyId],
  );
  return rows.map((r) => toSite(scope, r));
}

export async function getSite(scope: Scope, siteId: number): Promise<TrackerSite> {
  const { rows } = await scope.db.query<SiteRow>(
    `select ${COLUMNS} from tracker_sites where company_id = $1 and id = $2`,
    [scope.companyId, siteId],
  );
  if (!rows[0]) throw notFound();
  return toSite(scope, rows[0]);
}

export async function createSite(scope: Scope, input: Schemas['TrackerSiteInput']): Promise<TrackerSite> {
  const { rows } = await scope.db.query<SiteRow>(
    `insert into tracker_sites (company_id, name, site_key, allowed_domains, consent_mode, retention_days)
     values ($1, $2, $3, $4, $5, $6) returning ${COLUMNS}`,
    [
      scope.companyId,
      input.name.trim() || input.name,
      newSiteKey(),
      normalise(input.allowedDomains ?? []),
      input.consentMode ?? 'ask',
      input.retentionDays ?? TRACKER_LIMITS.defaultRetentionDays,
    ],
  );
  return toSite(scope, rows[0]!);
}

export async function updateSite(
  scope: Scope,
  siteId: number,
  patch: Schemas['TrackerSitePatch'],
): Promise<TrackerSite> {
  const { rows } = await scope.db.query<SiteRow>(
    `update tracker_sites
        set name = coalesce($3, name), allowed_domains = coalesce($4, allowed_domains),
            consent_mode = coalesce($5, consent_mode), retention_days = coalesce($6, retention_days),
            updated_at = now()
      where company_id = $1 and id = $2 returning ${COLUMNS}`,
    [
      scope.companyId,
      siteId,
      patch.name ?? null,
      patch.allowedDomains ? normalise(patch.allowedDomains) : null,
      patch.consentMode ?? null,
      patch.retentionDays ?? null,
    ],
  );
  if (!rows[0]) throw notFound();
  return toSite(scope, rows[0]);
}

/** Deletes the site with its visitors and events; answers its key (the ingest forgets it). */
export async function deleteSite(scope: Scope, siteId: number): Promise<string> {
  const { rows } = await scope.db.transaction(async (db) => {
    await db.query('delete from tracker_events where company_id = $1 and site_id = $2', [scope.companyId, siteId]);
    return db.query<{ site_key: string }>(
      'delete from tracker_sites where company_id = $1 and id = $2 returning site_key',
      [scope.companyId, siteId],
    );
  });
  if (!rows[0]) throw notFound();
  return rows[0].site_key;
}

interface EventRow {
  id: string;
  site_id: string;
  visitor_id: string;
  contact_id: string | null;
  type: Schemas['TrackerEventType'];
  name: string | null;
  url: string | null;
  path: string | null;
  referrer: string | null;
  properties: Record<string, unknown>;
  ua_class: Schemas['TrackerEvent']['uaClass'];
  received_at: Date;
}

export const toTrackerEvent = (r: EventRow): Schemas['TrackerEvent'] => ({
  id: Number(r.id),
  siteId: Number(r.site_id),
  visitorId: r.visitor_id,
  contactId: r.contact_id === null ? null : Number(r.contact_id),
  type: r.type,
  name: r.name,
  url: r.url,
  path: r.path,
  referrer: r.referrer,
  properties: r.properties,
  uaClass: r.ua_class,
  receivedAt: r.received_at.toISOString(),
});

export async function listEvents(scope: Scope, siteId: number, limit = 50): Promise<Schemas['TrackerEvent'][]> {
  await getSite(scope, siteId);
  const { rows } = await scope.db.query<EventRow>(
    `select id, site_id, visitor_id, contact_id, type, name, url, path, referrer, properties, ua_class, received_at
       from tracker_events where company_id = $1 and site_id = $2 order by received_at desc, id desc limit $3`,
    [scope.companyId, siteId, limit],
  );
  return rows.map(toTrackerEvent);
}

/** Events per UTC day and type over the last `days` days (today included), days without events as zeros. */
export async function dayCounts(scope: Scope, siteId: number, days = 30): Promise<Schemas['TrackerDayCount'][]> {
  await getSite(scope, siteId);
  const { rows } = await scope.db.query<{ day: string; page_views: number; events: number; identifies: number }>(
    `with days as (
       select generate_series((now() at time zone 'UTC')::date - ($3::int - 1), (now() at time zone 'UTC')::date,
                              interval '1 day')::date as day)
     select to_char(d.day, 'YYYY-MM-DD') as day,
            count(*) filter (where e.type = 'page_view')::int as page_views,
            count(*) filter (where e.type = 'event')::int as events,
            count(*) filter (where e.type = 'identify')::int as identifies
       from days d
       left join tracker_events e
         on e.company_id = $1 and e.site_id = $2
        and e.received_at >= d.day::timestamp at time zone 'UTC'
        and e.received_at < (d.day + 1)::timestamp at time zone 'UTC'
      group by d.day order by d.day`,
    [scope.companyId, siteId, days],
  );
  return rows.map((r) => ({ day: r.day, pageViews: r.page_views, events: r.events, identifies: r.identifies }));
}

/**
 * The custom event names the site recorded over the last USERFLOW_LIMITS.targetEventNamesDays days, most frequent
 * first (at most targetEventNames): what the model wizard offers for a target defined by an event.
 */
export async function eventNames(scope: Scope, siteId: number): Promise<Schemas['TrackerEventName'][]> {
  await getSite(scope, siteId);
  const { rows } = await scope.db.query<{ name: string; count: number }>(
    `select name, count(*)::int as count from tracker_events
      where company_id = $1 and site_id = $2 and type = 'event' and name is not null
        and received_at >= now() - make_interval(days => $3)
      group by name order by count(*) desc, name limit $4`,
    [scope.companyId, siteId, USERFLOW_LIMITS.targetEventNamesDays, USERFLOW_LIMITS.targetEventNames],
  );
  return rows;
}
