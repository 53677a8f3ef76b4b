import type { Pool } from '../../db/pool.ts';
import { TRACKER_LIMITS } from '../../../shared/tracker.ts';

export interface PartitionMaintenance {
  created: string[];
  dropped: string[];
  /** Events deleted because their site keeps them for less time than their partition lasts. */
  deleted: number;
  visitorsForgotten: number;
}

/**
 * The tracker's daily upkeep, on the owner's pool (it goes over every company and creates and drops tables): creates
 * the monthly partitions of tracker_events from this month to TRACKER_LIMITS.partitionsAhead months ahead; deletes the
 * events and visitors each site's retention has passed; drops whole partitions that end before the longest retention
 * of any site (the default when there are none), which is what keeps old months from costing anything.
 */
export async function maintainTrackerPartitions(pool: Pool, now = new Date()): Promise<PartitionMaintenance> {
  const before = await partitions(pool);
  await pool.query(
    `select missiva_tracker_partition($1::timestamptz + make_interval(months => m))
       from generate_series(0, $2::int) as m`,
    [now, TRACKER_LIMITS.partitionsAhead],
  );
  const created = (await partitions(pool)).filter((p) => !before.some((b) => b.name === p.name)).map((p) => p.name);
  const { rowCount: deleted } = await pool.query(
    `delete from tracker_events e using tracker_sites s
      where e.company_id = s.company_id and e.site_id = s.id
        and e.received_at < $1::timestamptz - make_interval(days => s.retention_days)`,
    [now],
  );
  const { rowCount: visitorsForgotten } = await pool.query(
    `delete from tracker_visitors v using tracker_sites s
      where v.company_id = s.company_id and v.site_id = s.id
        and v.last_seen_at < $1::timestamptz - make_interval(days => s.retention_days)`,
    [now],
  );
  const { rows } = await pool.query<{ days: number }>(
    'select coalesce(max(retention_days), $1)::int as days from tracker_sites',
    [TRACKER_LIMITS.defaultRetentionDays],
  );
  const keepFrom = new Date(now.getTime() - rows[0]!.days * 86_400_000);
  const dropped: string[] = [];
  for (const p of await partitions(pool)) {
    if (p.endsAt > keepFrom) continue;
    await pool.query(`drop table ${p.name}`);
    dropped.push(p.name);
  }
  return { created, dropped, deleted: deleted ?? 0, visitorsForgotten: visitorsForgotten ?? 0 };
}

/** The partitions of tracker_events with the end of the month each holds. */
export async function partitions(pool: Pool): Promise<{ name: string; endsAt: Date }[]> {
  const { rows } = await pool.query<{ name: string }>(
    `select c.relname as name from pg_inherits i join pg_class c on c.oid = i.inhrelid
      where i.inhparent = 'tracker_events'::regclass order by c.relname`,
  );
  return rows
    .filter((r) => /^tracker_events_\d{6}$/.test(r.name))
    .map((r) => {
      const year = Number(r.name.slice(-6, -2));
      const month = Number(r.name.slice(-2));
      return { name: r.name, endsAt: new Date(Date.UTC(year, month, 1)) };
    });
}
