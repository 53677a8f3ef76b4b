import type { Task } from 'graphile-worker';
import type { AppContext } from '../context.ts';
import { maintainTrackerPartitions } from '../services/tracker/partitions.ts';

/** Daily: the tracker's monthly partitions ahead, and its retention (services/tracker/partitions.ts). */
export function maintainTrackerPartitionsTask(ctx: AppContext): Task {
  return async () => {
    const done = await maintainTrackerPartitions(ctx.pool);
    if (done.created.length || done.dropped.length || done.deleted || done.visitorsForgotten)
      ctx.log.info(done, 'tracker partitions maintained');
  };
}
