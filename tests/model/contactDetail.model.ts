import assert from 'node:assert/strict';
import type { AnyMachineSnapshot, OutputFrom, SnapshotFrom } from 'xstate';
import { ApiError } from '../../src/api/client.ts';
import type * as contactDetailActors from '../../src/machines/contactDetail/contactDetail.actors.ts';
import {
  contactDetailMachine,
  type ContactDetailEvent,
  type ContactDetails,
  type DeleteNoteOutcome,
  type PageOf,
} from '../../src/machines/contactDetail/contactDetail.machine.ts';
import type { ContactEvent, ContactNote } from '../../src/machines/contactsTable/contacts.types.ts';
import { storedContact } from './contactForm.model.ts';
import { done, failed, type Invariant, type MachineModel, type ModelEvent, type Via } from './graph.ts';

const at = '2025-01-01T10:00:00.000Z';
const note = (id: number, text: string): ContactNote => ({
  id,
  contactId: 5,
  text,
  authorId: null,
  authorName: 'Ada',
  createdAt: at,
});
const entry = (id: number, type: string): ContactEvent => ({ id, type, payload: {}, userId: null, createdAt: at });

/** Notes and timeline come newest first: the first page holds note 3 and entry 3, the pages after them 2, then 1. */
const details = (
  patch: Partial<ContactDetails> = {},
  contact: Partial<ContactDetails['contact']> = {},
): ContactDetails => ({
  contact: { ...storedContact, ...contact },
  lists: [{ id: 3, name: 'Newsletter', folderId: 10, memberCount: 1, createdAt: at, updatedAt: at }],
  notes: [note(3, 'Met at the conference')],
  notesCursor: 'notes-after-3',
  timeline: [entry(3, 'contact.updated')],
  timelineCursor: 'timeline-after-3',
  attributes: [{ id: 1, name: 'Tier', type: 'category', options: ['gold', 'silver'], createdAt: at, updatedAt: at }],
  ...patch,
});

export const contactDetailEventFixtures = {
  'contact.retry': [{ type: 'contact.retry' }],
  'contact.edit': [{ type: 'contact.edit' }],
  'form.saved': [{ type: 'form.saved' }],
  'form.cancel': [{ type: 'form.cancel' }],
  'contact.block': [{ type: 'contact.block' }],
  'contact.unblock': [{ type: 'contact.unblock' }],
  'note.change': [{ type: 'note.change', text: '  Wants a demo ' }],
  'note.submit': [
    { type: 'note.submit', text: '  Wants a demo ' },
    { type: 'note.submit', text: '   ' },
  ],
  // Note 3 is on the first page; 99 is on no page (a stale button).
  'note.delete': [
    { type: 'note.delete', noteId: 3 },
    { type: 'note.delete', noteId: 99 },
  ],
  'notes.loadMore': [{ type: 'notes.loadMore' }],
  'timeline.loadMore': [{ type: 'timeline.loadMore' }],
  // Realtime news that this contact's timeline changed.
  'timeline.changed': [{ type: 'timeline.changed' }],
  'data.export': [{ type: 'data.export' }],
  'contact.anonymise': [{ type: 'contact.anonymise' }],
  'contact.delete': [{ type: 'contact.delete' }],
  'confirm.accept': [{ type: 'confirm.accept' }],
  'confirm.cancel': [{ type: 'confirm.cancel' }],
} satisfies { [K in ContactDetailEvent['type']]: Array<Extract<ContactDetailEvent, { type: K }>> };

/** A page with a further one after it, and the last page. */
type PageFixtures<T> = { next: PageOf<T> & { cursor: string }; last: PageOf<T> & { cursor: null } };

