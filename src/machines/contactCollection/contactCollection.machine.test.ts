import { describe, expect, it } from 'vitest';
import { createActor, fromPromise, waitFor } from 'xstate';
import { describeModel } from '../../../tests/model/describeModel.ts';
import {
  contactCollectionEventFixtures as e,
  contactCollectionModel,
  contactCollectionOutputFixtures as o,
} from '../../../tests/model/contactCollection.model.ts';
import {
  contactCollectionMachine,
  type CollectionDraft,
  type DeleteOutcome,
  type WriteOutcome,
} from './contactCollection.machine.ts';

describeModel(contactCollectionModel);

/** A started collection whose creations answer `writes` in turn; the drafts it was asked to create land in `created`. */
function start(writes: WriteOutcome[], created: CollectionDraft[]) {
  return createActor(
    contactCollectionMachine.provide({
      actors: {
        loadCollection: fromPromise(async () => o.loadCollection.loaded),
        createItem: fromPromise<WriteOutcome, CollectionDraft>(async ({ input }) => {
          created.push(input);
          return writes.shift()!;
        }),
        renameItem: fromPromise<WriteOutcome, { id: number; name: string }>(async () => o.renameItem.saved),
        deleteItem: fromPromise<DeleteOutcome, { id: number }>(async () => o.deleteItem.deleted),
      },
    }),
  ).start();
}

describe('contact collection machine at runtime', () => {
  it('creates with a trimmed name, renames, refuses a blank name and a taken one, deletes', async () => {
    const created: CollectionDraft[] = [];
    const actor = start([o.createItem.invalid, o.createItem.saved], created);
    await waitFor(actor, (s) => s.matches('ready'));
    actor.send(e['item.create'][1]!);
    expect(actor.getSnapshot().context.error).toBe('nameRequired');
    actor.send(e['item.create'][0]!);
    await waitFor(actor, (s) => s.matches('ready'));
    expect(actor.getSnapshot().context.error).toBe('createFailed');
    actor.send(e['item.create'][0]!);
    await waitFor(actor, (s) => s.matches('ready'));
    expect(created).toEqual([
      { name: 'Customers', folderId: 10 },
      { name: 'Customers', folderId: 10 },
    ]);
    expect(actor.getSnapshot().context.error).toBeNull();
    actor.send(e['item.rename'][0]!);
    await waitFor(actor, (s) => s.matches('ready'));
    expect(actor.getSnapshot().context.data.items.map((i) => i.name)).toEqual(['Archive', 'Customers', 'Weekly']);
    actor.send(e['item.delete'][0]!);
    actor.send(e['delete.confirm'][0]!);
    await waitFor(actor, (s) => s.matches('ready'));
    expect(actor.getSnapshot().context.data.items.map((i) => i.id)).toEqual([3, 1]);
  });

  it("refuses a category attribute without options before any call, and names the server's refusal at the field", async () => {
    const created: CollectionDraft[] = [];
    const actor = start([o.createItem.optionRequired, o.createItem.saved], created);
    await waitFor(actor, (s) => s.matches('ready'));
    actor.send(e['item.create'][2]!);
    expect(actor.getSnapshot().context.error).toBe('optionRequired');
    actor.send(e['item.create'][3]!);
    expect(actor.getSnapshot().context.error).toBe('optionRequired');
    expect(actor.getSnapshot().value).toBe('ready');
    expect(created).toEqual([]);
    // A blank name is named first.
    actor.send({ type: 'item.create', draft: { name: ' ', type: 'category', options: [] } });
    expect(actor.getSnapshot().context.error).toBe('nameRequired');
    // The server's 'Option is required' replaces the create failure, and nothing counts as created.
    actor.send(e['item.create'][4]!);
    await waitFor(actor, (s) => s.matches('ready'));
    expect(actor.getSnapshot().context).toMatchObject({ error: 'optionRequired', created: 0 });
    actor.send(e['item.create'][4]!);
    await waitFor(actor, (s) => s.matches('ready'));
    expect(actor.getSnapshot().context).toMatchObject({ error: null, created: 1 });
    expect(created).toEqual([
      { name: 'Plan', type: 'category', options: ['gold', 'silver'] },
      { name: 'Plan', type: 'category', options: ['gold', 'silver'] },
    ]);
  });

  it('refuses to delete a folder that is not empty', async () => {
    const actor = createActor(
      contactCollectionMachine.provide({
        actors: {
          loadCollection: fromPromise(async () => o.loadCollection.loaded),
          deleteItem: fromPromise<DeleteOutcome, { id: number }>(async () => o.deleteItem.rejected),
        },
      }),
    ).start();
    await waitFor(actor, (s) => s.matches('ready'));
    actor.send(e['item.delete'][0]!);
    actor.send(e['delete.confirm'][0]!);
    await waitFor(actor, (s) => s.matches('ready'));
    expect(actor.getSnapshot().context.error).toBe('notEmpty');
    expect(actor.getSnapshot().context.data.items).toHaveLength(2);
  });
});
