import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { forJob } from '../../../server/services/scope.ts';
import { runScoring } from '../../../server/services/userflow/scoring.ts';
import { runTraining } from '../../../server/services/userflow/versions.ts';
import { seeded } from '../../../server/services/userflow/training/random.ts';
import { bearer, type TestEnv } from '../helpers.ts';
import { multipart, setupTwoCompanies, type Caller } from '../contacts/fixtures.ts';

let env: TestEnv;
let a: Caller;
let b: Caller;

beforeAll(async () => {
  ({ env, a, b } = await setupTwoCompanies());
});
afterAll(() => env.close());

/** 400 customers whose churn follows their visits and plan; the first 300 are contacts of company a. */
function customers(): string {
  const random = seeded(3);
  const lines = ['email,visits,plan,churned'];
  for (let i = 0; i < 400; i++) {
    const visits = Math.floor(random() * 20);
    const plan = ['free', 'gold', 'team'][i % 3]!;
    const logOdds = 1.5 - visits * 0.3 + (plan === 'free' ? 1 : 0);
    const churned = random() < 1 / (1 + Math.exp(-logOdds)) ? 'yes' : 'no';
    lines.push(`c${i}@example.org,${visits},${plan},${churned}`);
  }
  return lines.join('\n');
}

async function trainedModel(): Promise<number> {
  const id = (await a.call('POST', '/userflow/models', { name: 'Churn', predictionType: 'probability' })).body.id;
  const body = multipart('customers.csv', customers());
  const uploaded = await env.app.inject({
    method: 'POST',
    url: `/api/userflow/models/${id}/source/file`,
    headers: { ...bearer(a.token), ...body.headers },
    payload: body.payload,
  });
  expect(uploaded.statusCode).toBe(200);
  return id;
}

