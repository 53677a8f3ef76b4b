import { describe, expect, it } from 'vitest';
import { createActor, fromPromise, waitFor } from 'xstate';
import { describeModel } from '../../../tests/model/describeModel.ts';
import {
  unsubscribeSettingsModel,
  unsubscribeSettingsOutputFixtures,
} from '../../../tests/model/unsubscribeSettings.model.ts';
import {
  unsubscribeSettingsMachine,
  type SaveOutcome,
  type UnsubscribeSettings,
} from './unsubscribeSettings.machine.ts';

describeModel(unsubscribeSettingsModel);

const o = unsubscribeSettingsOutputFixtures;

function start(outcomes: SaveOutcome[], sent: UnsubscribeSettings[] = []) {
  return createActor(
    unsubscribeSettingsMachine.provide({
      actors: {
        loadSettings: fromPromise<UnsubscribeSettings>(async () => o.loadSettings.stored),
        saveSettings: fromPromise<SaveOutcome, UnsubscribeSettings>(async ({ input }) => {
          sent.push(input);
          return outcomes.shift() ?? o.saveSettings.saved;
        }),
      },
    }),
  ).start();
}

describe('unsubscribe settings machine at runtime', () => {
  it('edits texts per language, keeps the 422 per field, and saves what the server answers', async () => {
    const sent: UnsubscribeSettings[] = [];
    const actor = start([o.saveSettings.rejected, o.saveSettings.saved], sent);
    await waitFor(actor, (s) => s.matches({ editing: 'pristine' }));
    expect(actor.getSnapshot().can({ type: 'settings.save' })).toBe(false);
    actor.send({ type: 'language.select', language: 'it' });
    expect(actor.getSnapshot().matches({ editing: 'pristine' })).toBe(true);
    actor.send({ type: 'text.change', language: 'it', field: 'title', value: 'Arrivederci' });
    actor.send({ type: 'colour.change', field: 'button', value: 'red' });
    actor.send({ type: 'settings.save' });
    await waitFor(actor, (s) => s.matches('rejected'));
    expect(actor.getSnapshot().context.fieldErrors).toEqual(o.saveSettings.rejected.errors);
    expect(sent[0]!.texts.it.title).toBe('Arrivederci');
    expect(sent[0]!.texts.en.title).toBe(o.loadSettings.stored.texts.en.title);
    actor.send({ type: 'colour.change', field: 'button', value: '#aa0011' });
    expect(actor.getSnapshot().context.fieldErrors).toEqual({});
    actor.send({ type: 'settings.save' });
    await waitFor(actor, (s) => s.matches('saved'));
    expect(actor.getSnapshot().context.draft).toEqual(o.saveSettings.saved.settings);
  });
});
