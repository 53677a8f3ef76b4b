import type { PoolClient } from '../../db/pool.ts';
import { TRACKER_LIMITS, TRACKER_TIMELINE_TYPES } from '../../../shared/tracker.ts';
import type { TrackerLiveEvent } from '../../../shared/realtime-events.ts';
import type { TrackerHit } from './ingest.ts';

/**
 * Writing one company's batch of tracker hits in its transaction: the events, the visitors and their visits, and the
 * contact timeline entries of identified visitors. The recorder (recorder.ts) buffers hits and calls this per company.
 */

/** Events sent live per site and emit (the Tracker screen shows the latest few). */
export const LIVE_EVENTS = 20;

interface VisitorState {
  siteId: number;
  visitorId: string;
  contactId: number | null;
  identifiedAt: Date | null;
  visitStartedAt: Date;
  lastSeenAt: Date;
  pages: number;
  paths: string[];
  visitEventId: number | null;
  /** The visit has pages the contact's timeline does not show yet. */
  visitChanged: boolean;
  /** Set when an identify in this write joined the visitor to a contact: its earlier events get the contact too. */
  joined: boolean;
}

/**
 * Writes the tracker's events in batches, as the messaging tracking recorder does: the ingest pushes hits and answers
 * 204 at once (TRACKER_ACK=buffered, the default) or once their batch has committed (written); four writers, a visitor's hits
 * always with the same one, each take what is buffered (at once when a request waits, else every `flushMs` or when
 * `maxRows` wait), one transaction per company under row-level security. A write resolves identify() emails to
 * contacts, walks each visitor's events in order (a visit ends after TRACKER_LIMITS.visitGapMs without events),
 * inserts the events with the contact known at their time, keeps the state of identified visitors, and for visitors who are
 * contacts writes the timeline: one `website.visit` entry per visit (updated while the visit goes on) and one
 * `website.event` per custom event. Then it emits `tracker.events` (live list) and `contact.timeline`.
 */

const visitorKey = (siteId: number, visitorId: string) => `${siteId}:${visitorId}`;

