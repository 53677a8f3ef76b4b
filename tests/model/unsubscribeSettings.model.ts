import type { AnyMachineSnapshot, OutputFrom } from 'xstate';
import type * as unsubscribeSettingsActors from '../../src/machines/unsubscribeSettings/unsubscribeSettings.actors.ts';
import {
  unsubscribeSettingsMachine,
  type SaveOutcome,
  type UnsubscribeSettingsEvent,
} from '../../src/machines/unsubscribeSettings/unsubscribeSettings.machine.ts';
import { DEFAULT_UNSUBSCRIBE_SETTINGS } from '../../shared/unsubscribe.ts';
import { done, failed, type MachineModel, type ModelEvent } from './graph.ts';

const stored = DEFAULT_UNSUBSCRIBE_SETTINGS;
const customised = { ...stored, offerLists: true, colours: { ...stored.colours, button: '#aa0011' } };

export const unsubscribeSettingsEventFixtures = {
  'settings.retry': [{ type: 'settings.retry' }],
  'language.select': [
    { type: 'language.select', language: 'it' },
    { type: 'language.select', language: 'en' },
  ],
  'text.change': [{ type: 'text.change', language: 'it', field: 'title', value: 'Arrivederci' }],
  'colour.change': [{ type: 'colour.change', field: 'button', value: '#aa0011' }],
  'lists.toggle': [
    { type: 'lists.toggle', enabled: true },
    { type: 'lists.toggle', enabled: false },
  ],
  'settings.save': [{ type: 'settings.save' }],
  'settings.discard': [{ type: 'settings.discard' }],
} satisfies { [K in UnsubscribeSettingsEvent['type']]: Array<Extract<UnsubscribeSettingsEvent, { type: K }>> };

export const unsubscribeSettingsOutputFixtures = {
  loadSettings: { stored },
  saveSettings: {
    saved: { kind: 'saved', settings: customised },
    rejected: { kind: 'rejected', errors: { 'colours.button': 'must match pattern "^#[0-9a-fA-F]{6}$"' } },
  } satisfies { [K in SaveOutcome['kind']]: Extract<SaveOutcome, { kind: K }> },
} satisfies {
  [K in keyof typeof unsubscribeSettingsActors]: Record<string, OutputFrom<(typeof unsubscribeSettingsActors)[K]>>;
};

const o = unsubscribeSettingsOutputFixtures;
const e = unsubscribeSettingsEventFixtures;

export const unsubscribeSettingsModel: MachineModel<undefined> = {
  name: 'unsubscribeSettings',
  machine: unsubscribeSettingsMachine,
  inputs: { none: undefined },
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
      name: 'an edit undone by hand makes the draft pristine again',
      input: 'none',
      events: [
        done('loadSettings', o.loadSettings.stored, 'stored'),
        e['lists.toggle'][0],
        e['lists.toggle'][1],
      ] as ModelEvent[],
    },
  ],
  serializeState: (s: AnyMachineSnapshot) =>
    JSON.stringify({
      value: s.value,
      error: s.context.error,
      language: s.context.language,
      draft: s.context.draft,
      fieldErrors: Object.keys(s.context.fieldErrors as object),
    }),
  limit: 2_000,
};
