import type { AnyMachineSnapshot, OutputFrom } from 'xstate';
import type * as notificationSettingsActors from '../../src/machines/notificationSettings/notificationSettings.actors.ts';
import {
  notificationSettingsMachine,
  type NotificationSettings,
  type NotificationSettingsEvent,
  type NotificationSettingsInputs,
  type SaveOutcome,
} from '../../src/machines/notificationSettings/notificationSettings.machine.ts';
import { done, failed, type MachineModel, type ModelEvent } from './graph.ts';

const stored: NotificationSettings = {
  inApp: { imports: true, sends: true, failures: true },
  email: { imports: false, sends: false, failures: true },
  digest: { enabled: false, pattern: '0 8 * * 1', period: 'week', timeZone: 'UTC', lastSentAt: null, nextRuns: [] },
};

const daily: NotificationSettings = {
  ...stored,
  digest: {
    enabled: true,
    pattern: '30 8 * * *',
    period: 'day',
    timeZone: 'UTC',
    lastSentAt: '2025-01-01T08:30:00.000Z',
    nextRuns: [
      '2025-01-02T08:30:00.000Z',
      '2025-01-03T08:30:00.000Z',
      '2025-01-04T08:30:00.000Z',
      '2025-01-05T08:30:00.000Z',
      '2025-01-06T08:30:00.000Z',
    ],
  },
};

export const notificationSettingsEventFixtures = {
  'settings.retry': [{ type: 'settings.retry' }],
  'category.toggle': [
    { type: 'category.toggle', channel: 'inApp', category: 'imports', enabled: false },
    { type: 'category.toggle', channel: 'inApp', category: 'imports', enabled: true },
  ],
  'digest.toggle': [{ type: 'digest.toggle', enabled: true }],
  'schedule.changed': [{ type: 'schedule.changed', pattern: '30 8 * * *' }],
  'schedule.rejected': [{ type: 'schedule.rejected', error: 'invalid selection' }],
  'settings.save': [{ type: 'settings.save' }],
  'settings.discard': [{ type: 'settings.discard' }],
} satisfies { [K in NotificationSettingsEvent['type']]: Array<Extract<NotificationSettingsEvent, { type: K }>> };

export const notificationSettingsOutputFixtures = {
  loadSettings: { stored },
  saveSettings: {
    saved: { kind: 'saved', settings: daily },
    rejected: { kind: 'rejected', errors: { 'digest.pattern': 'invalid pattern' } },
  } satisfies { [K in SaveOutcome['kind']]: Extract<SaveOutcome, { kind: K }> },
} satisfies {
  [K in keyof typeof notificationSettingsActors]: Record<string, OutputFrom<(typeof notificationSettingsActors)[K]>>;
};

const o = notificationSettingsOutputFixtures;
const e = notificationSettingsEventFixtures;

export const notificationSettingsModel: MachineModel<NotificationSettingsInputs> = {
  name: 'notificationSettings',
  machine: notificationSettingsMachine,
  // UTC matches the stored zone; Rome makes the loaded draft dirty (saving moves the schedule to the browser's zone).
  inputs: { utc: { timeZone: 'UTC' }, rome: { timeZone: 'Europe/Rome' } },
  events: [
    ...Object.values(e).flat(),
    done('loadSettings', o.loadSettings.stored, 'stored'),
    failed('loadSettings'),
    done('saveSettings', o.saveSettings.saved, 'saved'),
    done('saveSettings', o.saveSettings.rejected, 'rejected'),
    failed('saveSettings'),
  ] as ModelEvent[],
  journeys: [
    {
      name: 'a selection error refuses Save until the editor reports a good pattern',
      input: 'utc',
      events: [
        done('loadSettings', o.loadSettings.stored, 'stored'),
        e['digest.toggle'][0],
        e['schedule.rejected'][0],
        e['schedule.changed'][0],
        e['settings.save'][0],
      ] as ModelEvent[],
    },
  ],
  serializeState: (s: AnyMachineSnapshot) =>
    JSON.stringify({
      value: s.value,
      error: s.context.error,
      patternError: s.context.patternError,
      fieldErrors: Object.keys(s.context.fieldErrors as object),
    }),
};
