import { describe, expect, it } from 'vitest';
import { createActor } from 'xstate';
import { done } from '../../../tests/model/graph.ts';
import { modelWizardModel, modelWizardOutputFixtures } from '../../../tests/model/modelWizard.model.ts';
import type { components } from '../../../shared/contract/schema';
import { PAGE_VIEW_TARGET, USERFLOW_LIMITS } from '../../../shared/userflow.ts';
import { draftFrom, patchFrom } from './modelWizard.contract.ts';
import { emptyDraft, furthestStep, stepComplete, targetComplete, usableFeatures } from './modelWizard.draft.ts';
import type { ModelDraft, SourcePreview } from './modelWizard.types.ts';

type UserflowModel = components['schemas']['UserflowModel'];

const eventTarget = { kind: 'event', siteId: 7, eventName: 'purchase', days: 30 } as const;

const stored: UserflowModel = {
  id: 4,
  name: 'Buyers',
  predictionType: 'probability',
  question: 'Who buys on the shop within 30 days?',
  status: 'draft',
  source: { kind: 'file', config: { fileName: 'crm.csv', rows: 200, uploadedAt: null }, secretsSet: [] },
  identity: { column: 'email', matchKind: 'email', attributeId: null },
  target: eventTarget,
  timeColumn: null,
  features: [
    { name: 'visits', type: 'numeric', used: true },
    { name: 'bought', type: 'boolean', used: true },
  ],
  runMode: { mode: 'manual' },
  attributeName: 'Buyers score',
  attribute: null,
  version: null,
  metrics: null,
  training: null,
  error: null,
  lastRun: null,
  nextRunAt: null,
  createdAt: '2026-11-27T00:00:00Z',
  updatedAt: '2026-11-27T00:00:00Z',
};

const preview: SourcePreview = {
  columns: [
    { name: 'email', type: 'text' },
    { name: 'visits', type: 'number' },
    { name: 'bought', type: 'boolean' },
  ],
  rows: [],
};

/** A draft on step-2 with a file source read, the identity chosen and every column a feature. */
const onStep2 = (patch: Partial<ModelDraft>): ModelDraft => ({
  ...emptyDraft(),
  name: 'Buyers',
  question: 'Who buys?',
  sourceKind: 'file',
  sourceConfig: { fileName: 'crm.csv' },
  identityColumn: 'email',
  features: preview.columns.map((c) => ({ name: c.name, type: c.type, enabled: true })),
  ...patch,
});