export const contactDetailOutputFixtures = {
  loadContact: {
    /** More notes and timeline entries than one page holds. */
    active: details(),
    /** Anonymisation erases the notes; the short timeline fits one page. */
    anonymised: details(
      { notes: [], notesCursor: null, timelineCursor: null },
      { email: null, firstName: null, lastName: null, country: null, language: null, anonymisedAt: at },
    ),
  },
  setBlocked: { ok: undefined },
  addNote: { added: note(4, 'Wants a demo') },
  deleteNote: {
    deleted: { kind: 'deleted' },
    rejected: { kind: 'rejected', code: 'notFound' },
  } satisfies { [K in DeleteNoteOutcome['kind']]: Extract<DeleteNoteOutcome, { kind: K }> },
  loadMoreNotes: {
    next: { items: [note(2, 'Asked about pricing')], cursor: 'notes-after-2' },
    last: { items: [note(1, 'First call')], cursor: null },
  } satisfies PageFixtures<ContactNote>,
  loadMoreTimeline: {
    next: { items: [entry(2, 'contact.subscribed')], cursor: 'timeline-after-2' },
    last: { items: [entry(1, 'contact.created')], cursor: null },
  } satisfies PageFixtures<ContactEvent>,
  /** The first page read again: a new entry 4 above entry 3, which is already shown. */
  refreshTimeline: {
    fresh: { items: [entry(4, 'message.replied'), entry(3, 'contact.updated')], cursor: 'timeline-after-3' },
  },
  // timelineNews reports through `timeline.changed` events, not an output.
  timelineNews: {},
  anonymiseContact: { ok: undefined },
  deleteContact: { ok: undefined },
  downloadData: { ok: undefined },
} satisfies { [K in keyof typeof contactDetailActors]: Record<string, OutputFrom<(typeof contactDetailActors)[K]>> };

const o = contactDetailOutputFixtures;
const e = contactDetailEventFixtures;
const loadedActive = done('loadContact', o.loadContact.active, 'active');
const loadedAnonymised = done('loadContact', o.loadContact.anonymised, 'anonymised');

// ── invariants ───────────────────────────────────────────────────────────────────────────────────────────────────
type Snapshot = SnapshotFrom<typeof contactDetailMachine>;
const state = (check: (s: Snapshot, via: Via) => void): Invariant => check as Invariant;
const BUSY = [
  'loading',
  'blocking',
  'unblocking',
  'addingNote',
  'deletingNote',
  'loadingMoreNotes',
  'loadingMoreTimeline',
  'exportingData',
  'anonymising',
  'deleting',
];
const ASKING = ['confirmingNoteDelete', 'deletingNote'];
const from = (via: Via) => via!.from as Snapshot;
const outputOf = <T>(via: Via) => (via!.event as unknown as { output: T }).output;
const ids = (notes: ContactNote[]) => notes.map((n) => n.id);
/** An event the machine refuses (an unlisted note, editing an anonymised contact, no page left, typing while a note is added). */
const refused = (via: Via) => via !== null && !from(via).can(via.event as ContactDetailEvent);
const detailsUnchanged = (s: Snapshot, via: Via) =>
  assert.deepEqual(s.context.details, from(via).context.details, 'the page data is unchanged');
/** Typing the note: the root invariant checks it; the state invariants judge the steps that lead into their state. */
const typing = (via: Via) => via?.event.type === 'note.change';
/** Timeline news: the root invariant checks it (it only marks the timeline stale, or starts its refresh). */
const news = (via: Via) => via?.event.type === 'timeline.changed';

/** An action started from `viewing` clears the error shown before it. */
const startedClean = (s: Snapshot, via: Via) => {
  assert.equal(s.context.error, null, 'a new action clears the previous error');
  assert.ok(from(via).matches('viewing'));
  detailsUnchanged(s, via);
};
/** While asking or calling, nothing else starts. */
const oneThingAtATime = (s: Snapshot) => {
  for (const event of [
    e['note.delete'][0]!,
    e['note.submit'][0]!,
    e['notes.loadMore'][0]!,
    e['timeline.loadMore'][0]!,
    e['contact.delete'][0]!,
  ]) {
    assert.ok(!s.can(event), `${event.type} waits`);
  }
};
/** Back in `viewing` after a failed call: its error, nothing else changed. */
const FAILURES: Record<string, string> = {
  'xstate.error.actor.setBlocked': 'blockFailed',
  'xstate.error.actor.addNote': 'noteFailed',
  'xstate.error.actor.deleteNote': 'noteDeleteFailed',
  'xstate.error.actor.loadMoreNotes': 'moreFailed',
  'xstate.error.actor.loadMoreTimeline': 'moreFailed',
  'xstate.error.actor.refreshTimeline': 'moreFailed',
  'xstate.error.actor.downloadData': 'exportFailed',
  'xstate.error.actor.anonymiseContact': 'anonymiseFailed',
  'xstate.error.actor.deleteContact': 'deleteFailed',
};

