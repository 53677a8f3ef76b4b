import { assign, fromPromise, setup } from 'xstate';
import type { AttributeType, ContactFolder } from '../contactsTable/contacts.types.ts';

/** An attribute, a folder or a list, as the collection screens show it. */
export interface CollectionItem {
  id: number;
  name: string;
  type?: AttributeType;
  options?: string[];
  folderId?: number;
  /** Lists in a folder, contacts in a list. */
  size?: number;
}

export interface CollectionDraft {
  name: string;
  type?: AttributeType;
  options?: string[];
  folderId?: number;
  /** Lists only: the folder to create first when there is none yet (the translated default name). */
  newFolderName?: string;
}

export interface CollectionData {
  items: CollectionItem[];
  /** Folders a list can be created in (lists only). */
  folders: ContactFolder[];
}

/** A refusal the form can name at its field (spec section 5), or another invalid value. */
export type WriteOutcome =
  { kind: 'saved'; item: CollectionItem } | { kind: 'rejected'; reason: 'nameRequired' | 'optionRequired' | 'invalid' };
export type DeleteOutcome = { kind: 'deleted' } | { kind: 'rejected'; reason: 'notEmpty' };

/** Spec section 5 and 8: 'Please provide a name', 'Option is required', 'Error creating this …', 'A folder that is not empty …'. */
export type CollectionError =
  'loadFailed' | 'nameRequired' | 'optionRequired' | 'createFailed' | 'renameFailed' | 'deleteFailed' | 'notEmpty';

export interface CollectionContext {
  data: CollectionData;
  pending: { id: number | null; draft: CollectionDraft } | null;
  error: CollectionError | null;
  /** How many items were created: the create form starts afresh after each (and keeps what was typed otherwise). */
  created: number;
}

export type CollectionEvent =
  | { type: 'collection.retry' }
  | { type: 'item.create'; draft: CollectionDraft }
  | { type: 'item.rename'; id: number; name: string }
  | { type: 'item.delete'; id: number }
  | { type: 'delete.confirm' }
  | { type: 'delete.cancel' };

const unconfigured = <O, I>() =>
  fromPromise<O, I>(async () => {
    throw new Error('contactCollectionMachine needs its actors (see contactCollection.actors.ts)');
  });

/**
 * Attributes, folders or lists (one machine, the actors of each collection provided by the screen). `loading` →
 * `ready`; `creating` and `renaming` need a name, a category attribute at least one option; `confirmingDelete` →
 * `deleting` (a folder holding lists is refused).
 */
