import { describe, expect, it } from 'vitest';
import { createActor, fromPromise, waitFor } from 'xstate';
import { storedContact } from '../../../tests/model/contactForm.model.ts';
import { ApiError } from '../../api/client.ts';
import type { ContactEvent, ContactNote } from '../contactsTable/contacts.types.ts';
import {
  contactDetailMachine,
  type ContactDetails,
  type DeleteNoteOutcome,
  type PageOf,
} from './contactDetail.machine.ts';

const at = '2025-01-01T10:00:00.000Z';
const note = (id: number): ContactNote => ({
  id,
  contactId: 5,
  text: `note ${id}`,
  authorId: null,
  authorName: 'Ada',
  createdAt: at,
});
const event = (id: number, type = 'contact.updated'): ContactEvent => ({
  id,
  type,
  payload: {},
  userId: null,
  createdAt: at,
});

const details = (patch: Partial<ContactDetails> = {}): ContactDetails => ({
  contact: { ...storedContact, lastName: null, country: null, language: null },
  lists: [],
  notes: [note(3), note(2)],
  notesCursor: null,
  timeline: [event(9), event(8)],
  timelineCursor: null,
  attributes: [],
  ...patch,
});

/** A promise the test settles when it wants the actor to answer. */
function deferred<T>() {
  let resolve!: (value: T) => void;
  let reject!: (error: unknown) => void;
  const promise = new Promise<T>((res, rej) => {
    resolve = res;
    reject = rej;
  });
  return { promise, resolve, reject };
}

type Calls = { deleteNote: { id: number; noteId: number }[]; more: { id: number; cursor: string }[] };

type Answers = {
  addNote?: () => Promise<ContactNote>;
  deleteNote?: () => Promise<DeleteNoteOutcome>;
  loadMoreNotes?: () => Promise<PageOf<ContactNote>>;
  loadMoreTimeline?: () => Promise<PageOf<ContactEvent>>;
};

function start(loaded: ContactDetails, answers: Answers = {}) {
  const calls: Calls = { deleteNote: [], more: [] };
  const actor = createActor(
    contactDetailMachine.provide({
      actors: {
        loadContact: fromPromise<ContactDetails, { id: number }>(async () => loaded),
        addNote: fromPromise<ContactNote, { id: number; text: string }>(async () =>
          (answers.addNote ?? (async () => note(10)))(),
        ),
        setBlocked: fromPromise<void, { id: number; blocked: boolean }>(async () => undefined),
        deleteNote: fromPromise<DeleteNoteOutcome, { id: number; noteId: number }>(async ({ input }) => {
          calls.deleteNote.push(input);
          return (answers.deleteNote ?? (async () => ({ kind: 'deleted' }) as const))();
        }),
        loadMoreNotes: fromPromise<PageOf<ContactNote>, { id: number; cursor: string }>(async ({ input }) => {
          calls.more.push(input);
          return answers.loadMoreNotes!();
        }),
        loadMoreTimeline: fromPromise<PageOf<ContactEvent>, { id: number; cursor: string }>(async ({ input }) => {
          calls.more.push(input);
          return answers.loadMoreTimeline!();
        }),
      },
    }),
    { input: { id: 5 } },
  ).start();
  return { actor, calls };
}

const noteIds = (s: { context: { details: ContactDetails | null } }) => s.context.details?.notes.map((n) => n.id);

