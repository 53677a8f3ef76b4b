import { describe, expect, it } from 'vitest';
import { createActor } from 'xstate';
import { done, failed } from '../../../tests/model/graph.ts';
import {
  predictionsEventFixtures as e,
  predictionsModel,
  predictionsOutputFixtures as p,
} from '../../../tests/model/userflowPages.model.ts';

/** The page on the first model's overview, idle. */
function shown() {
  const actor = createActor(predictionsModel.machine).start();
  actor.send(done('loadModels', p.loadModels.scored, 'scored') as never);
  actor.send(done('loadOverview', p.loadOverview.overview, 'overview') as never);
  expect(actor.getSnapshot().matches({ ready: 'idle' })).toBe(true);
  return actor;
}

describe('predictions follow runs as they end', () => {
  it('reads the shown model again when its run ends, keeping the page meanwhile; other models are ignored', () => {
    const actor = shown();
    actor.send(e['model.updated'][1]!);
    expect(actor.getSnapshot().matches({ ready: 'idle' })).toBe(true);
    actor.send(e['model.updated'][0]!);
    expect(actor.getSnapshot().matches({ ready: 'refreshing' })).toBe(true);
    expect(actor.getSnapshot().context.overview).not.toBeNull();
    const after = { ...p.loadOverview.overview, runs: [] };
    actor.send(done('loadOverview', after, 'after') as never);
    expect(actor.getSnapshot().matches({ ready: 'idle' })).toBe(true);
    expect(actor.getSnapshot().context.overview).toEqual(after);
    actor.stop();
  });

  it('a failed refresh keeps the overview shown', () => {
    const actor = shown();
    actor.send(e['model.updated'][0]!);
    actor.send(failed('loadOverview') as never);
    expect(actor.getSnapshot().matches({ ready: 'idle' })).toBe(true);
    expect(actor.getSnapshot().context.overview).toEqual(p.loadOverview.overview);
    expect(actor.getSnapshot().context.error).toBeNull();
    actor.stop();
  });

  it('a run by hand reads the overview again, and a run ending meanwhile restarts that read', () => {
    const actor = shown();
    actor.send(e['model.run'][0]!);
    actor.send(done('runModel', undefined, 'done') as never);
    expect(actor.getSnapshot().value).toBe('loadingModel');
    actor.send(e['model.updated'][0]!);
    expect(actor.getSnapshot().value).toBe('loadingModel');
    actor.send(done('loadOverview', p.loadOverview.overview, 'overview') as never);
    expect(actor.getSnapshot().matches({ ready: 'idle' })).toBe(true);
    actor.stop();
  });
});
