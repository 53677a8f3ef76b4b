import type { AppContext } from '../../context.ts';
import { TRACKER_LIMITS } from '../../../shared/tracker.ts';
import { siteLookup, type TrackerHit } from './ingest.ts';
import { SiteRateLimiter } from './rateLimit.ts';
import { TrackerRecorder } from './recorder.ts';

/** The ingest's per-process parts: the site cache, the rate limiter and the recorder, one set per application. */
export interface TrackerRuntime {
  site: ReturnType<typeof siteLookup>;
  limiter: SiteRateLimiter;
  recorder: TrackerRecorder;
  /**
   * Stores one accepted request's hits before its 204, as TRACKER_ACK says: `buffered` resolves at once, `written`
   * once they are committed (and throws when their write failed: the request is answered 500).
   */
  store(hits: TrackerHit[]): Promise<void>;
}

const runtimes = new WeakMap<AppContext, TrackerRuntime>();

/** The tracker's runtime of an application (built on first use; `closeTrackerRuntime` writes what is buffered). */
export function trackerRuntime(ctx: AppContext): TrackerRuntime {
  let runtime = runtimes.get(ctx);
  if (!runtime) {
    const recorder = new TrackerRecorder(ctx);
    const written = ctx.config.trackerAck === 'written';
    runtime = {
      site: siteLookup(ctx.pool),
      limiter: new SiteRateLimiter(ctx.pool, TRACKER_LIMITS.rateLimitPerWindow, TRACKER_LIMITS.rateLimitWindowMs),
      recorder,
      async store(hits) {
        if (!written) recorder.record(hits);
        else if (!(await recorder.recordWritten(hits))) throw new Error('tracker events not recorded');
      },
    };
    runtimes.set(ctx, runtime);
  }
  return runtime;
}

export async function closeTrackerRuntime(ctx: AppContext): Promise<void> {
  const runtime = runtimes.get(ctx);
  if (!runtime) return;
  runtime.limiter.close();
  await runtime.recorder.close();
}