describe('contact detail machine: writing a note', () => {
  it("refuses a blank note with 'Text is required', which typing answers", async () => {
    const { actor } = start(details());
    await waitFor(actor, (s) => s.matches('viewing'));
    actor.send({ type: 'note.change', text: '  ' });
    actor.send({ type: 'note.submit', text: '  ' });
    expect(actor.getSnapshot().value).toBe('viewing');
    expect(actor.getSnapshot().context).toMatchObject({ error: 'noteRequired', noteText: '  ' });
    actor.send({ type: 'note.change', text: 'W' });
    expect(actor.getSnapshot().context).toMatchObject({ error: null, noteText: 'W' });
  });

  it('keeps the text of a note that could not be saved, and empties it once one is', async () => {
    let fail = true;
    const answer = deferred<ContactNote>();
    const { actor } = start(details(), {
      addNote: async () => {
        if (fail) throw new ApiError(500, 'internal');
        return answer.promise;
      },
    });
    await waitFor(actor, (s) => s.matches('viewing'));
    actor.send({ type: 'note.change', text: 'Wants a demo ' });
    actor.send({ type: 'note.submit', text: 'Wants a demo ' });
    await waitFor(actor, (s) => s.matches('viewing'));
    expect(actor.getSnapshot().context).toMatchObject({ error: 'noteFailed', noteText: 'Wants a demo' });
    // Typing meanwhile keeps the other error; while the note is being added, typing waits.
    actor.send({ type: 'note.change', text: 'Wants a demo on Monday' });
    expect(actor.getSnapshot().context).toMatchObject({ error: 'noteFailed', noteText: 'Wants a demo on Monday' });
    fail = false;
    actor.send({ type: 'note.submit', text: 'Wants a demo on Monday' });
    expect(actor.getSnapshot().value).toBe('addingNote');
    expect(actor.getSnapshot().can({ type: 'note.change', text: 'x' })).toBe(false);
    actor.send({ type: 'note.change', text: 'x' });
    expect(actor.getSnapshot().context.noteText).toBe('Wants a demo on Monday');
    answer.resolve(note(11));
    await waitFor(actor, (s) => s.matches('viewing'));
    expect(actor.getSnapshot().context).toMatchObject({ error: null, noteText: '' });
    expect(noteIds(actor.getSnapshot())).toEqual([11, 3, 2]);
  });
});

describe('contact detail machine: deleting a note', () => {
  it('asks first; cancel keeps the note, accept deletes it and removes it from the list', async () => {
    const answer = deferred<DeleteNoteOutcome>();
    const { actor, calls } = start(details(), { deleteNote: () => answer.promise });
    await waitFor(actor, (s) => s.matches('viewing'));
    // A note that is not on the page is not asked about.
    expect(actor.getSnapshot().can({ type: 'note.delete', noteId: 99 })).toBe(false);
    actor.send({ type: 'note.delete', noteId: 99 });
    expect(actor.getSnapshot().value).toBe('viewing');

    actor.send({ type: 'note.delete', noteId: 3 });
    expect(actor.getSnapshot().value).toBe('confirmingNoteDelete');
    expect(actor.getSnapshot().context.noteToDelete).toBe(3);
    actor.send({ type: 'confirm.cancel' });
    expect(actor.getSnapshot().value).toBe('viewing');
    expect(actor.getSnapshot().context.noteToDelete).toBeNull();
    expect(noteIds(actor.getSnapshot())).toEqual([3, 2]);
    expect(calls.deleteNote).toEqual([]);

    actor.send({ type: 'note.delete', noteId: 2 });
    actor.send({ type: 'confirm.accept' });
    expect(actor.getSnapshot().value).toBe('deletingNote');
    expect(actor.getSnapshot().hasTag('busy')).toBe(true);
    // Nothing else starts meanwhile.
    expect(actor.getSnapshot().can({ type: 'note.delete', noteId: 3 })).toBe(false);
    expect(actor.getSnapshot().can({ type: 'note.submit', text: 'x' })).toBe(false);
    answer.resolve({ kind: 'deleted' });
    await waitFor(actor, (s) => s.matches('viewing'));
    expect(calls.deleteNote).toEqual([{ id: 5, noteId: 2 }]);
    expect(noteIds(actor.getSnapshot())).toEqual([3]);
    expect(actor.getSnapshot().context).toMatchObject({ noteToDelete: null, error: null });
  });

  it('takes a note another user already deleted off the list and says so', async () => {
    const { actor } = start(details(), { deleteNote: async () => ({ kind: 'rejected', code: 'notFound' }) });
    await waitFor(actor, (s) => s.matches('viewing'));
    actor.send({ type: 'note.delete', noteId: 3 });
    actor.send({ type: 'confirm.accept' });
    await waitFor(actor, (s) => s.matches('viewing'));
    expect(noteIds(actor.getSnapshot())).toEqual([2]);
    expect(actor.getSnapshot().context.error).toBe('noteGone');
  });

  it('keeps the note and reports a failed delete; the next try clears the error', async () => {
    let fail = true;
    const { actor } = start(details(), {
      deleteNote: async () => {
        if (fail) throw new ApiError(500, 'internal');
        return { kind: 'deleted' };
      },
    });
    await waitFor(actor, (s) => s.matches('viewing'));
    actor.send({ type: 'note.delete', noteId: 3 });
    actor.send({ type: 'confirm.accept' });
    await waitFor(actor, (s) => s.matches('viewing'));
    expect(noteIds(actor.getSnapshot())).toEqual([3, 2]);
    expect(actor.getSnapshot().context).toMatchObject({ error: 'noteDeleteFailed', noteToDelete: null });
    fail = false;
    actor.send({ type: 'note.delete', noteId: 3 });
    expect(actor.getSnapshot().context.error).toBeNull();
    actor.send({ type: 'confirm.accept' });
    await waitFor(actor, (s) => s.matches('viewing') && noteIds(s)!.length === 1);
    expect(noteIds(actor.getSnapshot())).toEqual([2]);
  });
});

