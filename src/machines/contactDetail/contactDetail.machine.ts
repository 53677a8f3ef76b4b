import { assign, setup, type ErrorActorEvent } from 'xstate';
import type { ContactEvent, ContactNote } from '../contactsTable/contacts.types.ts';
import {
  addNote,
  anonymiseContact,
  deleteContact,
  deleteNote,
  downloadData,
  loadContact,
  loadMoreNotes,
  loadMoreTimeline,
  refreshTimeline,
  setBlocked,
  timelineNews,
} from './contactDetail.actors.ts';
import type {
  ContactDetails,
  PageOf,
  DeleteNoteOutcome,
  ContactDetailError,
  ContactDetailContext,
  ContactDetailEvent,
} from './contactDetail.types.ts';

export type * from './contactDetail.types.ts';

const isNotFound = (error: unknown) => (error as { status?: number } | null)?.status === 404;

/**
 * One contact's page. `loading` reads the contact, its lists, the first pages of notes and timeline and the attribute
 * names → `viewing`. From there: `editing` (the contact form), `blocking` / `unblocking`, `addingNote` (a blank note is
 * refused: 'Text is required'; the note being written can change in any state but while it is being added),
 * `confirmingNoteDelete` → `deletingNote`, `loadingMoreNotes` / `loadingMoreTimeline` (the next page, appended),
 * `exportingData` (JSON download), `confirmingAnonymise` → `anonymising`, `confirmingDelete` → `deleting` → `deleted`.
 * Changes to the contact reload the page data; note changes and further pages change the lists in place. News that the
 * timeline changed (realtime `contact.timeline` naming this contact, heard in any state) marks it stale; `viewing`
 * then passes through `refreshingTimeline`, which puts the new entries of the first page on top.
 */
