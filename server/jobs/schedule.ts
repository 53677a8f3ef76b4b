import { isValidPattern, nextRuns } from '../../shared/cron.ts';

/**
 * Next-run computation shared by the schedule editor (its preview) and every server scheduler (digests now; recurring
 * messages and model runs later): one helper, so what the user previews is what runs.
 */
export function nextRunAfter(pattern: string, timeZone: string, from: Date = new Date()): Date | null {
  return nextRuns(pattern, 1, timeZone, from)[0] ?? null;
}

export { isValidPattern, nextRuns };

export function isTimeZone(name: string): boolean {
  try {
    new Intl.DateTimeFormat('en', { timeZone: name });
    return true;
  } catch {
    return false;
  }
}