describe('contact detail machine: further pages', () => {
  it('offers more notes only while a cursor is left, and appends each page', async () => {
    const page = deferred<PageOf<ContactNote>>();
    const { actor, calls } = start(details({ notesCursor: 'after-2' }), { loadMoreNotes: () => page.promise });
    await waitFor(actor, (s) => s.matches('viewing'));
    expect(actor.getSnapshot().can({ type: 'notes.loadMore' })).toBe(true);
    expect(actor.getSnapshot().can({ type: 'timeline.loadMore' })).toBe(false);
    actor.send({ type: 'notes.loadMore' });
    expect(actor.getSnapshot().value).toBe('loadingMoreNotes');
    expect(actor.getSnapshot().hasTag('busy')).toBe(true);
    expect(actor.getSnapshot().can({ type: 'notes.loadMore' })).toBe(false);
    page.resolve({ items: [note(1)], cursor: null });
    await waitFor(actor, (s) => s.matches('viewing'));
    expect(calls.more).toEqual([{ id: 5, cursor: 'after-2' }]);
    expect(noteIds(actor.getSnapshot())).toEqual([3, 2, 1]);
    expect(actor.getSnapshot().context.details?.notesCursor).toBeNull();
    expect(actor.getSnapshot().can({ type: 'notes.loadMore' })).toBe(false);
  });

  it('appends timeline pages and keeps the next cursor; a failed page can be asked for again', async () => {
    let answer: () => Promise<PageOf<ContactEvent>> = async () => ({
      items: [event(7), event(0, 'contact.imported')],
      cursor: 'after-0',
    });
    const { actor, calls } = start(details({ timelineCursor: 'after-8' }), { loadMoreTimeline: () => answer() });
    await waitFor(actor, (s) => s.matches('viewing'));
    actor.send({ type: 'timeline.loadMore' });
    await waitFor(actor, (s) => s.matches('viewing') && s.context.details!.timeline.length === 4);
    expect(actor.getSnapshot().context.details?.timeline.map((e) => e.id)).toEqual([9, 8, 7, 0]);
    expect(actor.getSnapshot().context.details?.timelineCursor).toBe('after-0');

    answer = async () => {
      throw new ApiError(422, 'validation_error');
    };
    actor.send({ type: 'timeline.loadMore' });
    await waitFor(actor, (s) => s.matches('viewing') && s.context.error !== null);
    expect(actor.getSnapshot().context.error).toBe('moreFailed');
    expect(actor.getSnapshot().context.details?.timeline).toHaveLength(4);
    expect(actor.getSnapshot().context.details?.timelineCursor).toBe('after-0');
    expect(actor.getSnapshot().can({ type: 'timeline.loadMore' })).toBe(true);
    expect(calls.more).toEqual([
      { id: 5, cursor: 'after-8' },
      { id: 5, cursor: 'after-0' },
    ]);
  });

  it('keeps the read pages when a note is added, and starts from the first page when the contact reloads', async () => {
    const { actor } = start(details({ notesCursor: 'after-2' }), {
      loadMoreNotes: async () => ({ items: [note(1)], cursor: null }),
    });
    await waitFor(actor, (s) => s.matches('viewing'));
    actor.send({ type: 'notes.loadMore' });
    await waitFor(actor, (s) => s.matches('viewing') && noteIds(s)!.length === 3);
    actor.send({ type: 'note.submit', text: 'new' });
    await waitFor(actor, (s) => s.matches('viewing') && noteIds(s)!.length === 4);
    expect(noteIds(actor.getSnapshot())).toEqual([10, 3, 2, 1]);
    // Blocking reloads the page data: the first page again, with its cursor.
    actor.send({ type: 'contact.block' });
    await waitFor(actor, (s) => s.matches('viewing') && noteIds(s)!.length === 2);
    expect(actor.getSnapshot().context.details?.notesCursor).toBe('after-2');
  });
});