/** A further page: appended after the pages read so far, its cursor kept; the other list and the contact untouched. */
function appended<K extends 'notes' | 'timeline'>(
  s: Snapshot,
  via: Via,
  list: K,
  cursor: 'notesCursor' | 'timelineCursor',
) {
  const before = from(via).context.details!;
  const page = outputOf<PageOf<ContactDetails[K][number]>>(via);
  assert.notEqual(before[cursor], null, 'only asked while a page was left');
  assert.deepEqual(
    s.context.details,
    { ...before, [list]: [...before[list], ...page.items], [cursor]: page.cursor },
    `the ${list} page appended with its cursor`,
  );
  assert.equal(s.context.error, null);
}

const byState: Record<string, Invariant> = {
  contactDetail: state((s, via) => {
    assert.equal(s.context.id, 5, 'always the contact of the page');
    assert.equal(
      s.hasTag('busy'),
      BUSY.some((b) => s.matches(b as never)),
      'busy exactly while a call runs',
    );
    assert.equal(s.hasTag('error'), s.matches('loadFailed'));
    assert.equal(s.hasTag('editable'), s.matches('editing'));
    assert.equal(
      s.context.noteToDelete !== null,
      ASKING.some((a) => s.matches(a as never)),
      'a note to delete only while asking and deleting',
    );
    if (refused(via)) {
      assert.deepEqual([s.value, s.context], [from(via).value, from(via).context], 'a refused event changes nothing');
      return;
    }
    if (typing(via)) {
      const before = from(via).context;
      assert.equal(s.value, from(via).value, 'typing changes no state');
      assert.equal(
        s.context.noteText,
        (via!.event as Extract<ContactDetailEvent, { type: 'note.change' }>).text,
        'the draft is what was typed',
      );
      assert.equal(
        s.context.error,
        before.error === 'noteRequired' ? null : before.error,
        "typing answers 'Text is required' only",
      );
      detailsUnchanged(s, via);
      return;
    }
    if (news(via)) {
      const before = from(via);
      if (before.matches('viewing')) {
        assert.ok(s.matches('refreshingTimeline'), 'news on the page refreshes the timeline at once');
        assert.equal(s.context.timelineStale, false);
      } else {
        assert.equal(s.value, before.value, 'news elsewhere changes no state');
        assert.equal(s.context.timelineStale, true, 'it marks the timeline stale');
      }
      assert.deepEqual({ ...s.context, timelineStale: null }, { ...before.context, timelineStale: null });
      return;
    }
    if (via && !s.matches('viewing') && !s.matches('loadFailed') && !s.matches('loading')) {
      assert.notEqual(s.context.details, null, 'actions only on a loaded contact');
    }
  }),
  'contactDetail.loading': state((s, via) => {
    if (!via)
      return assert.deepEqual(s.context, {
        id: 5,
        details: null,
        noteText: '',
        noteToDelete: null,
        error: null,
        timelineStale: false,
      });
    if (via.event.type === 'contact.retry') assert.ok(from(via).matches('loadFailed'));
    else {
      // Reloads after a change: the edit form saved, a block or unblock, an anonymisation.
      assert.ok(
        ['form.saved', 'xstate.done.actor.setBlocked', 'xstate.done.actor.anonymiseContact'].includes(via.event.type),
        via.event.type,
      );
      assert.equal(s.context.error, null);
    }
    detailsUnchanged(s, via);
  }),
  'contactDetail.loadFailed': state((s, via) => {
    const error = (via!.event as unknown as { error: unknown }).error;
    assert.equal(
      s.context.error,
      (error as { status?: number }).status === 404 ? 'notFound' : 'loadFailed',
      'a 404 is told apart',
    );
    assert.ok(s.can(e['contact.retry'][0]!));
    assert.ok(
      !s.can(e['contact.edit'][0]!) && !s.can(e['contact.delete'][0]!),
      'no actions on a page that failed to load',
    );
    assert.ok(!s.can(e['notes.loadMore'][0]!) && !s.can(e['timeline.loadMore'][0]!) && !s.can(e['note.delete'][0]!));
    detailsUnchanged(s, via);
  }),
  'contactDetail.viewing': state((s, via) => {
    const d = s.context.details!;
    assert.ok(d, 'a loaded contact');
    assert.equal(s.context.timelineStale, false, 'a stale timeline is refreshed before the page settles');
    assert.equal(
      s.can(e['contact.edit'][0]!),
      d.contact.anonymisedAt === null,
      'an anonymised contact cannot be edited',
    );
    assert.equal(s.can(e['notes.loadMore'][0]!), d.notesCursor !== null, 'more notes while a cursor is left');
    assert.equal(s.can(e['timeline.loadMore'][0]!), d.timelineCursor !== null, 'more timeline while a cursor is left');
    for (const ask of e['note.delete'])
      assert.equal(s.can(ask), ids(d.notes).includes(ask.noteId), 'only a listed note can be deleted');
    if (refused(via)) return;
    const type = via!.event.type;
    const before = from(via).context;
    if (type === 'xstate.done.actor.loadContact') {
      assert.deepEqual(d, outputOf<ContactDetails>(via), 'the first pages, with their cursors');
      assert.equal(s.context.error, null);
    } else if (type === 'xstate.done.actor.addNote') {
      assert.deepEqual(
        d,
        { ...before.details!, notes: [outputOf<ContactNote>(via), ...before.details!.notes] },
        'the new note first, the read pages kept',
      );
      assert.equal(s.context.noteText, '', 'the note box empties');
      assert.equal(s.context.error, null);
    } else if (type === 'xstate.done.actor.deleteNote') {
      const gone = before.noteToDelete!;
      const outcome = outputOf<DeleteNoteOutcome>(via);
      assert.ok(ids(before.details!.notes).includes(gone), 'the note asked about was listed');
      // Deleted or already gone: it leaves the list either way; only the second says why.
      assert.deepEqual(
        d,
        { ...before.details!, notes: before.details!.notes.filter((n) => n.id !== gone) },
        'that note removed, the rest kept',
      );
      assert.equal(s.context.error, outcome.kind === 'rejected' ? 'noteGone' : null);
    } else if (type === 'xstate.done.actor.loadMoreNotes') {
      appended(s, via, 'notes', 'notesCursor');
    } else if (type === 'xstate.done.actor.loadMoreTimeline') {
      appended(s, via, 'timeline', 'timelineCursor');
    } else if (type === 'xstate.done.actor.refreshTimeline') {
      const shown = before.details!.timeline;
      const newest = Math.max(0, ...shown.map((t) => t.id));
      const page = outputOf<PageOf<ContactEvent>>(via);
      assert.deepEqual(
        d,
        { ...before.details!, timeline: [...page.items.filter((t) => t.id > newest), ...shown] },
        'only the newer entries go on top; the pages read and their cursor stay',
      );
      assert.equal(s.context.error, null);
    } else if (type === 'note.submit') {
      assert.equal(s.context.error, 'noteRequired', 'a blank note is refused with its message');
      assert.equal(s.context.noteText, before.noteText, 'the draft stays');
      detailsUnchanged(s, via);
    } else if (type in FAILURES) {
      assert.equal(s.context.error, FAILURES[type]);
      detailsUnchanged(s, via);
      if (type === 'xstate.error.actor.addNote')
        assert.equal(s.context.noteText, before.noteText, 'the note text is kept to try again');
    } else {
      assert.ok(['xstate.done.actor.downloadData', 'form.cancel', 'confirm.cancel'].includes(type), type);
      assert.equal(s.context.error, null);
      detailsUnchanged(s, via);
    }
  }),
  'contactDetail.editing': state((s, via) => {
    startedClean(s, via);
    assert.equal(s.context.details!.contact.anonymisedAt, null, 'only a contact that is not anonymised');
    assert.ok(s.can(e['form.saved'][0]!) && s.can(e['form.cancel'][0]!));
  }),
  'contactDetail.blocking': state(startedClean),
  'contactDetail.unblocking': state(startedClean),
  'contactDetail.exportingData': state(startedClean),
  'contactDetail.refreshingTimeline': state((s) => {
    assert.notEqual(s.context.details, null, 'a loaded page');
    assert.equal(s.context.timelineStale, false, 'news from now on is read again after this');
    assert.ok(!s.hasTag('busy'), 'a refresh in the background');
    oneThingAtATime(s);
  }),
  'contactDetail.addingNote': state((s, via) => {
    const text = (via!.event as Extract<ContactDetailEvent, { type: 'note.submit' }>).text;
    assert.equal(s.context.noteText, text.trim(), 'the trimmed text is added');
    assert.notEqual(s.context.noteText, '', 'never a blank note');
    startedClean(s, via);
  }),
  'contactDetail.confirmingNoteDelete': state((s, via) => {
    startedClean(s, via);
    const asked = (via!.event as Extract<ContactDetailEvent, { type: 'note.delete' }>).noteId;
    assert.equal(s.context.noteToDelete, asked, 'remembers the note asked about');
    assert.ok(ids(s.context.details!.notes).includes(asked), 'a listed note');
    assert.ok(s.can(e['confirm.accept'][0]!) && s.can(e['confirm.cancel'][0]!));
    oneThingAtATime(s);
  }),
  'contactDetail.deletingNote': state((s, via) => {
    assert.ok(from(via).matches('confirmingNoteDelete'), 'only after the question');
    assert.equal(s.context.noteToDelete, from(via).context.noteToDelete, 'deletes the note asked about');
    assert.equal(s.context.error, null);
    detailsUnchanged(s, via);
    oneThingAtATime(s);
  }),
  'contactDetail.loadingMoreNotes': state((s, via) => {
    startedClean(s, via);
    assert.notEqual(s.context.details!.notesCursor, null, 'only while a page is left');
    oneThingAtATime(s);
  }),
  'contactDetail.loadingMoreTimeline': state((s, via) => {
    startedClean(s, via);
    assert.notEqual(s.context.details!.timelineCursor, null, 'only while a page is left');
    oneThingAtATime(s);
  }),
  'contactDetail.confirmingAnonymise': state((s, via) => {
    startedClean(s, via);
    assert.ok(s.can(e['confirm.accept'][0]!) && s.can(e['confirm.cancel'][0]!));
    assert.ok(!s.can(e['contact.delete'][0]!), 'one question at a time');
  }),
  'contactDetail.confirmingDelete': state((s, via) => {
    startedClean(s, via);
    assert.ok(s.can(e['confirm.accept'][0]!) && s.can(e['confirm.cancel'][0]!));
    assert.ok(!s.can(e['contact.anonymise'][0]!), 'one question at a time');
  }),
  'contactDetail.anonymising': state((s, via) => {
    assert.ok(from(via).matches('confirmingAnonymise'), 'only after the question');
    detailsUnchanged(s, via);
  }),
  'contactDetail.deleting': state((s, via) => {
    assert.ok(from(via).matches('confirmingDelete'), 'only after the question');
    detailsUnchanged(s, via);
  }),
  'contactDetail.deleted': state((s, via) => {
    assert.equal(via!.event.type, 'xstate.done.actor.deleteContact');
    assert.equal(s.status, 'done');
  }),
};