export const contactCollectionMachine = setup({
  types: { context: {} as CollectionContext, events: {} as CollectionEvent },
  actors: {
    loadCollection: unconfigured<CollectionData, void>(),
    createItem: unconfigured<WriteOutcome, CollectionDraft>(),
    renameItem: unconfigured<WriteOutcome, { id: number; name: string }>(),
    deleteItem: unconfigured<DeleteOutcome, { id: number }>(),
  },
  guards: {
    isBlankName: (_, name: string) => name.trim() === '',
    /** A category needs options, none of them blank; other drafts need none. */
    lacksOptions: (_, draft: CollectionDraft) => {
      const options = draft.options ?? [];
      return draft.type === 'category' && (options.length === 0 || options.some((o) => o.trim() === ''));
    },
    isSaved: (_, outcome: WriteOutcome) => outcome.kind === 'saved',
    isDeleted: (_, outcome: DeleteOutcome) => outcome.kind === 'deleted',
  },
  actions: {
    assignData: assign((_, data: CollectionData) => ({ data, error: null })),
    assignPending: assign((_, pending: { id: number | null; draft: CollectionDraft }) => ({
      pending: { id: pending.id, draft: { ...pending.draft, name: pending.draft.name.trim() } },
      error: null,
    })),
    upsert: assign(({ context }, outcome: WriteOutcome) => {
      // A refusal the form names at its field replaces the create/rename failure set before it; others keep it.
      if (outcome.kind !== 'saved') return outcome.reason === 'invalid' ? {} : { error: outcome.reason };
      const items = [...context.data.items.filter((i) => i.id !== outcome.item.id), outcome.item].sort((a, b) =>
        a.name.localeCompare(b.name),
      );
      return { data: { ...context.data, items }, pending: null };
    }),
    removePending: assign(({ context }) => ({
      data: { ...context.data, items: context.data.items.filter((i) => i.id !== context.pending?.id) },
      pending: null,
    })),
    clearPending: assign({ pending: null }),
    countCreated: assign(({ context }) => ({ created: context.created + 1 })),
    failWith: assign((_, error: CollectionError) => ({ error })),
  },
}).createMachine({
  id: 'contactCollection',
  context: { data: { items: [], folders: [] }, pending: null, error: null, created: 0 },
  initial: 'loading',
  states: {
    loading: {
      tags: ['busy'],
      invoke: {
        id: 'loadCollection',
        src: 'loadCollection',
        onDone: { target: 'ready', actions: { type: 'assignData', params: ({ event }) => event.output } },
        onError: { target: 'loadFailed', actions: { type: 'failWith', params: 'loadFailed' } },
      },
    },
    loadFailed: { tags: ['error'], on: { 'collection.retry': 'loading' } },
    ready: {
      on: {
        'item.create': [
          {
            guard: { type: 'isBlankName', params: ({ event }) => event.draft.name },
            actions: { type: 'failWith', params: 'nameRequired' },
          },
          {
            guard: { type: 'lacksOptions', params: ({ event }) => event.draft },
            actions: { type: 'failWith', params: 'optionRequired' },
          },
          {
            target: 'creating',
            actions: { type: 'assignPending', params: ({ event }) => ({ id: null, draft: event.draft }) },
          },
        ],
        'item.rename': [
          {
            guard: { type: 'isBlankName', params: ({ event }) => event.name },
            actions: { type: 'failWith', params: 'nameRequired' },
          },
          {
            target: 'renaming',
            actions: { type: 'assignPending', params: ({ event }) => ({ id: event.id, draft: { name: event.name } }) },
          },
        ],
        'item.delete': {
          target: 'confirmingDelete',
          actions: { type: 'assignPending', params: ({ event }) => ({ id: event.id, draft: { name: '' } }) },
        },
      },
    },
    creating: {
      tags: ['busy'],
      invoke: {
        id: 'createItem',
        src: 'createItem',
        input: ({ context }) => context.pending!.draft,
        onDone: [
          {
            guard: { type: 'isSaved', params: ({ event }) => event.output },
            target: 'ready',
            actions: [{ type: 'upsert', params: ({ event }) => event.output }, 'countCreated'],
          },
          {
            target: 'ready',
            actions: [
              { type: 'failWith', params: 'createFailed' },
              { type: 'upsert', params: ({ event }) => event.output },
            ],
          },
        ],
        onError: { target: 'ready', actions: { type: 'failWith', params: 'createFailed' } },
      },
    },
    renaming: {
      tags: ['busy'],
      invoke: {
        id: 'renameItem',
        src: 'renameItem',
        input: ({ context }) => ({ id: context.pending!.id!, name: context.pending!.draft.name }),
        onDone: [
          {
            guard: { type: 'isSaved', params: ({ event }) => event.output },
            target: 'ready',
            actions: { type: 'upsert', params: ({ event }) => event.output },
          },
          {
            target: 'ready',
            actions: [
              { type: 'failWith', params: 'renameFailed' },
              { type: 'upsert', params: ({ event }) => event.output },
            ],
          },
        ],
        onError: { target: 'ready', actions: { type: 'failWith', params: 'renameFailed' } },
      },
    },
    confirmingDelete: {
      on: { 'delete.confirm': 'deleting', 'delete.cancel': { target: 'ready', actions: 'clearPending' } },
    },
    deleting: {
      tags: ['busy'],
      invoke: {
        id: 'deleteItem',
        src: 'deleteItem',
        input: ({ context }) => ({ id: context.pending!.id! }),
        onDone: [
          {
            guard: { type: 'isDeleted', params: ({ event }) => event.output },
            target: 'ready',
            actions: 'removePending',
          },
          { target: 'ready', actions: [{ type: 'failWith', params: 'notEmpty' }, 'clearPending'] },
        ],
        onError: { target: 'ready', actions: [{ type: 'failWith', params: 'deleteFailed' }, 'clearPending'] },
      },
    },
  },
});
