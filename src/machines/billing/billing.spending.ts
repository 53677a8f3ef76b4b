import { BILLING_CHANNELS } from '../../../shared/billing.ts';
import type { DaySpending, LedgerEntry } from './billing.types.ts';

/** The first instant of `now`'s calendar month in UTC (the month the plan's sends count, shared/billing.ts). */
export const monthStart = (now: Date) => new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), 1));

/**
 * Credits spent per day of `now`'s month (UTC), one row per day up to today with every channel: debits only (negative
 * amounts), as positive numbers; credits and other months are left out.
 */
export function spendingByDay(entries: readonly LedgerEntry[], now: Date): DaySpending[] {
  const start = monthStart(now);
  const days: DaySpending[] = [];
  for (let d = 1; d <= now.getUTCDate(); d++) {
    const day = new Date(Date.UTC(start.getUTCFullYear(), start.getUTCMonth(), d)).toISOString().slice(0, 10);
    days.push({
      day,
      ...(Object.fromEntries(BILLING_CHANNELS.map((c) => [c, 0])) as Record<string, number>),
    } as DaySpending);
  }
  for (const entry of entries) {
    const at = new Date(entry.createdAt);
    if (entry.amount >= 0 || at < start || at > now) continue;
    const row = days[at.getUTCDate() - 1];
    if (row) row[entry.channel] += -entry.amount;
  }
  return days;
}
