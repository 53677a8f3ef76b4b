import type { SnapshotFrom } from 'xstate';
import { PERIOD_FIELDS, type Field, type Period, type ScheduleError, type Selections } from '../../../shared/cron';
import type { scheduleEditorMachine } from './scheduleEditor.machine';

type Snapshot = SnapshotFrom<typeof scheduleEditorMachine>;

/** Narrow selectors for `useSelector`; each returns a value that keeps its identity until it changes. */
export const selectPattern = (snapshot: Snapshot): string => snapshot.context.pattern;
export const selectPeriod = (snapshot: Snapshot): Period => snapshot.context.period;
export const selectSelections = (snapshot: Snapshot): Selections => snapshot.context.selections;
export const selectError = (snapshot: Snapshot): ScheduleError | null => snapshot.context.error;
export const selectIsCleared = (snapshot: Snapshot): boolean => snapshot.matches('cleared');
export const selectExposedFields = (snapshot: Snapshot): readonly Field[] => PERIOD_FIELDS[snapshot.context.period];
