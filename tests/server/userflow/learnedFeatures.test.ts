import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { forJob } from '../../../server/services/scope.ts';
import { runTraining } from '../../../server/services/userflow/versions.ts';
import { seeded } from '../../../server/services/userflow/training/random.ts';
import { bearer, type TestEnv } from '../helpers.ts';
import { multipart, setupTwoCompanies, type Caller } from '../contacts/fixtures.ts';

let env: TestEnv;
let a: Caller;

beforeAll(async () => {
  ({ env, a } = await setupTwoCompanies());
});
afterAll(() => env.close());

/** 200 rows whose `bought` follows `visits` with noise: a model that learns `bought` from itself would score AUC 1. */
function buyers(): string {
  const random = seeded(5);
  const lines = ['email,visits,bought'];
  for (let i = 0; i < 200; i++) {
    const visits = Math.floor(random() * 20);
    const bought = random() < (visits >= 10 ? 0.8 : 0.2) ? 1 : 0;
    lines.push(`b${i}@example.org,${visits},${bought}`);
  }
  return lines.join('\n');
}

describe('UserFlow features', () => {
  it('never learns from the identity or the target column, even when the feature list marks them used', async () => {
    const id = (await a.call('POST', '/userflow/models', { name: 'Buyers', predictionType: 'probability' })).body.id;
    const body = multipart('buyers.csv', buyers());
    const uploaded = await env.app.inject({
      method: 'POST',
      url: `/api/userflow/models/${id}/source/file`,
      headers: { ...bearer(a.token), ...body.headers },
      payload: body.payload,
    });
    expect(uploaded.statusCode).toBe(200);
    const identity = { column: 'email', matchKind: 'email', attributeId: null };
    const target = { kind: 'column', column: 'bought' };

    // Only the identity and the target marked used: nothing is left to learn from.
    await a.call('PATCH', `/userflow/models/${id}`, {
      identity,
      target,
      features: [
        { name: 'email', type: 'categorical', used: true },
        { name: 'bought', type: 'numeric', used: true },
      ],
    });
    const refused = await a.call('POST', `/userflow/models/${id}/train`);
    expect(refused.status).toBe(422);
    expect(Object.keys(refused.body.errors)).toEqual(['features']);

    // As the wizard used to save it: every column used, the target among them.
    await a.call('PATCH', `/userflow/models/${id}`, {
      features: [
        { name: 'email', type: 'categorical', used: true },
        { name: 'visits', type: 'numeric', used: true },
        { name: 'bought', type: 'numeric', used: true },
      ],
    });
    expect((await a.call('POST', `/userflow/models/${id}/train`)).status).toBe(202);
    await runTraining(forJob(env.ctx, a.companyId), id);
    const model = (await a.call('GET', `/userflow/models/${id}`)).body;
    expect(model).toMatchObject({ status: 'ready', version: 1 });
    expect(model.metrics.importances.map((i: { feature: string }) => i.feature)).toEqual(['visits']);
    // The noise keeps an honest model well below a perfect score.
    expect(model.metrics.auc).toBeGreaterThan(0.6);
    expect(model.metrics.auc).toBeLessThan(0.95);
  });
});