describe('model wizard: an event defines the outcome', () => {
  it('reads a stored event target into the draft and saves it back unchanged (a reload keeps it)', () => {
    const draft = draftFrom(stored);
    expect(draft).toMatchObject({
      targetKind: 'event',
      targetSiteId: 7,
      targetEvent: 'purchase',
      targetDays: 30,
      targetColumn: null,
    });
    expect(patchFrom(draft).target).toEqual(eventTarget);
    expect(draftFrom({ ...stored, ...patchFrom(draft) } as UserflowModel)).toEqual(draft);
  });

  it('a column target reads as the column kind with the default days, and saves as a column', () => {
    const draft = draftFrom({ ...stored, target: { kind: 'column', column: 'bought' } });
    expect(draft).toMatchObject({ targetKind: 'column', targetColumn: 'bought', targetSiteId: null, targetEvent: '' });
    expect(draft.targetDays).toBe(USERFLOW_LIMITS.defaultTargetDays);
    expect(patchFrom(draft).target).toEqual({ kind: 'column', column: 'bought' });
  });

  it('page views and a trimmed event name are saved; an unfinished event target is left out of the save', () => {
    const pageViews = onStep2({ targetKind: 'event', targetSiteId: 2, targetEvent: PAGE_VIEW_TARGET, targetDays: 7 });
    expect(patchFrom(pageViews).target).toEqual({ kind: 'event', siteId: 2, eventName: 'page_view', days: 7 });
    expect(patchFrom({ ...pageViews, targetEvent: '  purchase ' }).target).toMatchObject({ eventName: 'purchase' });
    expect(patchFrom({ ...pageViews, targetEvent: ' ' })).not.toHaveProperty('target');
    expect(patchFrom({ ...pageViews, targetSiteId: null })).not.toHaveProperty('target');
    expect(patchFrom({ ...pageViews, targetDays: 0 })).not.toHaveProperty('target');
  });

  it('a value model keeps the column target whatever the event fields hold', () => {
    const draft = onStep2({ predictionType: 'value', targetKind: 'event', targetSiteId: 2, targetEvent: 'purchase' });
    expect(targetComplete(draft)).toBe(false);
    expect(patchFrom(draft)).not.toHaveProperty('target');
    const withColumn = { ...draft, targetColumn: 'visits' };
    expect(targetComplete(withColumn)).toBe(true);
    expect(patchFrom(withColumn).target).toEqual({ kind: 'column', column: 'visits' });
  });

  it('step-2 is complete with a site, an event and days within the limits', () => {
    const context = (draft: ModelDraft) => ({ draft, preview, result: null });
    const event = onStep2({ targetKind: 'event', targetSiteId: 7, targetEvent: 'purchase', targetDays: 30 });
    expect(stepComplete(context(event), 'step-2')).toBe(true);
    expect(furthestStep(context(event))).toBe('step-3');
    for (const broken of [
      { targetSiteId: null },
      { targetEvent: '   ' },
      { targetEvent: 'x'.repeat(USERFLOW_LIMITS.maxTargetEventLength + 1) },
      { targetDays: USERFLOW_LIMITS.minTargetDays - 1 },
      { targetDays: USERFLOW_LIMITS.maxTargetDays + 1 },
      { targetDays: 2.5 },
    ]) {
      expect(stepComplete(context({ ...event, ...broken }), 'step-2'), JSON.stringify(broken)).toBe(false);
      expect(furthestStep(context({ ...event, ...broken }))).toBe('step-2');
    }
    // A column chosen earlier does not complete an event target, nor does an event complete a column target.
    expect(stepComplete(context({ ...event, targetEvent: '', targetColumn: 'bought' }), 'step-2')).toBe(false);
    expect(stepComplete(context({ ...event, targetKind: 'column' }), 'step-2')).toBe(false);
  });

  it('with an event target, the column that was the column target is a feature again', () => {
    const column = onStep2({ targetColumn: 'bought' });
    expect(usableFeatures(column).map((f) => f.name)).toEqual(['visits']);
    const event = { ...column, targetKind: 'event' as const, targetSiteId: 7, targetEvent: 'purchase' };
    expect(usableFeatures(event).map((f) => f.name)).toEqual(['visits', 'bought']);
    expect(patchFrom(event).features).toEqual([
      { name: 'email', type: 'categorical', used: false },
      { name: 'visits', type: 'numeric', used: true },
      { name: 'bought', type: 'boolean', used: true },
    ]);
  });

  it('the machine takes the event target as a draft change: the result goes stale, step-3 opens, sites load', () => {
    const actor = createActor(modelWizardModel.machine, { input: { modelId: 1 } }).start();
    const sites = [{ id: 7, name: 'Shop', eventNames: ['purchase', 'add_to_cart'] }];
    actor.send(done('loadModel', { ...modelWizardOutputFixtures.loadModel.trained, targetSites: sites }));
    actor.send({ type: 'wizard.goto', step: 'step-2' });
    expect(actor.getSnapshot().context.targetSites).toEqual(sites);
    actor.send({ type: 'draft.change', patch: { targetKind: 'event', targetSiteId: 7 } });
    expect(actor.getSnapshot().context.result).toBeNull();
    expect(actor.getSnapshot().can({ type: 'wizard.next' })).toBe(false);
    actor.send({ type: 'draft.change', patch: { targetEvent: 'purchase' } });
    actor.send({ type: 'wizard.next' });
    expect(actor.getSnapshot().matches({ ready: { steps: 'step-3' } })).toBe(true);
    actor.stop();
  });
});
