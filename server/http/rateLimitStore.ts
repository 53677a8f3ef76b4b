import type { Pool } from '../db/pool.ts';

type Callback = (error: Error | null, result?: { current: number; ttl: number }) => void;
interface RouteParams {
  routeInfo?: { method?: string | string[]; url?: string };
}

/** One in this many increments also deletes counters whose window ended an hour ago or more. */
const SWEEP_EVERY = 1000;

/**
 * A store for @fastify/rate-limit kept in PostgreSQL (migration 025), so every API node counts the same hits: the
 * plugin's own in-memory store counts per node, which lets a client behind a round-robin proxy make N times the limit
 * with N nodes. One statement per request takes the hit and answers the count and the time left in the window; a
 * window that has ended starts again at 1. Each route (`child`) counts apart, as the in-memory store does.
 */
export function postgresRateLimitStore(pool: Pool) {
  let increments = 0;
  return class PostgresRateLimitStore {
    private readonly route: string;

    /** The plugin builds the root store with its options, and a route's store through `child` with the route. */
    constructor(route?: unknown) {
      this.route = typeof route === 'string' ? route : '';
    }

    incr(key: string, callback: Callback, timeWindow: number): void {
      increments += 1;
      if (increments % SWEEP_EVERY === 0) {
        void pool
          .query(`delete from rate_limit_hits where window_started_at < now() - interval '1 hour'`)
          .catch(() => undefined);
      }
      pool
        .query<{ hits: number; ttl: number }>(
          `insert into rate_limit_hits as h (key, hits, window_started_at) values ($1, 1, clock_timestamp())
           on conflict (key) do update set
             hits = case when h.window_started_at + make_interval(secs => $2 / 1000.0) <= clock_timestamp()
                         then 1 else h.hits + 1 end,
             window_started_at = case when h.window_started_at + make_interval(secs => $2 / 1000.0) <= clock_timestamp()
                         then clock_timestamp() else h.window_started_at end
           returning hits, greatest(0, ceil(extract(epoch from
             h.window_started_at + make_interval(secs => $2 / 1000.0) - clock_timestamp()) * 1000))::int as ttl`,
          [`${this.route}|${key}`, timeWindow],
        )
        .then(
          ({ rows }) => callback(null, { current: rows[0]!.hits, ttl: rows[0]!.ttl }),
          (error: Error) => callback(error),
        );
    }

    read(key: string, callback: Callback, timeWindow: number): void {
      pool
        .query<{ hits: number; ttl: number }>(
          `select hits, greatest(0, ceil(extract(epoch from
             window_started_at + make_interval(secs => $2 / 1000.0) - clock_timestamp()) * 1000))::int as ttl
             from rate_limit_hits
            where key = $1 and window_started_at + make_interval(secs => $2 / 1000.0) > clock_timestamp()`,
          [`${this.route}|${key}`, timeWindow],
        )
        .then(
          ({ rows }) => callback(null, rows[0] ? { current: rows[0].hits, ttl: rows[0].ttl } : { current: 0, ttl: 0 }),
          (error: Error) => callback(error),
        );
    }

    /** Called with the route's merged limit options; the route itself is under `routeInfo` (the plugin's runtime). */
    child(params: object): PostgresRateLimitStore {
      const { method, url } = (params as RouteParams).routeInfo ?? {};
      return new PostgresRateLimitStore(`${[method].flat().join(',')} ${url ?? ''}`);
    }
  };
}
