import type { PoolClient } from 'pg';
import type { Scope } from '../scope.ts';
import { enqueue } from '../../jobs/enqueue.ts';
import { isTimeZone, nextRunAfter } from '../../jobs/schedule.ts';
import { TASKS } from '../../../shared/jobs.ts';
import { DATE_TRIGGER, type NodeConfigs } from '../../../shared/workflows.ts';
import { enrol } from './enrol.ts';

/**
 * dateAttribute: a date attribute comes round (every year on its month and day, or on the exact date), shifted by
 * an offset in days, at an hour in the trigger's time zone. One job per company (`workflow_dates`), scheduled with the
 * cron helper at the next such hour among its active date workflows, enrols each workflow's matching contacts in one
 * set-based statement and schedules itself again; never a job per contact. workflow_date_enrolments (migration 043)
 * keeps (workflow, contact, date), so a retry, a second run on the same day or a re-activation enrols nobody twice.
 */

type Db = Pick<PoolClient, 'query'>;
type Trigger = NodeConfigs['trigger'];

interface DateWorkflow {
  id: number;
  status: string;
  trigger: Trigger;
}

const hourOf = (t: Trigger) => Math.min(23, Math.max(0, Math.trunc(t.hour ?? DATE_TRIGGER.defaultHour)));
const zoneOf = (t: Trigger) => (t.zone && isTimeZone(t.zone) ? t.zone : DATE_TRIGGER.defaultZone);
/** The daily cron pattern of a trigger: minute 0 of its hour. */
const patternOf = (t: Trigger) => `0 ${hourOf(t)} * * *`;

async function dateWorkflows(db: Db, companyId: string, alsoId: number | null = null): Promise<DateWorkflow[]> {
  const { rows } = await db.query<DateWorkflow>(
    `select w.id::int, w.status, n -> 'config' as trigger
       from workflows w join workflow_versions v on v.company_id = w.company_id and v.id = w.version_id,
            jsonb_array_elements(v.graph -> 'nodes') n
      where w.company_id = $1 and w.trigger_type = 'dateAttribute' and n ->> 'kind' = 'trigger'
        and (w.status = 'active' or w.id = $2)`,
    [companyId, alsoId],
  );
  return rows;
}

/** Queues the company's date job at the next hour one of its date workflows (and `alsoId`, being activated) is due. */
export async function scheduleDates(db: Db, companyId: string, alsoId: number | null = null, from = new Date()) {
  const times = (await dateWorkflows(db, companyId, alsoId))
    .map((w) => nextRunAfter(patternOf(w.trigger), zoneOf(w.trigger), from))
    .filter((t): t is Date => t !== null);
  if (!times.length) return null;
  const at = new Date(Math.min(...times.map((t) => t.getTime())));
  await enqueue(db, TASKS.workflowDates, { companyId }, at);
  return at;
}

/** The local calendar day and hour at `now` in a time zone. */
function localNow(zone: string, now: Date): { day: string; hour: number } {
  const parts = Object.fromEntries(
    new Intl.DateTimeFormat('en-CA', {
      timeZone: zone,
      year: 'numeric',
      month: '2-digit',
      day: '2-digit',
      hour: '2-digit',
      hourCycle: 'h23',
    })
      .formatToParts(now)
      .map((p) => [p.type, p.value]),
  );
  return { day: `${parts.year}-${parts.month}-${parts.day}`, hour: Number(parts.hour) };
}

/**
 * Enrols, for each active date workflow whose hour has come today in its zone, the contacts whose date (shifted by the
 * offset) is today: the anniversary (month and day; 29 February counts on 28 February in other years) or the exact
 * date. Returns how many runs started; then schedules the next run.
 */
export async function enrolDates(scope: Scope, now = new Date()): Promise<number> {
  return scope.db.transaction(async (db) => {
    const { companyId } = scope;
    let enrolled = 0;
    for (const w of await dateWorkflows(db, companyId)) {
      const t = w.trigger;
      if (w.status !== 'active' || t.attributeId == null) continue;
      const local = localNow(zoneOf(t), now);
      if (local.hour < hourOf(t)) continue;
      // The attribute's date that comes round today: offsetDays after it (negative: before it).
      const { rows } = await db.query<{ contact_id: number }>(
        `with target as (select ($4::date - $5::int) as d),
         due as (
           select c.id from contacts c, target
            where c.company_id = $1 and jsonb_typeof(c.attributes -> $3) = 'string'
              and c.attributes ->> $3 ~ '^\\d{4}-\\d{2}-\\d{2}$'
              and case when $6 then c.attributes ->> $3 = to_char(target.d, 'YYYY-MM-DD')
                       else substr(c.attributes ->> $3, 6) = to_char(target.d, 'MM-DD')
                         or (to_char(target.d, 'MM-DD') = '02-28'
                             and extract(day from (date_trunc('year', target.d) + interval '2 months'
                                                   - interval '1 day')) = 28
                             and substr(c.attributes ->> $3, 6) = '02-29') end)
         insert into workflow_date_enrolments (company_id, workflow_id, contact_id, on_date)
           select $1, $2, due.id, $4::date from due
         on conflict do nothing returning contact_id::int`,
        [companyId, w.id, String(t.attributeId), local.day, t.offsetDays ?? 0, t.dateMode === 'exact'],
      );
      if (rows.length)
        enrolled += await enrol(
          db,
          companyId,
          w.id,
          rows.map((r) => r.contact_id),
        );
    }
    // After this hour (a minute on, so the run that just happened is not found again).
    await scheduleDates(db, companyId, null, new Date(Math.max(now.getTime(), Date.now()) + 60_000));
    return enrolled;
  });
}
