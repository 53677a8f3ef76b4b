import { rm } from 'node:fs/promises';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { forJob } from '../../../server/services/scope.ts';
import { runScoring } from '../../../server/services/userflow/scoring.ts';
import { runTraining } from '../../../server/services/userflow/versions.ts';
import { seeded } from '../../../server/services/userflow/training/random.ts';
import { bearer, type TestEnv } from '../helpers.ts';
import { multipart, setupTwoCompanies, type Caller } from '../contacts/fixtures.ts';

// A full scoring run keeps the model's attribute true to its source: contacts that left the source (or no longer
// match) lose their score, other companies' contacts are never touched, and a failed run clears nothing.
let env: TestEnv;
let a: Caller;
let b: Caller;

beforeAll(async () => {
  ({ env, a, b } = await setupTwoCompanies());
});
afterAll(() => env.close());

/** Customers c<from>…c<to - 1> whose churn follows their visits; `header` alone gives a file without rows. */
function customers(from: number, to: number): string {
  const random = seeded(5);
  const lines = ['email,visits,churned'];
  for (let i = 0; i < 400; i++) {
    const visits = Math.floor(random() * 20);
    const churned = random() < 1 / (1 + Math.exp(-(2 - visits * 0.3))) ? 'yes' : 'no';
    if (i >= from && i < to) lines.push(`c${i}@example.org,${visits},${churned}`);
  }
  return lines.join('\n');
}

async function uploadSource(id: number, csv: string) {
  const body = multipart('customers.csv', csv);
  const uploaded = await env.app.inject({
    method: 'POST',
    url: `/api/userflow/models/${id}/source/file`,
    headers: { ...bearer(a.token), ...body.headers },
    payload: body.payload,
  });
  expect(uploaded.statusCode).toBe(200);
}

/** The model's score per email among company `companyId`'s contacts (absent: no score). */
async function scores(companyId: string, attributeId: number): Promise<Map<string, number>> {
  const { rows } = await forJob(env.ctx, companyId).db.query<{ email: string; score: number }>(
    `select email, (attributes ->> $2)::float8 as score from contacts where company_id = $1 and attributes ? $2`,
    [companyId, String(attributeId)],
  );
  return new Map(rows.map((r) => [r.email, r.score]));
}

describe('UserFlow stale scores', () => {
  it('clears the scores of contacts a full run did not score, only in its company, and never on failure', async () => {
    const scopeA = forJob(env.ctx, a.companyId);
    await scopeA.db.query(
      `insert into contacts (company_id, email) select $1, 'c' || g || '@example.org' from generate_series(0, 299) g`,
      [a.companyId],
    );
    const id = (await a.call('POST', '/userflow/models', { name: 'Churn', predictionType: 'probability' })).body.id;
    await uploadSource(id, customers(0, 400));
    await a.call('PATCH', `/userflow/models/${id}`, {
      identity: { column: 'email', matchKind: 'email', attributeId: null },
      target: { kind: 'column', column: 'churned', positiveValue: 'yes' },
      features: [{ name: 'visits', type: 'numeric', used: true }],
    });
    await runTraining(scopeA, id);
    const model = (await a.call('GET', `/userflow/models/${id}`)).body;
    expect(model.lastRun).toMatchObject({ trigger: 'training', status: 'finished', matched: 300, cleared: 0 });
    const attributeId: number = model.attribute.id;
    expect((await scores(a.companyId, attributeId)).size).toBe(300);

    // A contact of a holding a score it never got from this source, and b's contacts holding a value under the same
    // key (as if written by mistake): the first is cleared by the next run, the others are another company's.
    await scopeA.db.query(
      `insert into contacts (company_id, email, attributes) values ($1, 'outside@example.org', jsonb_build_object($2::text, 0.9))`,
      [a.companyId, String(attributeId)],
    );
    await forJob(env.ctx, b.companyId).db.query(
      `insert into contacts (company_id, email, attributes)
       select $1, 'c' || g || '@example.org', jsonb_build_object($2::text, 0.42) from generate_series(0, 9) g`,
      [b.companyId, String(attributeId)],
    );
    const first = await runScoring(scopeA, id, 'manual');
    expect(first).toMatchObject({ status: 'finished', rows: 400, matched: 300, cleared: 1, incremental: false });
    const afterFirst = await scores(a.companyId, attributeId);
    expect(afterFirst.size).toBe(300);
    expect(afterFirst.has('outside@example.org')).toBe(false);

    // c0…c49 leave the source: the next run scores the other 250 and clears those 50.
    await uploadSource(id, customers(50, 400));
    const second = await runScoring(scopeA, id, 'manual');
    expect(second).toMatchObject({ status: 'finished', rows: 350, matched: 250, cleared: 50 });
    const afterSecond = await scores(a.companyId, attributeId);
    expect(afterSecond.size).toBe(250);
    expect([...afterSecond.keys()].filter((email) => /^c[0-4]?[0-9]@/.test(email))).toEqual([]);
    expect(afterSecond.get('c50@example.org')).toBe(afterFirst.get('c50@example.org'));
    const runs = (await a.call('GET', `/userflow/models/${id}/runs`)).body;
    expect(runs[0]).toMatchObject({ id: second.id, cleared: 50, incremental: false });

    // A source without rows and a source that cannot be read both fail their run, which clears nothing.
    await uploadSource(id, customers(0, 0));
    expect(await runScoring(scopeA, id, 'manual')).toMatchObject({
      status: 'failed',
      cleared: 0,
      error: { code: 'source_empty' },
    });
    const { rows: file } = await scopeA.db.query<{ file_path: string }>(
      'select file_path from userflow_files where company_id = $1 and model_id = $2',
      [a.companyId, id],
    );
    await rm(file[0]!.file_path);
    expect(await runScoring(scopeA, id, 'manual')).toMatchObject({ status: 'failed', cleared: 0 });
    expect(await scores(a.companyId, attributeId)).toEqual(afterSecond);

    // Company b's values under the same key were never touched by a's runs.
    const other = await scores(b.companyId, attributeId);
    expect([...other.values()]).toEqual(Array(10).fill(0.42));
  }, 120_000);
});
