/**
 * The userflow source (issue 24 §2): the website tracker's own events (migration 032) of one site over the last N
 * days, one row per contact the tracker has identified — its email (the identity), when it was first and last seen,
 * page views, custom events, active days, its usual device, and a count per custom event name (the most frequent
 * USERFLOW_LIMITS.maxCategories names of the window, `event:<name>`). Events a visitor sent before identify() count
 * for its contact through tracker_visitors. Anonymous visitors are not rows: no contact can take their score.
 * It can say what changed (changesSince): the contacts with events received after the cursor, for realtime runs.
 */
import { USERFLOW_LIMITS } from '../../../../shared/userflow.ts';
import type { Scope } from '../../scope.ts';
import type { ConnectorOpener } from './types.ts';
import { ConnectorError, type ChangedRows, type Connector, type ReadOptions, type SourceRow } from './types.ts';
import { sourceValue, uniqueColumns } from './values.ts';

interface TrackerConfig {
  siteId: number;
  days: number;
}

const FIXED = [
  'email',
  'contact_id',
  'first_seen',
  'last_seen',
  'days_since_last_seen',
  'page_views',
  'events',
  'active_days',
  'device',
] as const;

/** The events of the window with the contact each belongs to ($1 company, $2 site, $3 days). */
const EVENTS = `select coalesce(e.contact_id, v.contact_id) as contact_id, e.type, e.name, e.received_at, e.ua_class
  from tracker_events e
  left join tracker_visitors v on v.company_id = e.company_id and v.site_id = e.site_id and v.visitor_id = e.visitor_id
  where e.company_id = $1 and e.site_id = $2 and e.received_at >= now() - make_interval(days => $3)`;

/** One row per contact: `filter` narrows the contacts ($4 onwards), names are the event names counted. */
function rowsSql(names: string[], filter: string): string {
  const counts = names.map((_, i) => `, count(*) filter (where ev.type = 'event' and ev.name = $${5 + i})::int`);
  return `with ev as (${EVENTS})
    select c.email::text, ev.contact_id::int, min(ev.received_at), max(ev.received_at),
      round((extract(epoch from now() - max(ev.received_at)) / 86400)::numeric, 2)::float8,
      (count(*) filter (where ev.type = 'page_view'))::int, (count(*) filter (where ev.type = 'event'))::int,
      count(distinct date_trunc('day', ev.received_at))::int, mode() within group (order by ev.ua_class)
      ${counts.join('')}
    from ev join contacts c on c.company_id = $1 and c.id = ev.contact_id and c.anonymised_at is null
    where ${filter}
    group by ev.contact_id, c.email order by ev.contact_id`;
}

async function eventNames(scope: Scope, config: TrackerConfig): Promise<string[]> {
  const { rows } = await scope.db.query<{ name: string }>(
    `select name from tracker_events where company_id = $1 and site_id = $2 and type = 'event' and name is not null
       and received_at >= now() - make_interval(days => $3)
     group by name order by count(*) desc, name limit $4`,
    [scope.companyId, config.siteId, config.days, USERFLOW_LIMITS.maxCategories],
  );
  return rows.map((r) => r.name);
}

export const openTracker: ConnectorOpener = async (scope, _modelId, settings) => {
  const config = settings.config as unknown as TrackerConfig;
  const site = await scope.db.query('select 1 from tracker_sites where company_id = $1 and id = $2', [
    scope.companyId,
    config.siteId,
  ]);
  if (!site.rowCount) throw new ConnectorError('source_invalid', 'The tracker site does not exist any more.');
  const names = await eventNames(scope, config);
  const columns = uniqueColumns([...FIXED, ...names.map((name) => `event:${name}`)]);
  const keyed = (values: unknown[]): SourceRow =>
    Object.fromEntries(columns.map((name, i) => [name, sourceValue(values[i])]));
  const base = [scope.companyId, config.siteId, config.days];

  const connector: Connector = {
    async test() {},
    async columns() {
      return columns;
    },
    async *rows(options: ReadOptions = {}) {
      const limit = options.limit ?? Infinity;
      let after = 0;
      let count = 0;
      for (;;) {
        if (options.signal?.aborted) throw new ConnectorError('peer_timeout');
        const want = Math.min(USERFLOW_LIMITS.pageRows, limit - count);
        if (want <= 0) return;
        // Keyset pages by contact id: each page is one grouped statement over the window's events.
        const { rows } = await scope.db.query<unknown[]>({
          text: `${rowsSql(names, 'ev.contact_id > $4')} limit ${want}`,
          values: [...base, after, ...names],
          rowMode: 'array',
        });
        if (!rows.length) return;
        count += rows.length;
        after = Number(rows.at(-1)![1]);
        yield rows.map(keyed);
        if (rows.length < want) return;
      }
    },
    /** The contacts with events received after the cursor (an ISO time); null starts from the newest event. */
    async changesSince(cursor: string | null): Promise<ChangedRows> {
      const { rows: newest } = await scope.db.query<{ at: string | null }>(
        `select to_char(max(received_at) at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.US"Z"') as at
         from tracker_events where company_id = $1 and site_id = $2`,
        [scope.companyId, config.siteId],
      );
      const next = newest[0]?.at ?? cursor;
      if (cursor === null) return { rows: [], cursor: next };
      const { rows } = await scope.db.query<unknown[]>({
        text: `${rowsSql(
          names,
          `ev.contact_id in (select coalesce(e.contact_id, v.contact_id) from tracker_events e
          left join tracker_visitors v on v.company_id = e.company_id and v.site_id = e.site_id
            and v.visitor_id = e.visitor_id
          where e.company_id = $1 and e.site_id = $2 and e.received_at > $4::timestamptz)`,
        )}
          limit ${USERFLOW_LIMITS.maxScoringRows}`,
        values: [...base, cursor, ...names],
        rowMode: 'array',
      });
      return { rows: rows.map(keyed), cursor: next };
    },
    async close() {},
  };
  return connector;
};
