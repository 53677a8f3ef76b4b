import { describe, expect, it } from 'vitest';
import { createActor, fromPromise, waitFor } from 'xstate';
import { notificationSettingsMachine } from '../notificationSettings/notificationSettings.machine.ts';
import { unsubscribeSettingsMachine } from '../unsubscribeSettings/unsubscribeSettings.machine.ts';
import { createSettingsFormMachine, withoutField, type SaveOutcome } from './settingsForm.machine.ts';

// The one settings form chart, through a form of its own (a name, and a view choice), and the two screens on it.
interface Profile {
  name: string;
}
type Edit = { type: 'name.change'; value: string } | { type: 'name.block'; blocked: boolean };

function profileForm(outcomes: Array<SaveOutcome<Profile> | Error>, sent: Profile[] = []) {
  const machine = createSettingsFormMachine<
    Profile,
    Profile,
    Edit,
    { type: 'theme.select'; theme: 'light' | 'dark' },
    { theme: 'light' | 'dark'; blocked: boolean },
    { theme: 'light' | 'dark' }
  >({
    id: 'profileForm',
    load: fromPromise<Profile>(async () => ({ name: 'Ada' })),
    save: fromPromise<SaveOutcome<Profile>, Profile>(async ({ input }) => {
      sent.push(input);
      const next = outcomes.shift() ?? { kind: 'saved', settings: input };
      if (next instanceof Error) throw next;
      return next;
    }),
    extra: (input) => ({ theme: input.theme, blocked: false }),
    draftOf: (saved) => ({ ...saved }),
    canSave: (context) => !context.blocked,
    edits: {
      'name.change': ({ draft, fieldErrors }, edit) => ({
        draft: { ...draft!, name: edit.value },
        fieldErrors: withoutField(fieldErrors, 'name'),
      }),
      'name.block': (_, edit) => ({ blocked: edit.blocked }),
    },
    views: { 'theme.select': (_, view) => ({ theme: view.theme }) },
  });
  return createActor(machine, { input: { theme: 'light' } }).start();
}

const stateIds = (machine: { root: { states: Record<string, unknown> } }) => {
  const walk = (node: { key: string; states: Record<string, unknown> }): string[] => [
    node.key,
    ...Object.values(node.states).flatMap((child) => walk(child as typeof node).map((id) => `${node.key}.${id}`)),
  ];
  return walk({ key: '', states: machine.root.states });
};

describe('the settings form chart', () => {
  it('tracks dirtiness against the stored copy, and a view choice changes no setting', async () => {
    const actor = profileForm([]);
    actor.send({ type: 'theme.select', theme: 'dark' }); // taken while loading too
    await waitFor(actor, (s) => s.matches({ editing: 'pristine' }));
    expect(actor.getSnapshot().context).toMatchObject({ theme: 'dark', draft: { name: 'Ada' } });
    actor.send({ type: 'name.change', value: 'Grace' });
    expect(actor.getSnapshot().matches({ editing: 'dirty' })).toBe(true);
    actor.send({ type: 'name.change', value: 'Ada' });
    expect(actor.getSnapshot().matches({ editing: 'pristine' })).toBe(true);
    expect(actor.getSnapshot().can({ type: 'settings.save' })).toBe(false);
  });

  it('keeps a 422 per field until it is edited, refuses a blocked save, recovers from a failure', async () => {
    const sent: Profile[] = [];
    const actor = profileForm([{ kind: 'rejected', errors: { name: 'too short' } }, new Error('offline')], sent);
    await waitFor(actor, (s) => s.matches('editing'));
    actor.send({ type: 'name.change', value: 'G' });
    actor.send({ type: 'name.block', blocked: true });
    expect(actor.getSnapshot().can({ type: 'settings.save' })).toBe(false);
    actor.send({ type: 'name.block', blocked: false });
    actor.send({ type: 'settings.save' });
    await waitFor(actor, (s) => s.matches('rejected'));
    expect(actor.getSnapshot().context.fieldErrors).toEqual({ name: 'too short' });
    actor.send({ type: 'name.change', value: 'Grace' });
    expect(actor.getSnapshot().context.fieldErrors).toEqual({});
    actor.send({ type: 'settings.save' });
    await waitFor(actor, (s) => s.matches({ editing: 'dirty' }) && s.context.error === 'saveFailed');
    actor.send({ type: 'settings.save' });
    await waitFor(actor, (s) => s.matches('saved'));
    expect(sent.map((p) => p.name)).toEqual(['G', 'Grace', 'Grace']);
    expect(actor.getSnapshot().context).toMatchObject({ saved: { name: 'Grace' }, error: null });
    actor.send({ type: 'name.change', value: 'Lin' });
    actor.send({ type: 'settings.discard' });
    expect(actor.getSnapshot().context.draft).toEqual({ name: 'Grace' });
  });

  it('is the one chart under both settings screens', () => {
    expect(stateIds(notificationSettingsMachine)).toEqual(stateIds(unsubscribeSettingsMachine));
    expect(stateIds(notificationSettingsMachine)).toContain('.editing.dirty');
  });
});
