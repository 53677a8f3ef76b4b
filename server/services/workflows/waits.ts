import type { PoolClient } from 'pg';
import { isTimeZone, nextRunAfter } from '../../jobs/schedule.ts';
import { isoDate } from '../contacts/values.ts';
import { CONTACT_ZONE, type WaitConfig } from '../../../shared/workflows.ts';

/**
 * When a wait step ends. A duration counts from now; `until` is a local date and time (YYYY-MM-DDTHH:mm, as the
 * editor's date-time field gives it) in a time zone; `weekday` is the next of the chosen weekdays (0 Sunday … 6
 * Saturday) at the hour in a zone. Local times become instants through the time zone database (PostgreSQL's for a
 * date, cron-parser's for weekdays, the same one the schedules use), so a daylight-saving change moves the instant and
 * never the wall-clock time.
 */

type Db = Pick<PoolClient, 'query'>;

const UNIT_MS = { minutes: 60_000, hours: 3_600_000, days: 86_400_000 } as const;
const LOCAL_DATE_TIME = /^(\d{4})-(\d{2})-(\d{2})T([01]\d|2[0-3]):[0-5]\d(:[0-5]\d)?$/;

/** A real calendar date with a time of day, so the cast in PostgreSQL cannot fail. */
const isLocalDateTime = (text: unknown): text is string => {
  const m = typeof text === 'string' ? LOCAL_DATE_TIME.exec(text) : null;
  return Boolean(m && isoDate(Number(m[1]), Number(m[2]), Number(m[3])));
};

/** The instant a wait ends, or why it cannot be computed. */
export type WaitEnd = { ok: true; at: Date } | { ok: false; reason: string };

/**
 * The zone a wait in "the contact's time zone" uses. Contacts have no time zone field, so it is the company's: the
 * zone its (first) owner set for notifications on /account, else UTC.
 */
export async function contactZone(db: Db, companyId: string): Promise<string> {
  const { rows } = await db.query<{ zone: string }>(
    `select s.time_zone as zone from users u join notification_settings s on s.user_id = u.id
      where u.company_id = $1 and u.role = 'owner' order by u.created_at, u.id limit 1`,
    [companyId],
  );
  return rows[0]?.zone ?? 'UTC';
}

/** The next of `weekdays` at `hour`:00 local time in `zone`, strictly after `from`. */
export function nextWeekday(weekdays: readonly number[], hour: number, zone: string, from: Date): Date | null {
  if (!weekdays.length || !weekdays.every((d) => Number.isInteger(d) && d >= 0 && d <= 6)) return null;
  if (!Number.isInteger(hour) || hour < 0 || hour > 23) return null;
  return nextRunAfter(`0 ${hour} * * ${[...new Set(weekdays)].sort().join(',')}`, zone, from);
}

export async function waitEnd(db: Db, companyId: string, config: WaitConfig, now: Date): Promise<WaitEnd> {
  if (config.mode === 'duration') {
    const ms = config.amount * (UNIT_MS[config.unit] ?? Number.NaN);
    return Number.isFinite(ms) && ms >= 0
      ? { ok: true, at: new Date(now.getTime() + ms) }
      : { ok: false, reason: 'invalid duration' };
  }
  const zone = config.zone === CONTACT_ZONE ? await contactZone(db, companyId) : config.zone;
  if (!isTimeZone(zone)) return { ok: false, reason: `unknown time zone ${zone}` };
  if (config.mode === 'weekday') {
    const at = nextWeekday(config.weekdays, config.hour, zone, now);
    return at ? { ok: true, at } : { ok: false, reason: 'invalid weekdays or hour' };
  }
  if (!isLocalDateTime(config.at)) return { ok: false, reason: 'invalid date and time' };
  // PostgreSQL's zone rules, as a campaign scheduled "at" a local time uses (a time skipped by a DST change moves on).
  const { rows } = await db.query<{ at: Date }>('select $1::timestamp at time zone $2 as at', [config.at, zone]);
  return { ok: true, at: rows[0]!.at };
}
