import { describe, expect, it } from 'vitest';
import { createActor } from 'xstate';
import { describeModel } from '../../../tests/model/describeModel.ts';
import { modelListModel } from '../../../tests/model/userflowPages.model.ts';

describeModel(modelListModel);

describe('model list', () => {
  it('asks before deleting and forgets the model when cancelled', () => {
    const actor = createActor(modelListModel.machine).start();
    actor.send(modelListModel.events.find((e) => e.fixture === 'two')!);
    actor.send({ type: 'model.delete', id: 1 });
    expect(actor.getSnapshot().matches({ ready: 'confirming' })).toBe(true);
    expect(actor.getSnapshot().context.target?.name).toBe('Buyers');
    actor.send({ type: 'delete.cancel' });
    expect(actor.getSnapshot().context.target).toBeNull();
    actor.stop();
  });
});
