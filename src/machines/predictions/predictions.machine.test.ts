import { describe, expect, it } from 'vitest';
import { createActor } from 'xstate';
import { describeModel } from '../../../tests/model/describeModel.ts';
import { predictionsModel } from '../../../tests/model/userflowPages.model.ts';

describeModel(predictionsModel);

describe('predictions', () => {
  it('lists only trained models and opens the first one; drafts alone are the empty state', () => {
    const actor = createActor(predictionsModel.machine).start();
    actor.send(predictionsModel.events.find((e) => e.fixture === 'scored')!);
    const { context } = actor.getSnapshot();
    expect(context.models.map((m: { id: number }) => m.id)).toEqual([1, 4]);
    expect(context.modelId).toBe(1);
    actor.stop();
    const empty = createActor(predictionsModel.machine).start();
    empty.send(predictionsModel.events.find((e) => e.fixture === 'draftsOnly')!);
    expect(empty.getSnapshot().value).toBe('empty');
    empty.stop();
  });
});
