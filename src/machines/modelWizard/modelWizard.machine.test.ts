import { describe, expect, it } from 'vitest';
import { createActor } from 'xstate';
import { describeModel } from '../../../tests/model/describeModel.ts';
import { modelWizardModel } from '../../../tests/model/modelWizard.model.ts';
import { canReach, emptyDraft, furthestStep, stepComplete } from './modelWizard.draft.ts';

describeModel(modelWizardModel);

describe('model wizard steps', () => {
  const base = { draft: emptyDraft(), preview: null, result: null };

  it('a new draft reaches only step-0, and its first incomplete step is step-0', () => {
    expect(canReach(base, 'step-0')).toBe(true);
    expect(canReach(base, 'step-1')).toBe(false);
    expect(furthestStep(base)).toBe('step-0');
  });

  it('step-2 needs an identity, a different target and one enabled feature besides them', () => {
    const draft = {
      ...emptyDraft(),
      identityColumn: 'email',
      targetColumn: 'email',
      features: [{ name: 'email', type: 'text' as const, enabled: true }],
    };
    expect(stepComplete({ ...base, draft }, 'step-2')).toBe(false);
    const withFeature = {
      ...draft,
      targetColumn: 'bought',
      features: [...draft.features, { name: 'visits', type: 'number' as const, enabled: true }],
    };
    expect(stepComplete({ ...base, draft: withFeature }, 'step-2')).toBe(true);
    const off = { ...withFeature, features: withFeature.features.map((f) => ({ ...f, enabled: false })) };
    expect(stepComplete({ ...base, draft: off }, 'step-2')).toBe(false);
  });

  it('a scheduled run needs a schedule', () => {
    const draft = { ...emptyDraft(), attribute: 'score', runMode: 'scheduled' as const };
    expect(stepComplete({ ...base, draft }, 'step-4')).toBe(false);
    expect(stepComplete({ ...base, draft: { ...draft, schedule: '0 6 * * *' } }, 'step-4')).toBe(true);
  });

  it('changing the source forgets the preview, the columns and the trained result', () => {
    const actor = createActor(modelWizardModel.machine, { input: { modelId: 1 } }).start();
    const trained = modelWizardModel.events.find((ev) => ev.fixture === 'trained' && ev.type.includes('loadModel'))!;
    actor.send(trained);
    actor.send({ type: 'wizard.goto', step: 'step-1' });
    expect(actor.getSnapshot().context.result).not.toBeNull();
    actor.send({ type: 'draft.change', patch: { sourceConfig: { fileId: 'f2' } } });
    const { context } = actor.getSnapshot();
    expect([context.preview, context.result, context.draft.identityColumn]).toEqual([null, null, null]);
    expect(context.draft.features).toEqual([]);
    actor.stop();
  });

  it('a model training as it loads is followed on step-3: its stage and percent, no second training offered', () => {
    const actor = createActor(modelWizardModel.machine, { input: { modelId: 1 } }).start();
    const training = modelWizardModel.events.find((ev) => ev.fixture === 'training' && ev.type.includes('loadModel'))!;
    actor.send(training);
    actor.send({ type: 'wizard.goto', step: 'step-3' });
    const snapshot = actor.getSnapshot();
    expect(snapshot.matches({ ready: { steps: { 'step-3': 'running' } } })).toBe(true);
    expect([snapshot.context.stage, snapshot.context.progress]).toEqual(['training_forest', 0.4]);
    expect(snapshot.can({ type: 'training.start' })).toBe(false);
    actor.stop();
  });
});