export async function writeCompany(db: PoolClient, companyId: string, hits: TrackerHit[]) {
  // Visitors of this write, as stored (a new visitor starts with its first event).
  const keys = [...new Map(hits.map((h) => [visitorKey(h.siteId, h.visitorId), h])).values()];
  const { rows: stored } = await db.query<{
    site_id: string;
    visitor_id: string;
    contact_id: string | null;
    identified_at: Date | null;
    visit_started_at: Date;
    last_seen_at: Date;
    visit_pages: number;
    visit_paths: string[];
    visit_event_id: string | null;
  }>(
    `select v.site_id, v.visitor_id, v.contact_id, v.identified_at, v.visit_started_at, v.last_seen_at, v.visit_pages,
            v.visit_paths, v.visit_event_id
       from tracker_visitors v join unnest($2::bigint[], $3::text[]) as k(site_id, visitor_id)
         on k.site_id = v.site_id and k.visitor_id = v.visitor_id
      where v.company_id = $1`,
    [companyId, keys.map((k) => k.siteId), keys.map((k) => k.visitorId)],
  );
  const visitors = new Map<string, VisitorState>();
  for (const r of stored) {
    visitors.set(visitorKey(Number(r.site_id), r.visitor_id), {
      siteId: Number(r.site_id),
      visitorId: r.visitor_id,
      contactId: r.contact_id === null ? null : Number(r.contact_id),
      identifiedAt: r.identified_at,
      visitStartedAt: r.visit_started_at,
      lastSeenAt: r.last_seen_at,
      pages: r.visit_pages,
      paths: r.visit_paths,
      visitEventId: r.visit_event_id === null ? null : Number(r.visit_event_id),
      visitChanged: false,
      joined: false,
    });
  }
  // The contacts identify() names (an unknown email creates nothing).
  const emails = [...new Set(hits.flatMap((h) => (h.email ? [h.email] : [])))];
  const contactByEmail = new Map<string, number>();
  if (emails.length) {
    const { rows } = await db.query<{ id: string; email: string }>(
      `select id, lower(email::text) as email from contacts
        where company_id = $1 and email = any($2::citext[]) and anonymised_at is null`,
      [companyId, emails],
    );
    for (const r of rows) contactByEmail.set(r.email, Number(r.id));
  }
  // Anonymous visitors have no row: one that identifies now gets its visit so far from its recent events.
  const joining = new Map<string, TrackerHit>();
  for (const h of hits) {
    const k = visitorKey(h.siteId, h.visitorId);
    if (h.email && contactByEmail.has(h.email) && !visitors.has(k)) joining.set(k, h);
  }
  if (joining.size) await seedVisits(db, companyId, [...joining.values()], visitors);

  const contactIds: (number | null)[] = [];
  const visits: { state: VisitorState; startedAt: Date; pages: number; paths: string[]; eventId: number | null }[] = [];
  const customEvents: { contactId: number; siteId: number; name: string; path: string | null; at: Date }[] = [];
  const flushVisit = (state: VisitorState) => {
    if (state.contactId !== null && state.pages > 0 && state.visitChanged) {
      visits.push({
        state,
        startedAt: state.visitStartedAt,
        pages: state.pages,
        paths: [...state.paths],
        eventId: state.visitEventId,
      });
    }
    state.visitChanged = false;
  };
  for (const hit of hits) {
    const k = visitorKey(hit.siteId, hit.visitorId);
    let state = visitors.get(k);
    if (!state) {
      state = {
        siteId: hit.siteId,
        visitorId: hit.visitorId,
        contactId: null,
        identifiedAt: null,
        visitStartedAt: hit.receivedAt,
        lastSeenAt: hit.receivedAt,
        pages: 0,
        paths: [],
        visitEventId: null,
        visitChanged: false,
        joined: false,
      };
      visitors.set(k, state);
    } else if (hit.receivedAt.getTime() - state.lastSeenAt.getTime() > TRACKER_LIMITS.visitGapMs) {
      // A new visit: the previous one's timeline entry is final.
      flushVisit(state);
      Object.assign(state, { visitStartedAt: hit.receivedAt, pages: 0, paths: [], visitEventId: null });
    }
    state.lastSeenAt = hit.receivedAt;
    if (hit.type === 'identify') {
      const contactId = contactByEmail.get(hit.email!);
      if (contactId !== undefined && contactId !== state.contactId) {
        // Joined to a (new) contact: the visit so far becomes that contact's.
        state.contactId = contactId;
        state.identifiedAt = hit.receivedAt;
        state.visitEventId = null;
        state.visitChanged = true;
        state.joined = true;
      }
    } else if (hit.type === 'page_view') {
      state.pages += 1;
      if (hit.path && state.paths.length < TRACKER_LIMITS.maxPathsPerVisit) state.paths.push(hit.path);
      state.visitChanged = true;
    } else if (state.contactId !== null) {
      customEvents.push({
        contactId: state.contactId,
        siteId: hit.siteId,
        name: hit.name ?? '',
        path: hit.path,
        at: hit.receivedAt,
      });
    }
    contactIds.push(state.contactId);
  }
  for (const state of visitors.values()) flushVisit(state);

  const { rows: inserted } = await db.query<{ id: string }>(
    `insert into tracker_events (company_id, site_id, visitor_id, contact_id, type, name, url, path, referrer,
                                 properties, ua_class, sent_at, received_at)
     select $1, * from unnest($2::bigint[], $3::text[], $4::bigint[], $5::text[], $6::text[], $7::text[], $8::text[],
                              $9::text[], $10::jsonb[], $11::text[], $12::timestamptz[], $13::timestamptz[])
     returning id`,
    [
      companyId,
      hits.map((h) => h.siteId),
      hits.map((h) => h.visitorId),
      contactIds,
      hits.map((h) => h.type),
      hits.map((h) => h.name),
      hits.map((h) => h.url),
      hits.map((h) => h.path),
      hits.map((h) => h.referrer),
      hits.map((h) => JSON.stringify(h.properties)),
      hits.map((h) => h.uaClass),
      hits.map((h) => h.sentAt),
      hits.map((h) => h.receivedAt),
    ],
  );

  // Events a visitor sent before identify() in its current visit now belong to the contact too.
  const joined = [...visitors.values()].filter((s) => s.joined);
  if (joined.length) {
    await db.query(
      `update tracker_events e set contact_id = v.contact_id
         from unnest($2::bigint[], $3::text[], $4::bigint[], $5::timestamptz[]) as v(site_id, visitor_id, contact_id, since)
        where e.company_id = $1 and e.site_id = v.site_id and e.visitor_id = v.visitor_id and e.contact_id is null
          and e.received_at >= v.since`,
      [
        companyId,
        joined.map((s) => s.siteId),
        joined.map((s) => s.visitorId),
        joined.map((s) => s.contactId),
        joined.map((s) => s.visitStartedAt),
      ],
    );
  }

  // The contacts' timelines: a visit's entry is written once and updated while the visit goes on.
  const touched = new Set<number>();
  for (const visit of visits) {
    const contactId = visit.state.contactId!;
    touched.add(contactId);
    const payload = {
      siteId: visit.state.siteId,
      pages: visit.pages,
      paths: visit.paths,
      startedAt: visit.startedAt.toISOString(),
      lastSeenAt: visit.state.lastSeenAt.toISOString(),
    };
    if (visit.eventId !== null) {
      await db.query(`update contact_events set payload = $3 where company_id = $1 and id = $2`, [
        companyId,
        visit.eventId,
        payload,
      ]);
    } else {
      const { rows } = await db.query<{ id: string }>(
        `insert into contact_events (company_id, contact_id, type, payload, created_at) values ($1, $2, $3, $4, $5)
         returning id`,
        [companyId, contactId, TRACKER_TIMELINE_TYPES.visit, payload, visit.startedAt],
      );
      // The visit in progress keeps its entry; a finished one (a new visit began in this write) needs none.
      if (visit.startedAt === visit.state.visitStartedAt) visit.state.visitEventId = Number(rows[0]!.id);
    }
  }
  if (customEvents.length) {
    await db.query(
      `insert into contact_events (company_id, contact_id, type, payload, created_at)
       select $1, v.contact_id, $2, jsonb_strip_nulls(jsonb_build_object('siteId', v.site_id, 'name', v.name,
              'path', v.path)), v.at
         from unnest($3::bigint[], $4::bigint[], $5::text[], $6::text[], $7::timestamptz[])
              as v(contact_id, site_id, name, path, at)`,
      [
        companyId,
        TRACKER_TIMELINE_TYPES.event,
        customEvents.map((e) => e.contactId),
        customEvents.map((e) => e.siteId),
        customEvents.map((e) => e.name),
        customEvents.map((e) => e.path),
        customEvents.map((e) => e.at),
      ],
    );
    for (const e of customEvents) touched.add(e.contactId);
  }

  // Only identified visitors are kept: an anonymous one's visit is read back from its events if it identifies.
  const states = [...visitors.values()].filter((v) => v.contactId !== null);
  if (states.length)
    await db.query(
      `insert into tracker_visitors as t (company_id, site_id, visitor_id, contact_id, identified_at, visit_started_at,
                                        last_seen_at, visit_pages, visit_paths, visit_event_id)
     select $1, v.site_id, v.visitor_id, v.contact_id, v.identified_at, v.started, v.seen, v.pages,
            array(select jsonb_array_elements_text(v.paths)), v.event_id
       from unnest($2::bigint[], $3::text[], $4::bigint[], $5::timestamptz[], $6::timestamptz[], $7::timestamptz[],
                   $8::int[], $9::jsonb[], $10::bigint[])
            as v(site_id, visitor_id, contact_id, identified_at, started, seen, pages, paths, event_id)
     on conflict (company_id, site_id, visitor_id) do update set
       contact_id = excluded.contact_id, identified_at = excluded.identified_at,
       visit_started_at = excluded.visit_started_at, last_seen_at = excluded.last_seen_at,
       visit_pages = excluded.visit_pages, visit_paths = excluded.visit_paths, visit_event_id = excluded.visit_event_id`,
      [
        companyId,
        states.map((s) => s.siteId),
        states.map((s) => s.visitorId),
        states.map((s) => s.contactId),
        states.map((s) => s.identifiedAt),
        states.map((s) => s.visitStartedAt),
        states.map((s) => s.lastSeenAt),
        states.map((s) => s.pages),
        states.map((s) => JSON.stringify(s.paths)),
        states.map((s) => s.visitEventId),
      ],
    );

  // The live list: the latest events of each site, with the ids they were stored under (in insert order).
  const live = new Map<number, TrackerLiveEvent[]>();
  hits.forEach((h, i) => {
    const list = live.get(h.siteId) ?? [];
    live.set(h.siteId, list);
    list.push({
      id: Number(inserted[i]?.id ?? 0),
      siteId: h.siteId,
      visitorId: h.visitorId,
      contactId: contactIds[i] ?? null,
      type: h.type,
      name: h.name,
      url: h.url,
      path: h.path,
      referrer: h.referrer,
      properties: h.properties,
      uaClass: h.uaClass,
      receivedAt: h.receivedAt.toISOString(),
    });
    if (list.length > LIVE_EVENTS * 2) list.splice(0, LIVE_EVENTS);
  });
  return { live, contacts: touched };
}

