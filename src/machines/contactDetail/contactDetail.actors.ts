import { fromCallback, fromPromise } from 'xstate';
import { api } from '../../api/appClient.ts';
import { readPagination, unwrap } from '../../api/client.ts';
import { appEvents } from '../../app/appEvents.ts';
import type { ContactEvent, ContactNote } from '../contactsTable/contacts.types.ts';
import type { ContactDetailEvent, ContactDetails, DeleteNoteOutcome, PageOf } from './contactDetail.types.ts';

type Id = { id: number };
/** Notes and timeline entries per page; "Show more" reads the next page after the cursor the last one gave. */
const DETAIL_PAGE_SIZE = 50;
const path = (id: number) => ({ params: { path: { contactId: id } } });
const pageQuery = (id: number, cursor?: string) => ({
  params: { path: { contactId: id }, query: { perPage: DETAIL_PAGE_SIZE, ...(cursor ? { cursor } : {}) } },
});
const next = (response: Response) => readPagination(response)?.nextCursor ?? null;

export const loadContact = fromPromise<ContactDetails, Id>(async ({ input }) => {
  const contact = unwrap(await api.GET('/contacts/{contactId}', path(input.id)));
  const [lists, notes, timeline, attributes] = await Promise.all([
    api.GET('/contacts/{contactId}/lists', path(input.id)),
    api.GET('/contacts/{contactId}/notes', pageQuery(input.id)),
    api.GET('/contacts/{contactId}/timeline', pageQuery(input.id)),
    api.GET('/contact-attributes'),
  ]);
  return {
    contact,
    lists: unwrap(lists),
    notes: unwrap(notes),
    notesCursor: next(notes.response),
    timeline: unwrap(timeline),
    timelineCursor: next(timeline.response),
    attributes: unwrap(attributes),
  };
});

export const loadMoreNotes = fromPromise<PageOf<ContactNote>, Id & { cursor: string }>(async ({ input }) => {
  const r = await api.GET('/contacts/{contactId}/notes', pageQuery(input.id, input.cursor));
  return { items: unwrap(r), cursor: next(r.response) };
});

export const loadMoreTimeline = fromPromise<PageOf<ContactEvent>, Id & { cursor: string }>(async ({ input }) => {
  const r = await api.GET('/contacts/{contactId}/timeline', pageQuery(input.id, input.cursor));
  return { items: unwrap(r), cursor: next(r.response) };
});

/** The timeline's first page read again (realtime news said it changed). */
export const refreshTimeline = fromPromise<PageOf<ContactEvent>, Id>(async ({ input }) => {
  const r = await api.GET('/contacts/{contactId}/timeline', pageQuery(input.id));
  return { items: unwrap(r), cursor: next(r.response) };
});

/** Realtime news that this contact's timeline changed (a message sent, opened, bounced, a reply came in). */
export const timelineNews = fromCallback<ContactDetailEvent, Id>(({ sendBack, input }) =>
  appEvents.subscribe((event) => {
    if (event.type === 'contact.timelineChanged' && event.contactId === input.id)
      sendBack({ type: 'timeline.changed' });
  }),
);

/** A note that is already gone (another user deleted it) is an expected answer, not a failure. */
export const deleteNote = fromPromise<DeleteNoteOutcome, Id & { noteId: number }>(async ({ input }) => {
  const r = await api.DELETE('/contacts/{contactId}/notes/{noteId}', {
    params: { path: { contactId: input.id, noteId: input.noteId } },
  });
  if (r.response.status === 404) return { kind: 'rejected', code: 'notFound' };
  unwrap(r);
  return { kind: 'deleted' };
});

export const setBlocked = fromPromise<void, Id & { blocked: boolean }>(async ({ input }) => {
  unwrap(
    input.blocked
      ? await api.POST('/contacts/{contactId}/block', path(input.id))
      : await api.POST('/contacts/{contactId}/unblock', path(input.id)),
  );
});

export const addNote = fromPromise<ContactNote, Id & { text: string }>(async ({ input }) => {
  return unwrap(await api.POST('/contacts/{contactId}/notes', { ...path(input.id), body: { text: input.text } }));
});

export const anonymiseContact = fromPromise<void, Id>(async ({ input }) => {
  unwrap(await api.POST('/contacts/{contactId}/anonymise', path(input.id)));
});

export const deleteContact = fromPromise<void, Id>(async ({ input }) => {
  unwrap(await api.DELETE('/contacts/{contactId}', path(input.id)));
});

/** Everything stored about the contact, saved by the browser as a JSON file. */
export const downloadData = fromPromise<void, Id>(async ({ input }) => {
  const data = unwrap(await api.GET('/contacts/{contactId}/data', path(input.id)));
  const url = URL.createObjectURL(new Blob([JSON.stringify(data, null, 2)], { type: 'application/json' }));
  const link = document.createElement('a');
  link.href = url;
  link.download = `contact-${input.id}.json`;
  link.click();
  setTimeout(() => URL.revokeObjectURL(url), 1_000);
});
