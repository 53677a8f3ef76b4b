import type { SnapshotFrom } from 'xstate';
import type { toastsMachine } from './toasts.machine.ts';

type ToastsSnapshot = SnapshotFrom<typeof toastsMachine>;

export const BADGE_MAX = 99;

export const selectToasts = (s: ToastsSnapshot) => s.context.toasts;

/** A counter as shown on a badge: `99+` above 99. */
export function badgeLabel(count: number): string {
  return count > BADGE_MAX ? `${BADGE_MAX}+` : String(count);
}
