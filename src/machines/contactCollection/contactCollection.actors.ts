import { fromPromise } from 'xstate';
import { api } from '../../api/appClient.ts';
import { firstFieldErrors, unwrap, type FetchResult } from '../../api/client.ts';
import {
  toFieldIssues,
  type ContactAttribute,
  type ContactFolder,
  type ContactList,
} from '../contactsTable/contacts.types.ts';
import type {
  CollectionData,
  CollectionDraft,
  CollectionItem,
  DeleteOutcome,
  WriteOutcome,
} from './contactCollection.machine.ts';

/** The refusal a 422 or 409 names: a blank name, a category without options (spec section 5), or another value. */
function refusal(error: unknown): Extract<WriteOutcome, { kind: 'rejected' }>['reason'] {
  const issues = toFieldIssues(firstFieldErrors(error));
  if (issues.name === 'nameRequired') return 'nameRequired';
  if (issues.options === 'optionRequired') return 'optionRequired';
  return 'invalid';
}

/** A written item, or a 422 as a typed refusal; anything else is thrown. */
export function written<T>(r: FetchResult<T>, toItem: (data: T) => CollectionItem): WriteOutcome {
  if (r.response.status === 422 || r.response.status === 409) return { kind: 'rejected', reason: refusal(r.error) };
  return { kind: 'saved', item: toItem(unwrap(r)) };
}

/** Deleted; a 409 is a refusal only where the contract answers one (a folder that still holds lists). */
export function deleted(r: FetchResult<unknown>, conflictIsRefusal = false): DeleteOutcome {
  if (conflictIsRefusal && r.response.status === 409) return { kind: 'rejected', reason: 'notEmpty' };
  unwrap(r);
  return { kind: 'deleted' };
}

const attribute = (a: ContactAttribute): CollectionItem => ({
  id: a.id,
  name: a.name,
  type: a.type,
  options: a.options,
});
const folder = (f: ContactFolder): CollectionItem => ({ id: f.id, name: f.name, size: f.listCount });
const list = (l: ContactList): CollectionItem => ({
  id: l.id,
  name: l.name,
  folderId: l.folderId,
  size: l.memberCount,
});

export const attributeActors = {
  loadCollection: fromPromise<CollectionData, void>(async () => {
    return { items: unwrap(await api.GET('/contact-attributes')).map(attribute), folders: [] };
  }),
  createItem: fromPromise<WriteOutcome, CollectionDraft>(async ({ input }) =>
    written(
      await api.POST('/contact-attributes', {
        body: {
          name: input.name,
          type: input.type ?? 'text',
          ...(input.type === 'category' ? { options: input.options ?? [] } : {}),
        },
      }),
      attribute,
    ),
  ),
  renameItem: fromPromise<WriteOutcome, { id: number; name: string }>(async ({ input }) =>
    written(
      await api.PATCH('/contact-attributes/{attributeId}', {
        params: { path: { attributeId: input.id } },
        body: { name: input.name },
      }),
      attribute,
    ),
  ),
  deleteItem: fromPromise<DeleteOutcome, { id: number }>(async ({ input }) =>
    deleted(await api.DELETE('/contact-attributes/{attributeId}', { params: { path: { attributeId: input.id } } })),
  ),
};

export const folderActors = {
  loadCollection: fromPromise<CollectionData, void>(async () => {
    const folders = unwrap(await api.GET('/contact-folders'));
    return { items: folders.map(folder), folders };
  }),
  createItem: fromPromise<WriteOutcome, CollectionDraft>(async ({ input }) =>
    written(await api.POST('/contact-folders', { body: { name: input.name } }), folder),
  ),
  renameItem: fromPromise<WriteOutcome, { id: number; name: string }>(async ({ input }) =>
    written(
      await api.PATCH('/contact-folders/{folderId}', {
        params: { path: { folderId: input.id } },
        body: { name: input.name },
      }),
      folder,
    ),
  ),
  deleteItem: fromPromise<DeleteOutcome, { id: number }>(async ({ input }) =>
    deleted(await api.DELETE('/contact-folders/{folderId}', { params: { path: { folderId: input.id } } }), true),
  ),
};

export const listActors = {
  loadCollection: fromPromise<CollectionData, void>(async () => {
    const [lists, folders] = await Promise.all([
      api.GET('/contact-lists', { params: { query: { perPage: 500 } } }),
      api.GET('/contact-folders'),
    ]);
    return { items: unwrap(lists).map(list), folders: unwrap(folders) };
  }),
  createItem: fromPromise<WriteOutcome, CollectionDraft>(async ({ input }) => {
    let folderId = input.folderId;
    if (!folderId) {
      // A list lives in a folder: without one yet, a first folder is created for it.
      folderId = unwrap(await api.POST('/contact-folders', { body: { name: input.newFolderName ?? '' } })).id;
    }
    return written(await api.POST('/contact-lists', { body: { name: input.name, folderId } }), list);
  }),
  renameItem: fromPromise<WriteOutcome, { id: number; name: string }>(async ({ input }) =>
    written(
      await api.PATCH('/contact-lists/{listId}', {
        params: { path: { listId: input.id } },
        body: { name: input.name },
      }),
      list,
    ),
  ),
  deleteItem: fromPromise<DeleteOutcome, { id: number }>(async ({ input }) =>
    deleted(await api.DELETE('/contact-lists/{listId}', { params: { path: { listId: input.id } } })),
  ),
};