export const contactDetailMachine = setup({
  types: { context: {} as ContactDetailContext, events: {} as ContactDetailEvent, input: {} as { id: number } },
  actors: {
    loadContact,
    setBlocked,
    addNote,
    deleteNote,
    loadMoreNotes,
    loadMoreTimeline,
    refreshTimeline,
    timelineNews,
    anonymiseContact,
    deleteContact,
    downloadData,
  },
  guards: {
    hasNoteText: (_, text: string) => text.trim() !== '',
    isListedNote: ({ context }, noteId: number) => Boolean(context.details?.notes.some((n) => n.id === noteId)),
    hasMoreNotes: ({ context }) => Boolean(context.details?.notesCursor),
    hasMoreTimeline: ({ context }) => Boolean(context.details?.timelineCursor),
    isTimelineStale: ({ context }) => context.timelineStale,
    isRejected: (_, outcome: DeleteNoteOutcome) => outcome.kind === 'rejected',
    isNotFound: (_, error: unknown) => isNotFound(error),
    isEditable: ({ context }) => context.details?.contact.anonymisedAt === null,
  },
  actions: {
    assignDetails: assign((_, details: ContactDetails) => ({ details, error: null })),
    assignNoteText: assign((_, text: string) => ({ noteText: text.trim(), error: null })),
    /** Typing keeps the draft; it also answers a 'Text is required' shown for it. */
    changeNoteText: assign(({ context }, text: string) => ({
      noteText: text,
      error: context.error === 'noteRequired' ? null : context.error,
    })),
    prependNote: assign(({ context }, note: ContactNote) =>
      context.details ? { details: { ...context.details, notes: [note, ...context.details.notes] }, noteText: '' } : {},
    ),
    askNoteDelete: assign((_, noteId: number) => ({ noteToDelete: noteId, error: null })),
    forgetNoteToDelete: assign({ noteToDelete: null }),
    removeNote: assign(({ context }) => ({
      details: context.details
        ? { ...context.details, notes: context.details.notes.filter((n) => n.id !== context.noteToDelete) }
        : null,
      noteToDelete: null,
    })),
    appendNotes: assign(({ context }, page: PageOf<ContactNote>) =>
      context.details
        ? {
            details: { ...context.details, notes: [...context.details.notes, ...page.items], notesCursor: page.cursor },
          }
        : {},
    ),
    appendTimeline: assign(({ context }, page: PageOf<ContactEvent>) =>
      context.details
        ? {
            details: {
              ...context.details,
              timeline: [...context.details.timeline, ...page.items],
              timelineCursor: page.cursor,
            },
          }
        : {},
    ),
    /** The first page read again: its entries newer than the newest shown go on top; the pages below stay. */
    prependTimeline: assign(({ context }, page: PageOf<ContactEvent>) => {
      if (!context.details) return {};
      const newest = Math.max(0, ...context.details.timeline.map((e) => e.id));
      const fresh = page.items.filter((e) => e.id > newest);
      return { details: { ...context.details, timeline: [...fresh, ...context.details.timeline] } };
    }),
    markTimelineStale: assign({ timelineStale: true }),
    markTimelineFresh: assign({ timelineStale: false }),
    clearError: assign({ error: null }),
    failWith: assign((_, error: ContactDetailError) => ({ error })),
  },
}).createMachine({
  id: 'contactDetail',
  context: ({ input }) => ({
    id: input.id,
    details: null,
    noteText: '',
    noteToDelete: null,
    error: null,
    timelineStale: false,
  }),
  initial: 'loading',
  invoke: { id: 'timelineNews', src: 'timelineNews', input: ({ context }) => ({ id: context.id }) },
  on: {
    'note.change': { actions: { type: 'changeNoteText', params: ({ event }) => event.text } },
    'timeline.changed': { actions: 'markTimelineStale' },
  },
  states: {
    loading: {
      tags: ['busy'],
      invoke: {
        id: 'loadContact',
        src: 'loadContact',
        input: ({ context }) => ({ id: context.id }),
        onDone: { target: 'viewing', actions: { type: 'assignDetails', params: ({ event }) => event.output } },
        onError: [
          {
            guard: { type: 'isNotFound', params: ({ event }: { event: ErrorActorEvent }) => event.error },
            target: 'loadFailed',
            actions: { type: 'failWith', params: 'notFound' },
          },
          { target: 'loadFailed', actions: { type: 'failWith', params: 'loadFailed' } },
        ],
      },
    },
    loadFailed: { tags: ['error'], on: { 'contact.retry': 'loading' } },
    viewing: {
      always: { guard: 'isTimelineStale', target: 'refreshingTimeline' },
      on: {
        'contact.edit': { guard: 'isEditable', target: 'editing', actions: 'clearError' },
        'contact.block': { target: 'blocking', actions: 'clearError' },
        'contact.unblock': { target: 'unblocking', actions: 'clearError' },
        'note.submit': [
          {
            guard: { type: 'hasNoteText', params: ({ event }) => event.text },
            target: 'addingNote',
            actions: { type: 'assignNoteText', params: ({ event }) => event.text },
          },
          { actions: { type: 'failWith', params: 'noteRequired' } },
        ],
        'note.delete': {
          guard: { type: 'isListedNote', params: ({ event }) => event.noteId },
          target: 'confirmingNoteDelete',
          actions: { type: 'askNoteDelete', params: ({ event }) => event.noteId },
        },
        'notes.loadMore': { guard: 'hasMoreNotes', target: 'loadingMoreNotes', actions: 'clearError' },
        'timeline.loadMore': { guard: 'hasMoreTimeline', target: 'loadingMoreTimeline', actions: 'clearError' },
        'data.export': { target: 'exportingData', actions: 'clearError' },
        'contact.anonymise': { target: 'confirmingAnonymise', actions: 'clearError' },
        'contact.delete': { target: 'confirmingDelete', actions: 'clearError' },
      },
    },
    editing: { tags: ['editable'], on: { 'form.saved': 'loading', 'form.cancel': 'viewing' } },
    blocking: {
      tags: ['busy'],
      invoke: {
        id: 'setBlocked',
        src: 'setBlocked',
        input: ({ context }) => ({ id: context.id, blocked: true }),
        onDone: 'loading',
        onError: { target: 'viewing', actions: { type: 'failWith', params: 'blockFailed' } },
      },
    },
    unblocking: {
      tags: ['busy'],
      invoke: {
        id: 'setBlocked',
        src: 'setBlocked',
        input: ({ context }) => ({ id: context.id, blocked: false }),
        onDone: 'loading',
        onError: { target: 'viewing', actions: { type: 'failWith', params: 'blockFailed' } },
      },
    },
    addingNote: {
      tags: ['busy'],
      // The text being saved stays as it is until the answer.
      on: { 'note.change': {} },
      invoke: {
        id: 'addNote',
        src: 'addNote',
        input: ({ context }) => ({ id: context.id, text: context.noteText }),
        onDone: { target: 'viewing', actions: { type: 'prependNote', params: ({ event }) => event.output } },
        onError: { target: 'viewing', actions: { type: 'failWith', params: 'noteFailed' } },
      },
    },
    confirmingNoteDelete: {
      on: { 'confirm.accept': 'deletingNote', 'confirm.cancel': { target: 'viewing', actions: 'forgetNoteToDelete' } },
    },
    deletingNote: {
      tags: ['busy'],
      invoke: {
        id: 'deleteNote',
        src: 'deleteNote',
        input: ({ context }) => ({ id: context.id, noteId: context.noteToDelete ?? 0 }),
        onDone: [
          // Already gone: it leaves the list all the same, and the page says why.
          {
            guard: { type: 'isRejected', params: ({ event }) => event.output },
            target: 'viewing',
            actions: ['removeNote', { type: 'failWith', params: 'noteGone' }],
          },
          { target: 'viewing', actions: 'removeNote' },
        ],
        onError: {
          target: 'viewing',
          actions: ['forgetNoteToDelete', { type: 'failWith', params: 'noteDeleteFailed' }],
        },
      },
    },
    loadingMoreNotes: {
      tags: ['busy'],
      invoke: {
        id: 'loadMoreNotes',
        src: 'loadMoreNotes',
        input: ({ context }) => ({ id: context.id, cursor: context.details?.notesCursor ?? '' }),
        onDone: { target: 'viewing', actions: { type: 'appendNotes', params: ({ event }) => event.output } },
        onError: { target: 'viewing', actions: { type: 'failWith', params: 'moreFailed' } },
      },
    },
    loadingMoreTimeline: {
      tags: ['busy'],
      invoke: {
        id: 'loadMoreTimeline',
        src: 'loadMoreTimeline',
        input: ({ context }) => ({ id: context.id, cursor: context.details?.timelineCursor ?? '' }),
        onDone: { target: 'viewing', actions: { type: 'appendTimeline', params: ({ event }) => event.output } },
        onError: { target: 'viewing', actions: { type: 'failWith', params: 'moreFailed' } },
      },
    },
    refreshingTimeline: {
      // News arriving while this reads marks the timeline stale again, and `viewing` reads once more.
      entry: 'markTimelineFresh',
      invoke: {
        id: 'refreshTimeline',
        src: 'refreshTimeline',
        input: ({ context }) => ({ id: context.id }),
        onDone: { target: 'viewing', actions: { type: 'prependTimeline', params: ({ event }) => event.output } },
        onError: { target: 'viewing', actions: { type: 'failWith', params: 'moreFailed' } },
      },
    },
    exportingData: {
      tags: ['busy'],
      invoke: {
        id: 'downloadData',
        src: 'downloadData',
        input: ({ context }) => ({ id: context.id }),
        onDone: 'viewing',
        onError: { target: 'viewing', actions: { type: 'failWith', params: 'exportFailed' } },
      },
    },
    confirmingAnonymise: { on: { 'confirm.accept': 'anonymising', 'confirm.cancel': 'viewing' } },
    anonymising: {
      tags: ['busy'],
      invoke: {
        id: 'anonymiseContact',
        src: 'anonymiseContact',
        input: ({ context }) => ({ id: context.id }),
        onDone: 'loading',
        onError: { target: 'viewing', actions: { type: 'failWith', params: 'anonymiseFailed' } },
      },
    },
    confirmingDelete: { on: { 'confirm.accept': 'deleting', 'confirm.cancel': 'viewing' } },
    deleting: {
      tags: ['busy'],
      invoke: {
        id: 'deleteContact',
        src: 'deleteContact',
        input: ({ context }) => ({ id: context.id }),
        onDone: 'deleted',
        onError: { target: 'viewing', actions: { type: 'failWith', params: 'deleteFailed' } },
      },
    },
    deleted: { type: 'final' },
  },
});
