import { describe, expect, it } from 'vitest';
import { createActor, fromPromise, waitFor } from 'xstate';
import { describeModel } from '../../../tests/model/describeModel.ts';
import {
  contactCollectionEventFixtures as e,
  contactCollectionModel,
  contactCollectionOutputFixtures as o,
} from '../../../tests/model/contactCollection.model.ts';
import { contactCollectionMachine, type CollectionDraft, type DeleteOutcome, type WriteOutcome } from './contactCollection.machine.ts';

describeModel(contactCollectionModel);

describe('contact collection machine at runtime', () => {
  it('creates with a trimmed name, renames, refuses a blank name and a taken one, deletes', async () => {
    const created: CollectionDraft[] = [];
    const writes: WriteOutcome[] = [o.createItem.invalid, o.createItem.saved];
    const actor = createActor(
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