describe('UserFlow training, scoring and predictions', () => {
  it('trains from the uploaded file, scores the matching contacts and answers the predictions', async () => {
    await forJob(env.ctx, a.companyId).db.query(
      `insert into contacts (company_id, email) select $1, 'c' || g || '@example.org' from generate_series(0, 299) g`,
      [a.companyId],
    );
    const id = await trainedModel();
    const incomplete = await a.call('POST', `/userflow/models/${id}/train`);
    expect(incomplete.status).toBe(422);
    expect(Object.keys(incomplete.body.errors).sort()).toEqual(['features', 'identity', 'target']);
    await a.call('PATCH', `/userflow/models/${id}`, {
      identity: { column: 'email', matchKind: 'email', attributeId: null },
      target: { kind: 'column', column: 'churned', positiveValue: 'yes' },
      features: [
        { name: 'visits', type: 'numeric', used: true },
        { name: 'plan', type: 'categorical', used: true },
        { name: 'email', type: 'categorical', used: false },
      ],
    });
    const queued = await a.call('POST', `/userflow/models/${id}/train`);
    expect(queued.status).toBe(202);
    expect(queued.body).toMatchObject({ status: 'training', training: { stage: 'reading', percent: 0 } });
    expect((await a.call('POST', `/userflow/models/${id}/train`)).body.code).toBe('busy');
    expect((await a.call('POST', `/userflow/models/${id}/train`)).status).toBe(409);

    await runTraining(forJob(env.ctx, a.companyId), id);
    const model = (await a.call('GET', `/userflow/models/${id}`)).body;
    expect(model).toMatchObject({ status: 'ready', version: 1, training: null, error: null });
    expect(model.attribute).toMatchObject({ name: 'Churn score' });
    expect(model.metrics.auc).toBeGreaterThan(0.7);
    expect(model.metrics.trainRows + model.metrics.validationRows).toBe(400);
    expect(model.lastRun).toMatchObject({ trigger: 'training', status: 'finished', rows: 400, matched: 300 });
    const progress = env.emitted.filter((e) => e.event === 'userflow.model').map((e) => e.payload);
    expect(progress.map((p: any) => p.stage)).toEqual(
      expect.arrayContaining(['reading', 'encoding', 'training_linear', 'training_forest', 'evaluating']),
    );
    expect(env.emitted.every((e) => e.room === `company:${a.companyId}`)).toBe(true);

    const versions = (await a.call('GET', `/userflow/models/${id}/versions`)).body;
    expect(versions).toHaveLength(1);
    expect(['logistic_regression', 'random_forest']).toContain(versions[0].algorithm);

    const histogram = (await a.call('GET', `/userflow/models/${id}/predictions/histogram`)).body;
    expect(histogram.scored).toBe(300);
    expect(histogram.bins).toHaveLength(20);
    expect(histogram.bins.reduce((sum: number, bin: { count: number }) => sum + bin.count, 0)).toBe(300);

    const top = await a.call('GET', `/userflow/models/${id}/predictions/top?perPage=5`);
    expect(top.body).toHaveLength(5);
    expect(JSON.parse(top.headers.pagination as string)).toMatchObject({ total: 300 });
    const scores = top.body.map((c: { score: number }) => c.score);
    expect([...scores].sort((x, y) => y - x)).toEqual(scores);

    const segment = await a.call('POST', `/userflow/models/${id}/predictions/segment`, {
      name: 'Churn above 0.5',
      threshold: 0.5,
    });
    expect(segment.status).toBe(201);
    expect(segment.body.conditions.conditions[0]).toEqual({
      kind: 'attribute',
      attributeId: model.attribute.id,
      operator: 'greaterThan',
      value: 0.5,
    });

    const files = (await a.call('GET', `/userflow/models/${id}/predictions/files`)).body;
    expect(files).toEqual([{ part: 1, rows: 300, url: expect.stringContaining('/predictions/files/1?token=') }]);
    const csv = await env.app.inject({ method: 'GET', url: files[0].url });
    expect(csv.statusCode).toBe(200);
    const lines = csv.body.trim().split('\r\n');
    expect(lines[0]).toBe('contact_id,email,score');
    expect(lines).toHaveLength(301);
    const forged = files[0].url.replace('/files/1?', '/files/2?');
    expect((await env.app.inject({ method: 'GET', url: forged })).statusCode).toBe(403);

    // A run by hand is queued; the job records rows and matches.
    const run = await a.call('POST', `/userflow/models/${id}/runs`);
    expect(run.status).toBe(202);
    expect(run.body).toMatchObject({ status: 'queued', trigger: 'manual', version: 1 });
    expect((await a.call('POST', `/userflow/models/${id}/runs`)).status).toBe(409);
    const done = await runScoring(forJob(env.ctx, a.companyId), id, 'manual', run.body.id);
    expect(done).toMatchObject({ status: 'finished', rows: 400, matched: 300, error: null });

    // Another company's ids answer 404 for every operation on the model.
    for (const [method, path, payload] of [
      ['POST', `/userflow/models/${id}/train`],
      ['POST', `/userflow/models/${id}/runs`],
      ['GET', `/userflow/models/${id}/predictions/histogram`],
      ['GET', `/userflow/models/${id}/predictions/top`],
      ['POST', `/userflow/models/${id}/predictions/segment`, { name: 'x', threshold: 0.1 }],
      ['GET', `/userflow/models/${id}/predictions/files`],
    ] as const) {
      expect((await b.call(method, path, payload)).status, path).toBe(404);
    }
  }, 120_000);

  it('fails a training with the named error, and a run without a version is refused', async () => {
    const id = await trainedModel();
    await a.call('PATCH', `/userflow/models/${id}`, {
      identity: { column: 'email', matchKind: 'email', attributeId: null },
      target: { kind: 'column', column: 'plan', positiveValue: 'nobody' },
      features: [{ name: 'visits', type: 'numeric', used: true }],
    });
    expect((await a.call('POST', `/userflow/models/${id}/runs`)).body.code).toBe('not_trained');
    expect((await a.call('POST', `/userflow/models/${id}/train`)).status).toBe(202);
    await runTraining(forJob(env.ctx, a.companyId), id);
    const model = (await a.call('GET', `/userflow/models/${id}`)).body;
    expect(model).toMatchObject({ status: 'failed', version: null, error: { code: 'single_class' } });
    expect((await a.call('GET', `/userflow/models/${id}/predictions/histogram`)).body).toEqual({
      scored: 0,
      min: null,
      max: null,
      bins: [],
    });
  }, 60_000);
});
