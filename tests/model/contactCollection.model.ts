import assert from 'node:assert/strict';
import type { AnyMachineSnapshot, OutputFrom, SnapshotFrom } from 'xstate';
import type { listActors } from '../../src/machines/contactCollection/contactCollection.actors.ts';
import {
  contactCollectionMachine,
  type CollectionContext,
  type CollectionData,
  type CollectionEvent,
  type CollectionItem,
  type DeleteOutcome,
  type WriteOutcome,
} from '../../src/machines/contactCollection/contactCollection.machine.ts';
import { done, failed, type Invariant, type MachineModel, type ModelEvent, type Via } from './graph.ts';

const at = '2025-01-01T10:00:00.000Z';

export const contactCollectionEventFixtures = {
  'collection.retry': [{ type: 'collection.retry' }],
  'item.create': [
    { type: 'item.create', draft: { name: '  Customers ', folderId: 10 } },
    { type: 'item.create', draft: { name: '   ' } },
    // A category attribute: without options, then with a blank one, then with options.
    { type: 'item.create', draft: { name: 'Plan', type: 'category', options: [] } },
    { type: 'item.create', draft: { name: 'Plan', type: 'category', options: ['gold', ' '] } },
    { type: 'item.create', draft: { name: 'Plan', type: 'category', options: ['gold', 'silver'] } },
  ],
  'item.rename': [
    { type: 'item.rename', id: 1, name: ' Weekly ' },
    { type: 'item.rename', id: 1, name: '' },
  ],
  'item.delete': [{ type: 'item.delete', id: 2 }],
  'delete.confirm': [{ type: 'delete.confirm' }],
  'delete.cancel': [{ type: 'delete.cancel' }],
} satisfies { [K in CollectionEvent['type']]: Array<Extract<CollectionEvent, { type: K }>> };

type Rejection = Extract<WriteOutcome, { kind: 'rejected' }>;
/** A saved item plus one refusal per reason: a new reason fails compilation until it has a fixture. */
type WriteFixtures = {
  [K in 'saved' | Rejection['reason']]: K extends 'saved'
    ? Extract<WriteOutcome, { kind: 'saved' }>
    : Rejection & { reason: K };
};

const loaded: CollectionData = {
  items: [
    { id: 1, name: 'Newsletter', folderId: 10, size: 2 },
    { id: 2, name: 'Archive', folderId: 10, size: 0 },
  ],
  folders: [{ id: 10, name: 'Marketing', listCount: 2, createdAt: at, updatedAt: at }],
};

/** The three collections (attributes, folders, lists) provide actors of the same types; lists' are the fullest. */
export const contactCollectionOutputFixtures = {
  loadCollection: { loaded },
  createItem: {
    saved: { kind: 'saved', item: { id: 3, name: 'Customers', folderId: 10, size: 0 } },
    nameRequired: { kind: 'rejected', reason: 'nameRequired' },
    optionRequired: { kind: 'rejected', reason: 'optionRequired' },
    invalid: { kind: 'rejected', reason: 'invalid' },
  } satisfies WriteFixtures,
  renameItem: {
    saved: { kind: 'saved', item: { id: 1, name: 'Weekly', folderId: 10, size: 2 } },
    nameRequired: { kind: 'rejected', reason: 'nameRequired' },
    optionRequired: { kind: 'rejected', reason: 'optionRequired' },
    invalid: { kind: 'rejected', reason: 'invalid' },
  } satisfies WriteFixtures,
  deleteItem: {
    deleted: { kind: 'deleted' },
    rejected: { kind: 'rejected', reason: 'notEmpty' },
  } satisfies { [K in DeleteOutcome['kind']]: Extract<DeleteOutcome, { kind: K }> },
} satisfies { [K in keyof typeof listActors]: Record<string, OutputFrom<(typeof listActors)[K]>> };

const o = contactCollectionOutputFixtures;
const e = contactCollectionEventFixtures;

// ── invariants ───────────────────────────────────────────────────────────────────────────────────────────────────
type Snapshot = SnapshotFrom<typeof contactCollectionMachine>;
const state = (check: (s: Snapshot, via: Via) => void): Invariant => check as Invariant;
const ctx = (s: AnyMachineSnapshot) => s.context as CollectionContext;
const ids = (s: AnyMachineSnapshot) => ctx(s).data.items.map((i) => i.id);
const outputOf = <T>(via: Via) => (via?.event as unknown as { output: T }).output;
const itemsUnchanged = (s: AnyMachineSnapshot, via: Via) =>
  assert.deepEqual(ctx(s).data, ctx(via!.from).data, 'the collection changed');