const invariants: Record<string, Invariant> = Object.fromEntries(
  Object.entries(byState).map(([id, check]) => [
    id,
    id === 'contactDetail'
      ? check
      : (s: AnyMachineSnapshot, via: Via) => (typing(via) || news(via) ? undefined : check(s, via)),
  ]),
);

export const contactDetailModel: MachineModel<{ id: number }> = {
  name: 'contactDetail',
  machine: contactDetailMachine,
  inputs: { contact5: { id: 5 } },
  events: [
    ...Object.values(e).flat(),
    loadedActive,
    loadedAnonymised,
    failed('loadContact', 'notFound', new ApiError(404, 'not_found')),
    failed('loadContact'),
    done('setBlocked', o.setBlocked.ok, 'ok'),
    failed('setBlocked'),
    done('addNote', o.addNote.added, 'added'),
    failed('addNote'),
    done('deleteNote', o.deleteNote.deleted, 'deleted'),
    done('deleteNote', o.deleteNote.rejected, 'notFound'),
    failed('deleteNote'),
    done('loadMoreNotes', o.loadMoreNotes.next, 'next'),
    done('loadMoreNotes', o.loadMoreNotes.last, 'last'),
    failed('loadMoreNotes'),
    done('loadMoreTimeline', o.loadMoreTimeline.next, 'next'),
    done('loadMoreTimeline', o.loadMoreTimeline.last, 'last'),
    failed('loadMoreTimeline'),
    done('refreshTimeline', o.refreshTimeline.fresh, 'fresh'),
    failed('refreshTimeline'),
    done('downloadData', o.downloadData.ok, 'ok'),
    failed('downloadData'),
    done('anonymiseContact', o.anonymiseContact.ok, 'ok'),
    failed('anonymiseContact'),
    done('deleteContact', o.deleteContact.ok, 'ok'),
    failed('deleteContact'),
  ] as ModelEvent[],
  /**
   * What decides what can happen next: the state, its error, which contact (active or anonymised), whether note 3 (the
   * one `note.delete` asks about) is listed, the two cursors and the note being deleted. The note text guards nothing
   * (the submitted text does). `loading` replaces the page data and its error, `loadFailed` only retries, `deleted`
   * is final: their data is left out.
   */
  serializeState: (s: AnyMachineSnapshot) => {
    const { value, context: c } = s as Snapshot;
    if (value === 'deleted') return JSON.stringify({ value });
    const d = value === 'loading' || value === 'loadFailed' ? null : c.details;
    return JSON.stringify({
      value,
      error: value === 'loading' ? null : c.error,
      loaded: d === null ? null : d.contact.anonymisedAt === null ? 'active' : 'anonymised',
      noteListed: d !== null && ids(d.notes).includes(e['note.delete'][0]!.noteId),
      notesCursor: d?.notesCursor ?? null,
      timelineCursor: d?.timelineCursor ?? null,
      noteToDelete: c.noteToDelete,
      timelineStale: c.timelineStale,
    });
  },
  invariants,
  // About 730 projected states (the stale flag doubles them) × 43 events: some 31 000 iterations of the traversal.
  limit: 45_000,
  journeys: [
    {
      name: 'timeline news on the page, while editing, while refreshing; a refresh that fails',
      input: 'contact5',
      events: [
        e['timeline.changed'][0]!,
        loadedActive,
        done('refreshTimeline', o.refreshTimeline.fresh, 'fresh'),
        e['timeline.changed'][0]!,
        e['timeline.changed'][0]!,
        done('refreshTimeline', o.refreshTimeline.fresh, 'fresh'),
        done('refreshTimeline', o.refreshTimeline.fresh, 'fresh'),
        e['contact.edit'][0]!,
        e['timeline.changed'][0]!,
        e['form.cancel'][0]!,
        failed('refreshTimeline'),
      ] as ModelEvent[],
    },
    {
      name: 'not found, retried; a blank note refused, typed; a note added twice; edited; blocked; anonymised; deleted',
      input: 'contact5',
      events: [
        failed('loadContact', 'notFound', new ApiError(404, 'not_found')),
        e['contact.retry'][0]!,
        loadedActive,
        e['note.submit'][1]!,
        e['note.change'][0]!,
        e['note.submit'][0]!,
        // Typing waits while the note is added.
        e['note.change'][0]!,
        done('addNote', o.addNote.added, 'added'),
        e['note.submit'][0]!,
        done('addNote', o.addNote.added, 'added'),
        e['contact.edit'][0]!,
        e['form.saved'][0]!,
        loadedActive,
        e['contact.block'][0]!,
        done('setBlocked', o.setBlocked.ok, 'ok'),
        loadedActive,
        e['contact.anonymise'][0]!,
        e['confirm.accept'][0]!,
        done('anonymiseContact', o.anonymiseContact.ok, 'ok'),
        loadedAnonymised,
        e['contact.edit'][0]!,
        e['notes.loadMore'][0]!,
        e['timeline.loadMore'][0]!,
        e['contact.delete'][0]!,
        e['confirm.accept'][0]!,
        done('deleteContact', o.deleteContact.ok, 'ok'),
      ] as ModelEvent[],
    },
    {
      name: 'every page read, one after a failure; a note kept, deleted, found gone after a reload; an unlisted one refused',
      input: 'contact5',
      events: [
        loadedActive,
        e['notes.loadMore'][0]!,
        done('loadMoreNotes', o.loadMoreNotes.next, 'next'),
        e['notes.loadMore'][0]!,
        failed('loadMoreNotes'),
        e['notes.loadMore'][0]!,
        done('loadMoreNotes', o.loadMoreNotes.last, 'last'),
        e['notes.loadMore'][0]!,
        e['timeline.loadMore'][0]!,
        done('loadMoreTimeline', o.loadMoreTimeline.next, 'next'),
        e['timeline.loadMore'][0]!,
        done('loadMoreTimeline', o.loadMoreTimeline.last, 'last'),
        e['timeline.loadMore'][0]!,
        e['note.delete'][1]!,
        e['note.delete'][0]!,
        e['confirm.cancel'][0]!,
        e['note.delete'][0]!,
        e['confirm.accept'][0]!,
        done('deleteNote', o.deleteNote.deleted, 'deleted'),
        e['note.delete'][0]!,
        // A reload starts again from the first pages; this time another user deleted the note first.
        e['contact.unblock'][0]!,
        done('setBlocked', o.setBlocked.ok, 'ok'),
        loadedActive,
        e['note.delete'][0]!,
        e['confirm.accept'][0]!,
        done('deleteNote', o.deleteNote.rejected, 'notFound'),
        e['note.delete'][0]!,
      ] as ModelEvent[],
    },
  ],
};