/** The visit in progress of anonymous visitors who identify in this write, from their events of the last day. */
async function seedVisits(db: PoolClient, companyId: string, first: TrackerHit[], into: Map<string, VisitorState>) {
  const since = new Date(Math.min(...first.map((h) => h.receivedAt.getTime())) - 86_400_000);
  const { rows } = await db.query<{ site_id: string; visitor_id: string; type: string; path: string | null; at: Date }>(
    `select e.site_id, e.visitor_id, e.type, e.path, e.received_at as at
       from tracker_events e join unnest($2::bigint[], $3::text[]) as k(site_id, visitor_id)
         on e.site_id = k.site_id and e.visitor_id = k.visitor_id
      where e.company_id = $1 and e.received_at > $4
      order by e.site_id, e.visitor_id, e.received_at, e.id`,
    [companyId, first.map((h) => h.siteId), first.map((h) => h.visitorId), since],
  );
  for (const r of rows) {
    const k = visitorKey(Number(r.site_id), r.visitor_id);
    let state = into.get(k);
    if (!state || r.at.getTime() - state.lastSeenAt.getTime() > TRACKER_LIMITS.visitGapMs) {
      state = {
        siteId: Number(r.site_id),
        visitorId: r.visitor_id,
        contactId: null,
        identifiedAt: null,
        visitStartedAt: r.at,
        lastSeenAt: r.at,
        pages: 0,
        paths: [],
        visitEventId: null,
        visitChanged: false,
        joined: false,
      };
      into.set(k, state);
    }
    state.lastSeenAt = r.at;
    if (r.type === 'page_view') {
      state.pages += 1;
      if (r.path && state.paths.length < TRACKER_LIMITS.maxPathsPerVisit) state.paths.push(r.path);
    }
  }
}
