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

export class TrackerRecorder {
  readonly #ctx: AppContext;
  readonly #flushMs: number;
  readonly #maxRows: number;
  #buffer: TrackerHit[] = [];
  #timer: NodeJS.Timeout | undefined;
  #writing: Promise<void> | undefined;
  #dropped = 0;
  readonly #live = new Map<string, { events: TrackerLiveEvent[]; timer?: NodeJS.Timeout; last: number }>();

  constructor(ctx: AppContext, options: { flushMs?: number; maxRows?: number } = {}) {
    this.#ctx = ctx;
    this.#flushMs = options.flushMs ?? 50;
    this.#maxRows = options.maxRows ?? 1_000;
  }

  record(hits: TrackerHit[]): void {
    if (this.#buffer.length + hits.length > MAX_BUFFERED) {
      if (this.#dropped++ % 1_000 === 0) this.#ctx.log.error({ dropped: this.#dropped }, 'tracker buffer full');
      return;
    }
    for (const hit of hits) this.#buffer.push(hit);
    this.#schedule();
  }

  #schedule(): void {
    if (this.#writing || !this.#buffer.length) return;
    if (this.#buffer.length >= this.#maxRows) void this.#drain();
    else this.#timer ??= setTimeout(() => void this.#drain(), this.#flushMs);
  }

  #drain(): Promise<void> {
    if (this.#timer) clearTimeout(this.#timer);
    this.#timer = undefined;
    if (!this.#writing && this.#buffer.length) this.#writing = this.#loop();
    return this.#writing ?? Promise.resolve();
  }

  async #loop(): Promise<void> {
    await Promise.resolve();
    try {
      while (this.#buffer.length) await this.#write(this.#buffer.splice(0, MAX_BATCH));
    } finally {
      this.#writing = undefined;
    }
  }

  /** Writes what is buffered now; resolves when it is committed. */
  async flush(): Promise<void> {
    while (this.#writing || this.#buffer.length) await (this.#writing ?? this.#drain());
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

  async #write(hits: TrackerHit[]): Promise<void> {
    const byCompany = new Map<string, TrackerHit[]>();
    for (const hit of hits) {
      const list = byCompany.get(hit.companyId);
      if (list) list.push(hit);
      else byCompany.set(hit.companyId, [hit]);
    }
    for (const [companyId, companyHits] of byCompany) {
      try {
        const scope = forTenant(this.#ctx, { companyId, userId: null });
        const written = await scope.db.transaction((db) => writeCompany(db, companyId, companyHits));
        for (const [siteId, events] of written.live) this.#queueLive(companyId, siteId, events);
        for (const contactId of written.contacts) {
          this.#ctx.realtime.toCompany(companyId, 'contact.timeline', { contactId });
        }
      } catch (error) {
        // Lost, not retried: the page was answered long ago, and a retry loop against a failing database would only
        // grow the buffer.
        this.#ctx.log.error({ err: error, hits: companyHits.length }, 'tracker events not recorded');
      }
    }
  }
}
