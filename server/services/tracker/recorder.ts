import type { AppContext } from '../../context.ts';
import { forTenant } from '../scope.ts';
import type { TrackerLiveEvent } from '../../../shared/realtime-events.ts';
import type { TrackerHit } from './ingest.ts';
import { LIVE_EVENTS, writeCompany } from './visits.ts';

/** The most hits one write takes; more wait for the next write, which starts as soon as this one commits. */
const MAX_BATCH = 5_000;
/** Hits kept while the database is slower than the ingest; past this, new hits are dropped (and logged). */
const MAX_BUFFERED = 200_000;
/** `tracker.events` goes out at most this often per site: a busy site must not cost a realtime message per write. */
export const LIVE_THROTTLE_MS = 1_000;

/** A request's hits waiting for a write; `settle` is told whether they were committed (the ingest may wait for it). */
interface Pending {
  hits: TrackerHit[];
  settle?: (written: boolean) => void;
}

/** One writer: its queue of requests and the write it runs (one at a time). */
interface Lane {
  queue: Pending[];
  /** Hits in queue. */
  queued: number;
  /** Some hits in queue wait for their commit: write at once rather than after flushMs. */
  awaited: boolean;
  timer: NodeJS.Timeout | undefined;
  writing: Promise<void> | undefined;
}

/**
 * Writers working at once, each on its own connection. A visitor's requests always go to the same writer (by a hash
 * of site and visitor), so its events and visit state are written in order; while one writer waits on PostgreSQL (a
 * commit's round trips and flush), the others write, which is what the ingest waits for when it answers after the
 * commit.
 */
const LANES = 4;

/** FNV-1a of a visitor's key, for its writer. */
function laneOf(hit: TrackerHit): number {
  const key = `${hit.siteId}:${hit.visitorId}`;
  let h = 0x811c9dc5;
  for (let i = 0; i < key.length; i++) h = Math.imul(h ^ key.charCodeAt(i), 0x01000193);
  return (h >>> 0) % LANES;
}

