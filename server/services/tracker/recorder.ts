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

export class TrackerRecorder {
  readonly #ctx: AppContext;
  readonly #flushMs: number;
  readonly #maxRows: number;
  #queue: Pending[] = [];
  /** Hits in #queue. */
  #queued = 0;
  /** Some hits in #queue wait for their commit: write at once rather than after flushMs. */
  #awaited = false;
  #timer: NodeJS.Timeout | undefined;
  #writing: Promise<void> | undefined;
  #dropped = 0;
  readonly #live = new Map<string, { events: TrackerLiveEvent[]; timer?: NodeJS.Timeout; last: number }>();

  constructor(ctx: AppContext, options: { flushMs?: number; maxRows?: number } = {}) {
    this.#ctx = ctx;
    this.#flushMs = options.flushMs ?? 50;
    this.#maxRows = options.maxRows ?? 1_000;
  }

  /** Buffers one request's hits (of one company) for the next write; false when the buffer is full (dropped). */
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
    if (this.#queued + pending.hits.length > MAX_BUFFERED) {
      if (this.#dropped++ % 1_000 === 0) this.#ctx.log.error({ dropped: this.#dropped }, 'tracker buffer full');
      return false;
    }
    this.#queue.push(pending);
    this.#queued += pending.hits.length;
    if (pending.settle) this.#awaited = true;
    this.#schedule();
    return true;
  }

  #schedule(): void {
    if (this.#writing || !this.#queue.length) return;
    if (this.#awaited || this.#queued >= this.#maxRows) {
      // Still on the next turn of the event loop, so the requests that arrived together share the write.
      if (this.#timer) clearTimeout(this.#timer);
      this.#timer = undefined;
      this.#writing = this.#loop();
    } else this.#timer ??= setTimeout(() => void this.#drain(), this.#flushMs);
  }

  #drain(): Promise<void> {
    if (this.#timer) clearTimeout(this.#timer);
    this.#timer = undefined;
    if (!this.#writing && this.#queue.length) this.#writing = this.#loop();
    return this.#writing ?? Promise.resolve();
  }

  async #loop(): Promise<void> {
    await new Promise((resolve) => setImmediate(resolve));
    try {
      while (this.#queue.length) {
        // Whole requests, up to MAX_BATCH hits (a request's hits are never split between writes).
        let taken = 0;
        let rows = 0;
        while (taken < this.#queue.length && (taken === 0 || rows + this.#queue[taken]!.hits.length <= MAX_BATCH))
          rows += this.#queue[taken++]!.hits.length;
        const batch = this.#queue.splice(0, taken);
        this.#queued -= rows;
        this.#awaited = this.#queue.some((p) => p.settle);
        await this.#write(batch);
      }
    } finally {
      this.#writing = undefined;
    }
  }

  /** Writes what is buffered now; resolves when it is committed. */
  async flush(): Promise<void> {
    while (this.#writing || this.#queue.length) await (this.#writing ?? this.#drain());
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
        const result = await scope.db.transaction((db) => writeCompany(db, companyId, companyHits));
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
