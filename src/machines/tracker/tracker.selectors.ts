import type { SnapshotFrom } from 'xstate';
import type { TrackerEvent, trackerMachine } from './tracker.machine.ts';

type Snapshot = SnapshotFrom<typeof trackerMachine>;

const SAVE: TrackerEvent = { type: 'settings.save' };
const CREATE: TrackerEvent = { type: 'site.create' };

/** Narrow selectors for `useSelector`; each returns a value that keeps its identity until it changes. */
export const selectStep = (s: Snapshot) =>
  s.matches('loading')
    ? 'loading'
    : s.matches('loadFailed')
      ? 'loadFailed'
      : s.matches('empty') || s.matches('creating')
        ? 'empty'
        : 'ready';
export const selectSite = (s: Snapshot) => s.context.site;
export const selectDraft = (s: Snapshot) => s.context.draft;
export const selectEvents = (s: Snapshot) => s.context.events;
export const selectDays = (s: Snapshot) => s.context.days;
export const selectError = (s: Snapshot) => s.context.error;
export const selectFieldErrors = (s: Snapshot) => s.context.fieldErrors;
export const selectBusy = (s: Snapshot) => s.hasTag('busy');
export const selectCanSave = (s: Snapshot) => s.can(SAVE);
export const selectCanCreate = (s: Snapshot) => s.can(CREATE);
