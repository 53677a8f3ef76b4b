import { describe, expect, it } from 'vitest';
import type { components } from '../../../shared/contract/schema';
import { draftFrom, patchFrom } from './modelWizard.contract.ts';

type UserflowModel = components['schemas']['UserflowModel'];

const stored: UserflowModel = {
  id: 3,
  name: 'Buyers',
  predictionType: 'probability',
  question: 'Who buys in 30 days?',
  status: 'draft',
  source: {
    kind: 'rest',
    config: { url: 'https://shop.test/rows', authType: 'bearer', rowsPath: 'data', pagination: { type: 'none' } },
    secretsSet: ['authValue'],
  },
  identity: { column: 'customer', matchKind: 'attribute', attributeId: null },
  target: { kind: 'column', column: 'bought' },
  timeColumn: null,
  features: [
    { name: 'visits', type: 'numeric', used: true },
    { name: 'country', type: 'categorical', used: false },
  ],
  runMode: { mode: 'scheduled', pattern: '0 6 * * *', timeZone: 'Europe/Rome' },
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

describe('model wizard draft ↔ contract', () => {
  it('reads the stored model as the draft the steps edit (rest is the api route, secrets only by name)', () => {
    const draft = draftFrom(stored);
    expect(draft.sourceKind).toBe('api');
    expect(draft.sourceConfig).toEqual({
      url: 'https://shop.test/rows',
      authType: 'bearer',
      rowsPath: 'data',
      'pagination.type': 'none',
    });
    expect(draft.secretsSet).toEqual(['authValue']);
    expect(draft.matchBy).toBe('externalId');
    expect(draft.features).toEqual([
      { name: 'visits', type: 'number', enabled: true },
      { name: 'country', type: 'category', enabled: false },
    ]);
    expect(draft.schedule).toBe('0 6 * * *');
  });

  it('autosaves the identity, target, features, run mode and attribute back in the contract shape', () => {
    const patch = patchFrom(draftFrom(stored));
    expect(patch.identity).toEqual(stored.identity);
    expect(patch.target).toEqual(stored.target);
    expect(patch.features).toEqual(stored.features);
    expect(patch.runMode).toMatchObject({ mode: 'scheduled', pattern: '0 6 * * *' });
    expect(patch.attributeName).toBe('Buyers score');
  });

  it('a draft without a name yet leaves the stored name alone; scheduled without a pattern saves as manual', () => {
    const patch = patchFrom({ ...draftFrom(stored), name: '  ', schedule: null });
    expect(patch).not.toHaveProperty('name');
    expect(patch.runMode).toEqual({ mode: 'manual' });
  });
});
