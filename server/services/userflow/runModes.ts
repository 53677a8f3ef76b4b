/**
 * When models score without being asked (issue 24 §4), checked once a minute by the `scheduleUserflowRuns` task:
 * - scheduled: at the times of the model's cron pattern in its time zone (the schedule editor's pattern, through the
 *   one next-run helper), `next_run_at` holding the next one;
 * - realtime: a model on the tracker (`userflow` source) re-scores when events arrived since its last run, at most
 *   every USERFLOW_LIMITS.realtimeDebounceMs; any other source is polled every USERFLOW_LIMITS.realtimePollMs: a
 *   PostgreSQL or MySQL source with a changes column scores only the rows changed since the model's cursor (an
 *   incremental run, see scoring.ts), the others are re-read in full.
 * Only ready models run (paused, failed, draft and training ones never do); a model with a run queued or running is
 * left until it ends.
 */
import { USERFLOW_LIMITS } from '../../../shared/userflow.ts';
import type { AppContext } from '../../context.ts';
import { nextRunAfter } from '../../jobs/schedule.ts';
import { forJob } from '../scope.ts';
import { queueRun } from './scoring.ts';

interface Due {
  companyId: string;
  id: number;
  mode: 'scheduled' | 'realtime';
  pattern: string | null;
  timeZone: string | null;
  nextRunAt: Date | null;
}

/** Queues the runs that are due; answers how many. Reads across companies on the owner's pool, queues per company. */
export async function queueDueRuns(ctx: AppContext, now = new Date()): Promise<number> {
  const { rows } = await ctx.pool.query<Due>(
    `select m.company_id as "companyId", m.id::int as id, m.run_mode ->> 'mode' as mode,
       m.run_mode ->> 'pattern' as pattern, m.run_mode ->> 'timeZone' as "timeZone", m.next_run_at as "nextRunAt"
     from userflow_models m
     left join lateral (select r.status, coalesce(r.started_at, r.created_at) as at from userflow_runs r
        where r.company_id = m.company_id and r.model_id = m.id order by r.created_at desc, r.id desc limit 1) last on true
     where m.status = 'ready' and (last.status is null or last.status not in ('queued', 'running')) and (
       (m.run_mode ->> 'mode' = 'scheduled' and (m.next_run_at is null or m.next_run_at <= $1))
       or (m.run_mode ->> 'mode' = 'realtime' and (
         (m.source ->> 'kind' = 'userflow' and (last.at is null or last.at <= $1 - make_interval(secs => $2))
           and exists (select 1 from tracker_events e where e.company_id = m.company_id
                       and e.received_at > coalesce(last.at, m.updated_at)))
         or (m.source ->> 'kind' <> 'userflow' and (last.at is null or last.at <= $1 - make_interval(secs => $3))))))
     limit 500`,
    [now, USERFLOW_LIMITS.realtimeDebounceMs / 1000, USERFLOW_LIMITS.realtimePollMs / 1000],
  );
  let queued = 0;
  for (const due of rows) {
    const scope = forJob(ctx, due.companyId);
    if (due.mode === 'scheduled') {
      const next = due.pattern && due.timeZone ? nextRunAfter(due.pattern, due.timeZone, now) : null;
      await scope.db.query('update userflow_models set next_run_at = $3 where company_id = $1 and id = $2', [
        due.companyId,
        due.id,
        next,
      ]);
      // The first look only sets the next time; a run is due once that time has come.
      if (!due.nextRunAt) continue;
    }
    try {
      await queueRun(scope, due.id, due.mode);
      queued += 1;
    } catch (error) {
      ctx.log.warn({ err: error, modelId: due.id }, 'userflow run not queued');
    }
  }
  return queued;
}
