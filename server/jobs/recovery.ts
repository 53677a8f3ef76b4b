import { randomBytes } from 'node:crypto';
import { EventEmitter } from 'node:events';
import pg from 'pg';
import type { WorkerEvents } from 'graphile-worker';
import type { Pool } from '../db/pool.ts';
import type { FastifyBaseLogger } from 'fastify';

export interface RecoveryOptions {
  /** How often this process says its workers are alive. */
  heartbeatMs: number;
  /** A worker unheard of for this long is dead: its locked jobs go back to the queue. */
  staleAfterMs: number;
}

export const DEFAULT_RECOVERY: RecoveryOptions = { heartbeatMs: 5_000, staleAfterMs: 30_000 };

/**
 * Jobs locked by workers that are not alive. A worker is alive while its heartbeat is fresh and the session lock its
 * process holds (migration 015) is still held. It is dead when its process's session lock is gone (the process ended:
 * PostgreSQL closed its session), or when it has been silent for `staleAfterMs` and has held its lock at least that
 * long (a node cut off; a worker that has just started and not yet beaten is never taken for dead).
 */
export async function deadWorkers(pool: Pool, staleAfterMs: number): Promise<string[]> {
  const { rows } = await pool.query<{ locked_by: string }>(
    `with locks as (
       select locked_by, locked_at from graphile_worker._private_jobs where locked_by is not null
       union all
       select locked_by, locked_at from graphile_worker._private_job_queues where locked_by is not null
     ),
     held as (
       select (l.classid::bigint << 32) | l.objid::bigint as session_lock from pg_locks l
        where l.locktype = 'advisory' and l.objsubid = 1 and l.granted
     ),
     beats as (
       select h.worker_id, h.seen_at > now() - make_interval(secs => $1 / 1000.0) as fresh,
              h.session_lock is not null and h.session_lock not in (select session_lock from held) as ended
         from job_worker_heartbeats h
     )
     select distinct l.locked_by from locks l left join beats b on b.worker_id = l.locked_by
      where coalesce(b.ended, false)
         or (not coalesce(b.fresh, false) and l.locked_at < now() - make_interval(secs => $1 / 1000.0))`,
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
 * This process's proof of life: a connection of its own holding a session-level advisory lock on a random key. The
 * key is written with each heartbeat; when the process dies, PostgreSQL ends the session and releases the lock.
 * A connection lost while the process lives is opened again (with a new key) on the next beat.
 */
class SessionLock {
  private client: pg.Client | undefined;
  key: string | undefined;

  constructor(private readonly options: pg.ClientConfig) {}

  async ensure(): Promise<string> {
    if (this.client && this.key) return this.key;
    const client = new pg.Client(this.options);
    client.on('error', () => {
      if (this.client === client) this.client = this.key = undefined;
    });
    await client.connect();
    // Below 2^62, so the key read back from pg_locks as (classid << 32) | objid is the same positive bigint.
    const key = (randomBytes(8).readBigUInt64BE() >> 2n).toString();
    await client.query('select pg_advisory_lock($1::bigint)', [key]);
    this.client = client;
    this.key = key;
    return key;
  }

  async close(): Promise<void> {
    const client = this.client;
    this.client = this.key = undefined;
    await client?.end().catch(() => undefined);
  }
}

/**
 * Keeps this runner's workers' heartbeats and, on the same beat, reclaims the jobs of workers that died (in this
 * process's previous life or on another node). Runs once at start, so a restart after a crash resumes at once: the
 * dead process's session lock is gone, so its workers are dead however recent their last heartbeat. `ready` is that
 * first beat: the runner starts after it, so its first look for jobs already sees them.
 */
export function watchWorkers(
  pool: Pool,
  log: FastifyBaseLogger,
  options: RecoveryOptions = DEFAULT_RECOVERY,
): { events: WorkerEvents; ready: Promise<void>; stop(): Promise<void> } {
  const alive = new Set<string>();
  const session = new SessionLock(pool.options);
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
          const key = await session.ensure();
          await pool.query(
            `insert into job_worker_heartbeats (worker_id, seen_at, session_lock)
             select unnest($1::text[]), now(), $2::bigint
             on conflict (worker_id) do update set seen_at = excluded.seen_at, session_lock = excluded.session_lock`,
            [[...alive], key],
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
  return {
    events,
    ready: beat(),
    async stop() {
      clearInterval(timer);
      await running;
      await session.close();
    },
  };
}
