import type { Pool } from '../../db/pool.ts';

/** How often this node adds its hits to the shared counters. */
const SYNC_MS = 100;

interface Counter {
  /** Hits on all nodes in the current window, as of the last sync (this node's included). */
  shared: number;
  /** Hits on this node not yet added to the shared counter. */
  pending: number;
  /** Hits on this node being added right now. */
  inFlight: number;
  windowEndsAt: number;
}

/**
 * Requests per site key, counted on all nodes in the platform's rate-limit store (the `rate_limit_hits` table that
 * @fastify/rate-limit's PostgreSQL store uses, server/http/rateLimitStore.ts, with the same window rule). The store
 * takes one statement per request, which would cost the ingest more than the rest of its work: this counts hits in
 * memory and adds them to the shared row every SYNC_MS in one statement per key, so the limit holds across nodes to
 * within what the nodes take in SYNC_MS. A database that does not answer lets requests through, as the store does.
 */
export class SiteRateLimiter {
  readonly #pool: Pool;
  readonly #max: number;
  readonly #windowMs: number;
  readonly #counters = new Map<string, Counter>();
  #timer: NodeJS.Timeout | undefined;
  #syncing: Promise<void> | undefined;
  #next: Promise<void> | undefined;

  constructor(pool: Pool, max: number, windowMs: number) {
    this.#pool = pool;
    this.#max = max;
    this.#windowMs = windowMs;
  }

  /** Takes one hit for `key`; answers the seconds to wait when the limit is reached (the hit is then not counted). */
  hit(key: string): number | null {
    const now = Date.now();
    let counter = this.#counters.get(key);
    if (!counter || counter.windowEndsAt <= now) {
      counter = {
        shared: 0,
        pending: counter?.pending ?? 0,
        inFlight: counter?.inFlight ?? 0,
        windowEndsAt: now + this.#windowMs,
      };
      this.#counters.set(key, counter);
    }
    if (counter.shared + counter.inFlight + counter.pending >= this.#max)
      return Math.max(1, Math.ceil((counter.windowEndsAt - now) / 1000));
    counter.pending += 1;
    this.#timer ??= setTimeout(() => void this.sync(), SYNC_MS);
    return null;
  }

  /** Adds the pending hits to the shared counters and reads them back (and the time left in each window). */
  sync(): Promise<void> {
    if (this.#timer) clearTimeout(this.#timer);
    this.#timer = undefined;
    // A sync under way holds the hits pending when it started, not those since: they go in the next one, after it.
    if (this.#syncing) {
      this.#next ??= this.#syncing.then(() => {
        this.#next = undefined;
        return this.sync();
      });
      return this.#next;
    }
    this.#syncing = this.#sync().finally(() => (this.#syncing = undefined));
    return this.#syncing;
  }

  async #sync(): Promise<void> {
    const batch = [...this.#counters].filter(([, c]) => c.pending > 0);
    if (!batch.length) return;
    const taken = batch.map(([, c]) => c.pending);
    for (const [, c] of batch) {
      c.inFlight += c.pending;
      c.pending = 0;
    }
    const keys = batch.map(([k]) => `tracker|${k}`);
    try {
      const { rows } = await this.#pool.query<{ key: string; hits: number; ttl: number }>(
        `insert into rate_limit_hits as h (key, hits, window_started_at)
         select k, n, clock_timestamp() from unnest($1::text[], $2::int[]) as v(k, n)
         on conflict (key) do update set
           hits = case when h.window_started_at + make_interval(secs => $3 / 1000.0) <= clock_timestamp()
                       then excluded.hits else h.hits + excluded.hits end,
           window_started_at = case when h.window_started_at + make_interval(secs => $3 / 1000.0) <= clock_timestamp()
                       then clock_timestamp() else h.window_started_at end
         returning key, hits, greatest(0, ceil(extract(epoch from
           h.window_started_at + make_interval(secs => $3 / 1000.0) - clock_timestamp()) * 1000))::int as ttl`,
        [keys, taken, this.#windowMs],
      );
      const now = Date.now();
      for (const row of rows) {
        const counter = this.#counters.get(row.key.slice('tracker|'.length));
        if (!counter) continue;
        counter.shared = row.hits;
        counter.windowEndsAt = now + row.ttl;
      }
    } catch {
      // Not added to the shared counter: this node still counts them until its window ends.
      batch.forEach(([, c], i) => (c.shared += taken[i]!));
    } finally {
      batch.forEach(([, c], i) => (c.inFlight -= taken[i]!));
    }
    if ([...this.#counters.values()].some((c) => c.pending > 0))
      this.#timer ??= setTimeout(() => void this.sync(), SYNC_MS);
    // Forget keys whose window has ended, so the map holds only active sites.
    const now = Date.now();
    for (const [k, c] of this.#counters)
      if (c.windowEndsAt <= now && c.pending === 0 && c.inFlight === 0) this.#counters.delete(k);
  }

  close(): void {
    if (this.#timer) clearTimeout(this.#timer);
    this.#timer = undefined;
  }
}