/** The outcome of a write, back in `ready`: which error it leaves, and the item it shows. */
function afterWrite(s: Snapshot, via: Via, failure: 'createFailed' | 'renameFailed') {
  const event = via!.event;
  if (event.type.startsWith('xstate.error.actor.')) {
    assert.equal(s.context.error, failure);
    return itemsUnchanged(s, via);
  }
  const outcome = outputOf<WriteOutcome>(via);
  if (outcome.kind === 'rejected') {
    assert.equal(
      s.context.error,
      outcome.reason === 'invalid' ? failure : outcome.reason,
      `a ${outcome.reason} refusal shows its error`,
    );
    return itemsUnchanged(s, via);
  }
  assert.equal(s.context.error, null);
  assert.equal(s.context.pending, null);
  const shown = s.context.data.items.filter((i) => i.id === outcome.item.id);
  assert.deepEqual(shown, [outcome.item], 'the saved item is shown once, as saved');
  const others = (list: CollectionItem[]) => list.filter((i) => i.id !== outcome.item.id);
  assert.deepEqual(
    new Set(others(s.context.data.items)),
    new Set(others(ctx(via!.from).data.items)),
    'the other items are kept',
  );
  const names = s.context.data.items.map((i) => i.name);
  assert.deepEqual(
    names,
    [...names].sort((a, b) => a.localeCompare(b)),
    'items are in name order',
  );
}

/** Whether a step created an item. */
const createdOne = (via: Via) =>
  via?.event.type === 'xstate.done.actor.createItem' && outputOf<WriteOutcome>(via).kind === 'saved';

const invariants: Record<string, Invariant> = {
  contactCollection: state((s, via) => {
    assert.equal(new Set(ids(s)).size, ids(s).length, 'item ids are unique');
    if (via)
      assert.equal(
        s.context.created,
        ctx(via.from).created + (createdOne(via) ? 1 : 0),
        'counts the items created, only those',
      );
    assert.equal(
      s.hasTag('busy'),
      ['loading', 'creating', 'renaming', 'deleting'].includes(s.value),
      'busy exactly while a call runs',
    );
  }),
  'contactCollection.loading': state((s) => {
    assert.deepEqual(s.context.data.items, []);
    assert.equal(s.context.pending, null);
    assert.ok(s.context.error === null || s.context.error === 'loadFailed');
  }),
  'contactCollection.loadFailed': state((s) => {
    assert.equal(s.context.error, 'loadFailed');
    assert.ok(s.hasTag('error'));
    assert.ok(s.can(e['collection.retry'][0]!));
    assert.ok(!s.can(e['item.create'][0]!), 'nothing to create into before the collection loaded');
  }),
  'contactCollection.ready': state((s, via) => {
    assert.notEqual(s.context.error, 'loadFailed');
    assert.ok(s.can(e['item.create'][0]!) && s.can(e['item.rename'][0]!) && s.can(e['item.delete'][0]!));
    const type = via?.event.type;
    if (type === 'xstate.done.actor.loadCollection') {
      assert.deepEqual(s.context.data, outputOf<CollectionData>(via));
      assert.equal(s.context.error, null);
    } else if (type === 'item.create' || type === 'item.rename') {
      const name =
        type === 'item.create'
          ? (via!.event as Extract<CollectionEvent, { type: 'item.create' }>).draft.name
          : (via!.event as Extract<CollectionEvent, { type: 'item.rename' }>).name;
      // Refused before any call: a blank name first, then a category without options (or with a blank one).
      assert.equal(s.context.error, name.trim() === '' ? 'nameRequired' : 'optionRequired');
      itemsUnchanged(s, via);
    } else if (type?.endsWith('.createItem')) afterWrite(s, via, 'createFailed');
    else if (type?.endsWith('.renameItem')) afterWrite(s, via, 'renameFailed');
    else if (type?.endsWith('.deleteItem')) {
      const removed = ctx(via!.from).pending!.id;
      const deleted = type.startsWith('xstate.done') && outputOf<DeleteOutcome>(via).kind === 'deleted';
      assert.equal(s.context.pending, null);
      if (deleted) {
        assert.equal(s.context.error, null);
        assert.deepEqual(
          ids(s),
          ids(via!.from).filter((id) => id !== removed),
          'the deleted item is gone, the others kept',
        );
      } else {
        assert.equal(s.context.error, type.startsWith('xstate.done') ? 'notEmpty' : 'deleteFailed');
        itemsUnchanged(s, via);
      }
    } else if (type === 'delete.cancel') {
      assert.equal(s.context.pending, null);
      assert.equal(s.context.error, null);
      itemsUnchanged(s, via);
    }
  }),
  'contactCollection.creating': state((s, via) => {
    assert.equal(s.context.error, null);
    assert.equal(s.context.pending?.id, null);
    const draft = (via!.event as Extract<CollectionEvent, { type: 'item.create' }>).draft;
    assert.deepEqual(
      s.context.pending?.draft,
      { ...draft, name: draft.name.trim() },
      'the draft is kept with a trimmed name',
    );
    assert.notEqual(s.context.pending?.draft.name, '');
    if (draft.type === 'category')
      assert.ok(
        draft.options?.length && draft.options.every((o) => o.trim() !== ''),
        'a category is created with options only',
      );
  }),
  'contactCollection.renaming': state((s, via) => {
    assert.equal(s.context.error, null);
    const event = via!.event as Extract<CollectionEvent, { type: 'item.rename' }>;
    assert.deepEqual(s.context.pending, { id: event.id, draft: { name: event.name.trim() } });
    assert.notEqual(s.context.pending?.draft.name, '');
  }),
  'contactCollection.confirmingDelete': state((s, via) => {
    assert.equal(s.context.error, null);
    assert.equal(s.context.pending?.id, (via!.event as Extract<CollectionEvent, { type: 'item.delete' }>).id);
    assert.ok(s.can(e['delete.confirm'][0]!) && s.can(e['delete.cancel'][0]!));
    assert.ok(!s.can(e['item.create'][0]!), 'one thing at a time while asking');
    itemsUnchanged(s, via);
  }),
  'contactCollection.deleting': state((s, via) => {
    assert.deepEqual(s.context.pending, ctx(via!.from).pending, 'deletes what was asked about');
    assert.notEqual(s.context.pending?.id ?? null, null);
    itemsUnchanged(s, via);
  }),
};

