import { EventEmitter } from 'node:events';
import type { WorkerEvents } from 'graphile-worker';
import type { Pool } from '../db/pool.ts';
import type { FastifyBaseLogger } from 'fastify';

export interface RecoveryOptions {
  /** How often this process says its workers are alive. */
  heartbeatMs: number;
  /** A worker unheard of for this long is dead: its locked jobs go back to the queue. */
  staleAfterMs: number;
}

export const DEFAULT_RECOVERY: RecoveryOptions = { heartbeatMs: 15_000, staleAfterMs: 60_000 };

/**
 * Jobs locked by workers that are not alive: no heartbeat within `staleAfterMs` and locked for at least that long
 * (a worker that has just started and not yet beaten is never taken for dead).
 */
export async function deadWorkers(pool: Pool, staleAfterMs: number): Promise<string[]> {
  const { rows } = await pool.query<{ locked_by: string }>(
    `select distinct locked_by from (
       select locked_by, locked_at from graphile_worker._private_jobs where locked_by is not null
       union all
       select locked_by, locked_at from graphile_worker._private_job_queues where locked_by is not null
     ) locks
     where locked_at < now() - make_interval(secs => $1 / 1000.0)
       and not exists (
         select 1 from job_worker_heartbeats h
         where h.worker_id = locks.locked_by and h.seen_at > now() - make_interval(secs => $1 / 1000.0)
       )`,
    [staleAfterMs],
  );
  return rows.map((r) => r.locked_by);
}

/** Unlocks the jobs of dead workers; returns the workers whose jobs were handed back. */
export async function reclaimDeadWorkers(pool: Pool, staleAfterMs: number): Promise<string[]> {
  const dead = await deadWorkers(pool, staleAfterMs);
  if (dead.length > 0) await pool.query('select graphile_worker.force_unlock_workers($1::text[])', [dead]);
  return dead;
}

/**
 * Keeps this runner's workers' heartbeats and, on the same beat, reclaims the jobs of workers that died (in this
 * process's previous life or on another node). Runs once at start, so a restart after a crash resumes at once.
 */
export function watchWorkers(pool: Pool, log: FastifyBaseLogger, options: RecoveryOptions = DEFAULT_RECOVERY): { events: WorkerEvents; stop(): Promise<void> } {
  const alive = new Set<string>();
  // Given to graphile-worker's run(), so the first workers' creation is seen too.
  const events: WorkerEvents = new EventEmitter();
  events.on('worker:create', ({ worker }) => {
    alive.add(worker.workerId);
    void beat();
  });
  events.on('worker:stop', ({ worker }) => {
    alive.delete(worker.workerId);
    void pool.query('delete from job_worker_heartbeats where worker_id = $1', [worker.workerId]).catch(() => undefined);
  });

  let running: Promise<void> = Promise.resolve();
  const beat = (): Promise<void> =>
    (running = running.then(async () => {
      try {
        if (alive.size > 0) {
          await pool.query(
            `insert into job_worker_heartbeats (worker_id, seen_at) select unnest($1::text[]), now()
             on conflict (worker_id) do update set seen_at = excluded.seen_at`,
            [[...alive]],
          );
        }
        await pool.query(`delete from job_worker_heartbeats where seen_at < now() - interval '1 day'`);
        const dead = await reclaimDeadWorkers(pool, options.staleAfterMs);
        if (dead.length > 0) log.warn({ workers: dead }, 'jobs of stopped workers returned to the queue');
      } catch (error) {
        log.warn({ err: error }, 'job worker heartbeat failed');
      }
    }));

  const timer = setInterval(() => void beat(), options.heartbeatMs);
  timer.unref();
  void beat();
  return {
    events,
    async stop() {
      clearInterval(timer);
      await running;
    },
  };
}
