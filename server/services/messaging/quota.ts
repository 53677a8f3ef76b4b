import type { Scope } from '../scope.ts';
import type { SendingIdentity } from './sendingIdentity.ts';
import { warmupQuota } from '../../../shared/messaging.ts';
import type { PendingReason } from '../../../shared/sending.ts';

/**
 * A sender's sending windows: its per-minute rate limit and its warm-up plan's daily quota (UTC days, day 0 being the
 * day the plan started). A batch reserves what it may send under the windows' row locks (so concurrent batches of the
 * sender's campaigns share the quota), sends at most that, and gives back what it did not use. A batch that gets less
 * than it wanted waits for the window's end: it is delayed, never failed.
 */
export interface Reservation {
  granted: number;
  /** The window that limited the grant, when it was less than wanted. */
  limitedBy: Extract<PendingReason, 'rate_limit' | 'warmup'> | null;
  /** When the limiting window ends (the batch's next run). */
  retryAt: Date | null;
  windows: { kind: 'minute' | 'day'; start: string }[];
}

export async function reserveSends(scope: Scope, sender: SendingIdentity, wanted: number): Promise<Reservation> {
  const limits: { kind: 'minute' | 'day'; limit: (startedDays: number) => number; reason: Reservation['limitedBy'] }[] =
    [];
  if (sender.ratePerMinute) limits.push({ kind: 'minute', limit: () => sender.ratePerMinute!, reason: 'rate_limit' });
  if (sender.warmup.enabled)
    limits.push({
      kind: 'day',
      limit: (day) => warmupQuota(day, sender.warmup.initial, sender.warmup.increasePct),
      reason: 'warmup',
    });
  if (limits.length === 0 || wanted === 0) return { granted: wanted, limitedBy: null, retryAt: null, windows: [] };
  return scope.db.transaction(async (tx) => {
    let granted = wanted;
    let limitedBy: Reservation['limitedBy'] = null;
    let retryAt: Date | null = null;
    const windows: Reservation['windows'] = [];
    for (const window of limits) {
      // The window's row exists first, then is read under its lock, so concurrent batches queue on it.
      const start = `date_trunc($3, now() at time zone 'UTC') at time zone 'UTC'`;
      await tx.query(
        `insert into sender_send_counts (company_id, sender_id, window_kind, window_start)
         values ($1, $2, $3, ${start}) on conflict do nothing`,
        [scope.companyId, sender.id, window.kind],
      );
      const { rows } = await tx.query<{ start: string; ends: Date; sent: number; day: number }>(
        `select to_json(window_start) #>> '{}' as start, window_start + ('1 ' || $3)::interval as ends, sent,
                greatest(0, (now() at time zone 'UTC')::date
                            - coalesce($4::date, (now() at time zone 'UTC')::date))::int
                  as day
           from sender_send_counts
          where company_id = $1 and sender_id = $2 and window_kind = $3 and window_start = ${start}
            for update`,
        [scope.companyId, sender.id, window.kind, sender.warmup.startedOn],
      );
      const row = rows[0]!;
      const available = Math.max(0, window.limit(row.day) - row.sent);
      if (available < granted) {
        granted = available;
        limitedBy = window.reason;
        retryAt = row.ends;
      }
      windows.push({ kind: window.kind, start: row.start });
    }
    for (const window of windows)
      await tx.query(
        `update sender_send_counts set sent = sent + $5
          where company_id = $1 and sender_id = $2 and window_kind = $3 and window_start = $4::timestamptz`,
        [scope.companyId, sender.id, window.kind, window.start, granted],
      );
    return { granted, limitedBy, retryAt, windows };
  });
}

/** Gives back what a batch reserved and did not send (a pause, a cancel, fewer recipients than reserved). */
export async function releaseSends(scope: Scope, sender: SendingIdentity, reservation: Reservation, unused: number) {
  if (unused <= 0) return;
  for (const window of reservation.windows)
    await scope.db.query(
      `update sender_send_counts set sent = greatest(0, sent - $5)
        where company_id = $1 and sender_id = $2 and window_kind = $3 and window_start = $4::timestamptz`,
      [scope.companyId, sender.id, window.kind, window.start, unused],
    );
}
