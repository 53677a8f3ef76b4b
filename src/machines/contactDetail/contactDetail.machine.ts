import { assign, setup } from 'xstate';
import type { Contact, ContactAttribute, ContactEvent, ContactList, ContactNote } from '../contactsTable/contacts.types.ts';
import { addNote, anonymiseContact, deleteContact, downloadData, loadContact, setBlocked } from './contactDetail.actors.ts';

export interface ContactDetails {
  contact: Contact;
  lists: ContactList[];
  notes: ContactNote[];
  timeline: ContactEvent[];
  attributes: ContactAttribute[];
}

/** Spec section 8: 'Cannot create this note, try later.'; plus failed loads and calls. */
export type ContactDetailError = 'loadFailed' | 'notFound' | 'noteFailed' | 'blockFailed' | 'anonymiseFailed' | 'deleteFailed' | 'exportFailed';

export interface ContactDetailContext {
  id: number;
  details: ContactDetails | null;
  noteText: string;
  error: ContactDetailError | null;
}

export type ContactDetailEvent =
  | { type: 'contact.retry' }
  | { type: 'contact.edit' }
  | { type: 'form.saved' }
  | { type: 'form.cancel' }
  | { type: 'contact.block' }
  | { type: 'contact.unblock' }
  | { type: 'note.submit'; text: string }
  | { type: 'data.export' }
  | { type: 'contact.anonymise' }
  | { type: 'contact.delete' }
  | { type: 'confirm.accept' }
  | { type: 'confirm.cancel' };

const isNotFound = (error: unknown) => (error as { status?: number } | null)?.status === 404;

/**
 * One contact's page. `loading` reads the contact, its lists, notes, timeline and the attribute names → `viewing`.
 * From there: `editing` (the contact form), `blocking` / `unblocking`, `addingNote`, `exportingData` (JSON download),
 * `confirmingAnonymise` → `anonymising`, `confirmingDelete` → `deleting` → `deleted`. Changes reload the page data.
 */
export const contactDetailMachine = setup({
  types: { context: {} as ContactDetailContext, events: {} as ContactDetailEvent, input: {} as { id: number } },
  actors: { loadContact, setBlocked, addNote, anonymiseContact, deleteContact, downloadData },
  guards: {
    hasNoteText: ({ event }) => event.type === 'note.submit' && event.text.trim() !== '',
    isNotFound: ({ event }) => isNotFound((event as { error?: unknown }).error),
    isEditable: ({ context }) => context.details?.contact.anonymisedAt === null,
  },
  actions: {
    assignDetails: assign((_, details: ContactDetails) => ({ details, error: null })),
    assignNoteText: assign(({ event }) => (event.type === 'note.submit' ? { noteText: event.text.trim(), error: null } : {})),
    prependNote: assign(({ context }, note: ContactNote) => (context.details ? { details: { ...context.details, notes: [note, ...context.details.notes] }, noteText: '' } : {})),
    clearError: assign({ error: null }),
    failWith: assign((_, error: ContactDetailError) => ({ error })),
  },
}).createMachine({
  id: 'contactDetail',
  context: ({ input }) => ({ id: input.id, details: null, noteText: '', error: null }),
  initial: 'loading',
  states: {
    loading: {
      tags: ['busy'],
      invoke: {
        id: 'loadContact',
        src: 'loadContact',
        input: ({ context }) => ({ id: context.id }),
        onDone: { target: 'viewing', actions: { type: 'assignDetails', params: ({ event }) => event.output } },
        onError: [
          { guard: 'isNotFound', target: 'loadFailed', actions: { type: 'failWith', params: 'notFound' } },
          { target: 'loadFailed', actions: { type: 'failWith', params: 'loadFailed' } },
        ],
      },
    },
    loadFailed: { tags: ['error'], on: { 'contact.retry': 'loading' } },
    viewing: {
      on: {
        'contact.edit': { guard: 'isEditable', target: 'editing', actions: 'clearError' },
        'contact.block': { target: 'blocking', actions: 'clearError' },
        'contact.unblock': { target: 'unblocking', actions: 'clearError' },
        'note.submit': { guard: 'hasNoteText', target: 'addingNote', actions: 'assignNoteText' },
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
      invoke: {
        id: 'addNote',
        src: 'addNote',
        input: ({ context }) => ({ id: context.id, text: context.noteText }),
        onDone: { target: 'viewing', actions: { type: 'prependNote', params: ({ event }) => event.output } },
        onError: { target: 'viewing', actions: { type: 'failWith', params: 'noteFailed' } },
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
