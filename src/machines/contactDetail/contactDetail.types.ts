// Types shared by the contactDetail machine and its actors, so neither module imports the other back.
import type {
  Contact,
  ContactAttribute,
  ContactEvent,
  ContactList,
  ContactNote,
} from '../contactsTable/contacts.types.ts';

/** The page's data; notes and timeline hold the pages read so far, and the cursor of the next one (null: all read). */
export interface ContactDetails {
  contact: Contact;
  lists: ContactList[];
  notes: ContactNote[];
  notesCursor: string | null;
  timeline: ContactEvent[];
  timelineCursor: string | null;
  attributes: ContactAttribute[];
}

/** One more page of notes or timeline entries, and the cursor after it. */
export interface PageOf<T> {
  items: T[];
  cursor: string | null;
}

/** Deleting a note: done, or the note was no longer there (another user deleted it, or the contact). */
export type DeleteNoteOutcome = { kind: 'deleted' } | { kind: 'rejected'; code: 'notFound' };

/** Spec sections 5 and 8: 'Text is required' (a blank note), 'Cannot create this note, try later.'; plus failed loads and calls. */
export type ContactDetailError =
  | 'loadFailed'
  | 'notFound'
  | 'noteRequired'
  | 'noteFailed'
  | 'noteDeleteFailed'
  | 'noteGone'
  | 'moreFailed'
  | 'blockFailed'
  | 'anonymiseFailed'
  | 'deleteFailed'
  | 'exportFailed';

export interface ContactDetailContext {
  id: number;
  details: ContactDetails | null;
  /** The note being written: kept until it is saved (a failed save keeps it to try again). */
  noteText: string;
  /** The note the user asked to delete, from the question until the answer. */
  noteToDelete: number | null;
  error: ContactDetailError | null;
  /** The timeline changed since it was read (realtime news): refreshed as soon as the page is back in `viewing`. */
  timelineStale: boolean;
}

export type ContactDetailEvent =
  | { type: 'contact.retry' }
  | { type: 'contact.edit' }
  | { type: 'form.saved' }
  | { type: 'form.cancel' }
  | { type: 'contact.block' }
  | { type: 'contact.unblock' }
  | { type: 'note.change'; text: string }
  | { type: 'note.submit'; text: string }
  | { type: 'note.delete'; noteId: number }
  | { type: 'notes.loadMore' }
  | { type: 'timeline.loadMore' }
  | { type: 'timeline.changed' }
  | { type: 'data.export' }
  | { type: 'contact.anonymise' }
  | { type: 'contact.delete' }
  | { type: 'confirm.accept' }
  | { type: 'confirm.cancel' };
