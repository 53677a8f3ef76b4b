import { describe, expect, it } from 'vitest';
import { createActor, fromPromise, waitFor } from 'xstate';
import { describeModel } from '../../../tests/model/describeModel.ts';
import {
  notificationSettingsModel,
  notificationSettingsOutputFixtures,
} from '../../../tests/model/notificationSettings.model.ts';
import {
  notificationSettingsMachine,
  periodOf,
  type NotificationSettings,
  type NotificationSettingsInput,
  type SaveOutcome,
} from './notificationSettings.machine.ts';

describeModel(notificationSettingsModel);

const o = notificationSettingsOutputFixtures;

function start(outcomes: SaveOutcome[], sent: NotificationSettingsInput[] = [], timeZone = 'UTC') {
  return createActor(
    notificationSettingsMachine.provide({
      actors: {
        loadSettings: fromPromise<NotificationSettings>(async () => o.loadSettings.stored),
        saveSettings: fromPromise<SaveOutcome, NotificationSettingsInput>(async ({ input }) => {
          sent.push(input);
          return outcomes.shift() ?? o.saveSettings.saved;
        }),
      },
    }),
    { input: { timeZone } },
  ).start();
}

describe('notification settings machine at runtime', () => {
  it('saves a daily digest in the browser time zone and tracks dirtiness', async () => {
    const sent: NotificationSettingsInput[] = [];
    const actor = start([o.saveSettings.rejected, o.saveSettings.saved], sent);
    await waitFor(actor, (s) => s.matches({ editing: 'pristine' }));
    expect(actor.getSnapshot().can({ type: 'settings.save' })).toBe(false);
    actor.send({ type: 'digest.toggle', enabled: true });
    actor.send({ type: 'schedule.rejected', error: 'invalid selection' });
    expect(actor.getSnapshot().matches({ editing: 'dirty' })).toBe(true);
    expect(actor.getSnapshot().can({ type: 'settings.save' })).toBe(false);
    actor.send({ type: 'schedule.changed', pattern: '30 8 * * *' });
    expect(actor.getSnapshot().can({ type: 'settings.save' })).toBe(true);
    actor.send({ type: 'settings.save' });
    await waitFor(actor, (s) => s.matches('rejected'));
    expect(actor.getSnapshot().context.fieldErrors).toEqual({ 'digest.pattern': 'invalid pattern' });
    actor.send({ type: 'schedule.changed', pattern: '30 8 * * *' });
    expect(actor.getSnapshot().context.fieldErrors).toEqual({});
    actor.send({ type: 'settings.save' });
    await waitFor(actor, (s) => s.matches('saved'));
    expect(sent.at(-1)?.digest).toEqual({ enabled: true, pattern: '30 8 * * *', period: 'day', timeZone: 'UTC' });
    expect(actor.getSnapshot().context.saved?.digest.nextRuns).toHaveLength(5);
  });

  it('treats a stored zone other than the browser one as a change, and discard restores the saved copy', async () => {
    const actor = start([], [], 'Europe/Rome');
    await waitFor(actor, (s) => s.matches({ editing: 'dirty' }));
    actor.send({ type: 'category.toggle', channel: 'email', category: 'sends', enabled: true });
    const revision = actor.getSnapshot().context.revision;
    actor.send({ type: 'settings.discard' });
    expect(actor.getSnapshot().context.draft?.email.sends).toBe(false);
    expect(actor.getSnapshot().context.revision).toBe(revision + 1);
  });

  it('reports a failed save as saveFailed and stays editable', async () => {
    const actor = createActor(
      notificationSettingsMachine.provide({
        actors: {
          loadSettings: fromPromise<NotificationSettings>(async () => o.loadSettings.stored),
          saveSettings: fromPromise<SaveOutcome, NotificationSettingsInput>(async () => {
            throw new Error('network');
          }),
        },
      }),
      { input: { timeZone: 'UTC' } },
    ).start();
    await waitFor(actor, (s) => s.matches('editing'));
    actor.send({ type: 'category.toggle', channel: 'inApp', category: 'sends', enabled: false });
    actor.send({ type: 'settings.save' });
    await waitFor(actor, (s) => s.matches({ editing: 'dirty' }) && s.context.error === 'saveFailed');
  });

  it('infers the editor period from a pattern', () => {
    expect(periodOf('* * * * *')).toBe('minute');
    expect(periodOf('15 * * * *')).toBe('hour');
    expect(periodOf('30 8 * * *')).toBe('day');
    expect(periodOf('0 8 * * 1')).toBe('week');
    expect(periodOf('0 8 1 * *')).toBe('month');
    expect(periodOf('0 8 1 6 *')).toBe('year');
  });
});
