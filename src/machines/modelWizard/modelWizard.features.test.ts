import { describe, expect, it } from 'vitest';
import { patchFrom } from './modelWizard.contract.ts';
import { emptyDraft } from './modelWizard.draft.ts';

describe('model wizard features in the saved model', () => {
  it('never saves the identity or the target column as a used feature, though their switches were on', () => {
    const patch = patchFrom({
      ...emptyDraft(),
      identityColumn: 'email',
      targetColumn: 'bought',
      features: [
        { name: 'email', type: 'text', enabled: true },
        { name: 'visits', type: 'number', enabled: true },
        { name: 'pages', type: 'number', enabled: false },
        { name: 'bought', type: 'number', enabled: true },
      ],
    });
    expect(patch.features?.map((f) => [f.name, f.used])).toEqual([
      ['email', false],
      ['visits', true],
      ['pages', false],
      ['bought', false],
    ]);
  });
});