export class TrackerRecorder {
  readonly #ctx: AppContext;
  readonly #flushMs: number;
  readonly #maxRows: number;
  readonly #lanes: Lane[] = Array.from({ length: LANES }, () => ({
    queue: [],
    queued: 0,
    awaited: false,
    timer: undefined,
    writing: undefined,
  }));
  #dropped = 0;
  readonly #live = new Map<string, { events: TrackerLiveEvent[]; timer?: NodeJS.Timeout; last: number }>();

  constructor(ctx: AppContext, options: { flushMs?: number; maxRows?: number } = {}) {
    this.#ctx = ctx;
    this.#flushMs = options.flushMs ?? 50;
    this.#maxRows = options.maxRows ?? 1_000;
  }

  /** Buffers one request's hits (of one visitor) for the next write; false when the buffer is full (dropped). */
  record(hits: TrackerHit[]): boolean {
    return this.#push({ hits });
  }

  /**
   * Buffers one request's hits for the next write and resolves when that write has committed them (true) or failed
   * (false). Requests arriving while a write runs share the next one (group commit), so waiting costs each request the
   * time of about two writes, not a transaction of its own.
   */
  recordWritten(hits: TrackerHit[]): Promise<boolean> {
    return new Promise((resolve) => {
      if (!this.#push({ hits, settle: resolve })) resolve(false);
    });
  }

  #push(pending: Pending): boolean {
    if (!pending.hits.length) {
      pending.settle?.(true);
      return true;
    }
    const lane = this.#lanes[laneOf(pending.hits[0]!)]!;
    if (lane.queued + pending.hits.length > MAX_BUFFERED / LANES) {
      if (this.#dropped++ % 1_000 === 0) this.#ctx.log.error({ dropped: this.#dropped }, 'tracker buffer full');
      return false;
    }
    lane.queue.push(pending);
    lane.queued += pending.hits.length;
    if (pending.settle) lane.awaited = true;
    this.#schedule(lane);
    return true;
  }

  #schedule(lane: Lane): void {
    if (lane.writing || !lane.queue.length) return;
    if (lane.awaited || lane.queued >= this.#maxRows) void this.#drain(lane);
    else lane.timer ??= setTimeout(() => void this.#drain(lane), this.#flushMs);
  }

  #drain(lane: Lane): Promise<void> {
    if (lane.timer) clearTimeout(lane.timer);
    lane.timer = undefined;
    if (!lane.writing && lane.queue.length) lane.writing = this.#loop(lane);
    return lane.writing ?? Promise.resolve();
  }

  async #loop(lane: Lane): Promise<void> {
    // The next turn of the event loop, so the requests that arrived together share the write.
    await new Promise((resolve) => setImmediate(resolve));
    try {
      while (lane.queue.length) {
        // Whole requests, up to MAX_BATCH hits (a request's hits are never split between writes).
        let taken = 0;
        let rows = 0;
        while (taken < lane.queue.length && (taken === 0 || rows + lane.queue[taken]!.hits.length <= MAX_BATCH))
          rows += lane.queue[taken++]!.hits.length;
        const batch = lane.queue.splice(0, taken);
        lane.queued -= rows;
        lane.awaited = lane.queue.some((p) => p.settle);
        await this.#write(batch);
      }
    } finally {
      lane.writing = undefined;
    }
  }

  /** Writes what is buffered now; resolves when it is committed. */
  async flush(): Promise<void> {
    await Promise.all(
      this.#lanes.map(async (lane) => {
        while (lane.writing || lane.queue.length) await (lane.writing ?? this.#drain(lane));
      }),
    );
  }

  /** Writes what is buffered and sends the live events still held back by the throttle. */
  async close(): Promise<void> {
    await this.flush();
    for (const [k, entry] of this.#live) {
      if (!entry.timer) continue;
      clearTimeout(entry.timer);
      this.#emitLive(k, entry);
    }
    this.#live.clear();
  }

  /** Queues a site's new events for the live list; they go out at most once per LIVE_THROTTLE_MS per site. */
  #queueLive(companyId: string, siteId: number, events: TrackerLiveEvent[]): void {
    const k = `${companyId}/${siteId}`;
    const entry = this.#live.get(k) ?? { events: [], last: 0 };
    this.#live.set(k, entry);
    entry.events = [...entry.events, ...events].slice(-LIVE_EVENTS);
    if (entry.timer) return;
    const wait = Math.max(0, entry.last + LIVE_THROTTLE_MS - Date.now());
    entry.timer = setTimeout(() => this.#emitLive(k, entry), wait);
  }

  #emitLive(k: string, entry: { events: TrackerLiveEvent[]; timer?: NodeJS.Timeout; last: number }): void {
    const [companyId, siteId] = k.split('/');
    const events = entry.events;
    entry.events = [];
    entry.timer = undefined;
    entry.last = Date.now();
    if (events.length) this.#ctx.realtime.toCompany(companyId!, 'tracker.events', { siteId: Number(siteId), events });
  }

  async #write(batch: Pending[]): Promise<void> {
    const byCompany = new Map<string, Pending[]>();
    for (const pending of batch) {
      const companyId = pending.hits[0]!.companyId;
      const list = byCompany.get(companyId);
      if (list) list.push(pending);
      else byCompany.set(companyId, [pending]);
    }
    for (const [companyId, pendings] of byCompany) {
      const companyHits = pendings.flatMap((p) => p.hits);
      let written = false;
      try {
        const scope = forTenant(this.#ctx, { companyId, userId: null });
        // Not waiting for the disk flush: the events are safe from a crash of this process once PostgreSQL has the
        // commit (a crash of PostgreSQL's host may lose its last 600 ms, docs/configuration.md, TRACKER_ACK).
        const result = await scope.db.transaction((db) => writeCompany(db, companyId, companyHits), {
          synchronousCommit: false,
        });
        written = true;
        for (const [siteId, events] of result.live) this.#queueLive(companyId, siteId, events);
        for (const contactId of result.contacts) {
          this.#ctx.realtime.toCompany(companyId, 'contact.timeline', { contactId });
        }
      } catch (error) {
        // Not retried: a retry loop against a failing database would only grow the buffer. A request that waits for
        // its write is answered 500; one answered before its write is lost (and logged).
        this.#ctx.log.error({ err: error, hits: companyHits.length }, 'tracker events not recorded');
      }
      for (const pending of pendings) pending.settle?.(written);
    }
  }
}
