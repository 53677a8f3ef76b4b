import { describe, expect, it } from 'vitest';
import { createActor, fromPromise, waitFor } from 'xstate';
import { describeModel } from '../../../tests/model/describeModel.ts';
import {
  contactDetailEventFixtures as e,
  contactDetailModel,
  contactDetailOutputFixtures as o,
} from '../../../tests/model/contactDetail.model.ts';
import { ApiError } from '../../api/client.ts';
import type { ContactNote } from '../contactsTable/contacts.types.ts';
import { contactDetailMachine, type ContactDetails } from './contactDetail.machine.ts';

describeModel(contactDetailModel);

describe('contact detail machine at runtime', () => {
  it('adds a trimmed note first, blocks and reloads, refuses to edit once anonymised', async () => {
    const loads = [o.loadContact.active, o.loadContact.active, o.loadContact.anonymised];
    const notes: Array<{ id: number; text: string }> = [];
    const blocked: boolean[] = [];
    const actor = createActor(
      contactDetailMachine.provide({
        actors: {
          loadContact: fromPromise<ContactDetails, { id: number }>(async () => loads.shift()!),
          addNote: fromPromise<ContactNote, { id: number; text: string }>(async ({ input }) => {
            notes.push(input);
            return o.addNote.added;
          }),
          setBlocked: fromPromise<void, { id: number; blocked: boolean }>(async ({ input }) => {
            blocked.push(input.blocked);
          }),
          anonymiseContact: fromPromise<void, { id: number }>(async () => undefined),
        },
      }),
      { input: { id: 5 } },
    ).start();
    await waitFor(actor, (s) => s.matches('viewing'));
    actor.send(e['note.submit'][1]!);
    expect(actor.getSnapshot().value).toBe('viewing');
    expect(actor.getSnapshot().context.error).toBe('noteRequired');
    actor.send(e['note.submit'][0]!);
    await waitFor(actor, (s) => s.matches('viewing'));
    expect(notes).toEqual([{ id: 5, text: 'Wants a demo' }]);
    expect(actor.getSnapshot().context.details?.notes.map((n) => n.id)).toEqual([4, 3]);
    actor.send(e['contact.block'][0]!);
    await waitFor(actor, (s) => s.matches('loading'));
    await waitFor(actor, (s) => s.matches('viewing'));
    expect(blocked).toEqual([true]);
    expect(actor.getSnapshot().can(e['contact.edit'][0]!)).toBe(true);
    actor.send(e['contact.anonymise'][0]!);
    actor.send(e['confirm.accept'][0]!);
    await waitFor(actor, (s) => s.matches('viewing') && s.context.details?.contact.anonymisedAt !== null);
    expect(actor.getSnapshot().can(e['contact.edit'][0]!)).toBe(false);
    // Its notes were erased and its timeline fits one page: nothing to delete, no further page.
    expect(actor.getSnapshot().can(e['note.delete'][0]!)).toBe(false);
    expect(actor.getSnapshot().can(e['notes.loadMore'][0]!)).toBe(false);
    expect(actor.getSnapshot().can(e['timeline.loadMore'][0]!)).toBe(false);
  });

  it('tells a missing contact from a failed load', async () => {
    const errors = [new ApiError(404, 'not_found'), new Error('network')];
    const actor = createActor(
      contactDetailMachine.provide({
        actors: {
          loadContact: fromPromise<ContactDetails, { id: number }>(async () => {
            throw errors.shift();
          }),
        },
      }),
      { input: { id: 5 } },
    ).start();
    await waitFor(actor, (s) => s.matches('loadFailed'));
    expect(actor.getSnapshot().context.error).toBe('notFound');
    actor.send(e['contact.retry'][0]!);
    await waitFor(actor, (s) => s.matches('loadFailed') && s.context.error === 'loadFailed');
  });
});
