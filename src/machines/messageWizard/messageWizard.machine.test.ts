import { describe, expect, it } from 'vitest';
import { createActor, fromPromise, waitFor } from 'xstate';
import { describeModel } from '../../../tests/model/describeModel.ts';
import {
  messageWizardEventFixtures as e,
  messageWizardModel,
  messageWizardOutputFixtures as o,
} from '../../../tests/model/messageWizard.model.ts';
import {
  messageWizardMachine,
  type ChecklistItem,
  type LoadedMessage,
  type MessageInput,
  type MessageWizardInput,
  type SaveOutcome,
  type SendOutcome,
} from './messageWizard.machine.ts';
import type { Channel } from '../../../shared/messaging.ts';
import type { MessageAudience } from '../../../shared/messageDrafts.ts';

describeModel(messageWizardModel);

describe('message wizard machine at runtime', () => {
  it('autosaves changed fields once typing pauses, counts recipients, and sends when nothing blocks', async () => {
    const saved: MessageInput[] = [];
    const counted: unknown[] = [];
    const actor = createActor(
      messageWizardMachine.provide({
        delays: { AUTOSAVE_DEBOUNCE: 20, COUNT_DEBOUNCE: 10 },
        actors: {
          loadMessage: fromPromise<LoadedMessage, MessageWizardInput>(async () => o.loadMessage.draft),
          saveMessage: fromPromise<SaveOutcome, MessageWizardInput & { patch: MessageInput }>(async ({ input }) => {
            saved.push(input.patch);
            return o.saveMessage.saved;
          }),
          countAudience: fromPromise<number, { channel: Channel; audience: MessageAudience }>(async ({ input }) => {
            counted.push(input.audience);
            return 118;
          }),
          loadChecklist: fromPromise<ChecklistItem[], MessageWizardInput>(async () => o.loadChecklist.ready),
          sendMessage: fromPromise<SendOutcome, MessageWizardInput>(async () => o.sendMessage.scheduled),
        },
      }),
      { input: { channel: 'email', id: 7 } },
    ).start();
    await waitFor(actor, (s) => s.matches({ ready: { count: 'idle' } }));
    expect(actor.getSnapshot().context.count).toBe(0);
    actor.send({ type: 'field.change', patch: { subject: 'S' } });
    actor.send({ type: 'field.change', patch: { subject: 'Sp' } });
    actor.send(e['field.change'][1]!);
    expect(actor.getSnapshot().can(e['wizard.send'][0]!)).toBe(false);
    await waitFor(actor, (s) => s.matches({ ready: { autosave: 'idle', count: 'idle' } }) && s.context.count === 118);
    expect(saved).toEqual([{ subject: 'Sp', includeLists: [1] }]);
    expect(counted).toEqual([{ includeLists: [1], includeSegments: [], excludeLists: [], excludeSegments: [] }]);
    actor.send(e['checklist.refresh'][0]!);
    await waitFor(actor, (s) => s.context.checklist !== null && s.matches({ ready: { task: 'idle' } }));
    actor.send(e['wizard.send'][0]!);
    const end = await waitFor(actor, (s) => s.status === 'done');
    expect(end.output).toEqual({ outcome: 'scheduled' });
  });

  it('keeps a failed save to retry, with changes made meanwhile on top', async () => {
    let fail = true;
    const saved: MessageInput[] = [];
    const actor = createActor(
      messageWizardMachine.provide({
        delays: { AUTOSAVE_DEBOUNCE: 5, COUNT_DEBOUNCE: 5 },
        actors: {
          loadMessage: fromPromise<LoadedMessage, MessageWizardInput>(async () => o.loadMessage.draft),
          saveMessage: fromPromise<SaveOutcome, MessageWizardInput & { patch: MessageInput }>(async ({ input }) => {
            if (fail) throw new Error('offline');
            saved.push(input.patch);
            return o.saveMessage.saved;
          }),
        },
      }),
      { input: { channel: 'email', id: 7 } },
    ).start();
    await waitFor(actor, (s) => s.matches('ready'));
    actor.send({ type: 'field.change', patch: { subject: 'A', name: 'N' } });
    await waitFor(actor, (s) => s.matches({ ready: { autosave: 'failed' } }));
    expect(actor.getSnapshot().context.errors.save).toBe('saveFailed');
    fail = false;
    actor.send({ type: 'field.change', patch: { subject: 'B' } });
    await waitFor(actor, (s) => s.matches({ ready: { autosave: 'idle' } }));
    expect(saved).toEqual([{ subject: 'B', name: 'N' }]);
    expect(actor.getSnapshot().context.errors.save).toBeUndefined();
  });
});