export const contactCollectionModel: MachineModel<undefined> = {
  name: 'contactCollection',
  machine: contactCollectionMachine,
  inputs: { none: undefined },
  events: [
    ...Object.values(e).flat(),
    done('loadCollection', o.loadCollection.loaded, 'loaded'),
    failed('loadCollection'),
    done('createItem', o.createItem.saved, 'saved'),
    done('createItem', o.createItem.nameRequired, 'nameRequired'),
    done('createItem', o.createItem.optionRequired, 'optionRequired'),
    done('createItem', o.createItem.invalid, 'invalid'),
    failed('createItem'),
    done('renameItem', o.renameItem.saved, 'saved'),
    done('renameItem', o.renameItem.nameRequired, 'nameRequired'),
    done('renameItem', o.renameItem.optionRequired, 'optionRequired'),
    done('renameItem', o.renameItem.invalid, 'invalid'),
    failed('renameItem'),
    done('deleteItem', o.deleteItem.deleted, 'deleted'),
    done('deleteItem', o.deleteItem.rejected, 'notEmpty'),
    failed('deleteItem'),
  ] as ModelEvent[],
  serializeState: (s: AnyMachineSnapshot) => {
    const c = ctx(s);
    return JSON.stringify({
      value: s.value,
      error: c.error,
      pending: c.pending === null ? null : c.pending.id === null ? 'new' : c.pending.id,
      items: c.data.items.map((i) => `${i.id}:${i.name}`).sort(),
    });
  },
  invariants,
  journeys: [
    {
      name: 'create, rename, refuse a blank name, delete after a cancelled ask',
      input: 'none',
      events: [
        done('loadCollection', o.loadCollection.loaded, 'loaded'),
        e['item.create'][0]!,
        done('createItem', o.createItem.saved, 'saved'),
        e['item.rename'][0]!,
        done('renameItem', o.renameItem.saved, 'saved'),
        e['item.rename'][1]!,
        e['item.delete'][0]!,
        e['delete.cancel'][0]!,
        e['item.delete'][0]!,
        e['delete.confirm'][0]!,
        done('deleteItem', o.deleteItem.deleted, 'deleted'),
      ] as ModelEvent[],
    },
  ],
};
