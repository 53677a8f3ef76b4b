import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TestEnv } from '../helpers.ts';
import { setupTwoCompanies, type Caller } from '../contacts/fixtures.ts';

let env: TestEnv;
let a: Caller;
let b: Caller;

beforeAll(async () => {
  ({ env, a, b } = await setupTwoCompanies());
});
afterAll(() => env.close());

const restSource = {
  kind: 'rest',
  config: { url: 'https://data.example.org/rows', authType: 'bearer', rowsPath: 'data', pagination: { type: 'none' } },
  secrets: { authValue: 'top-secret-token' },
};

describe('UserFlow model drafts', () => {
  it('creates a draft, autosaves parts and keeps write-only secrets out of every answer', async () => {
    const created = await a.call('POST', '/userflow/models', { name: 'Churn', predictionType: 'probability' });
    expect(created.status).toBe(201);
    expect(created.body).toMatchObject({ status: 'draft', attributeName: 'Churn score', runMode: { mode: 'manual' } });
    const id = created.body.id as number;

    const saved = await a.call('PATCH', `/userflow/models/${id}`, { source: restSource, question: 'Will they leave?' });
    expect(saved.status).toBe(200);
    expect(saved.body.source).toEqual({ kind: 'rest', config: restSource.config, secretsSet: ['authValue'] });
    expect(JSON.stringify(saved.body)).not.toContain('top-secret-token');
    const stored = await env.pool.query('select source_secrets from userflow_models where id = $1', [id]);
    expect(stored.rows[0].source_secrets).not.toContain('top-secret-token');

    // A source sent without secrets keeps the stored ones; another kind drops them.
    const kept = await a.call('PATCH', `/userflow/models/${id}`, { source: { ...restSource, secrets: undefined } });
    expect(kept.body.source.secretsSet).toEqual(['authValue']);
    const other = await a.call('PATCH', `/userflow/models/${id}`, { source: { kind: 'brevo', config: {} } });
    expect(other.body.source.secretsSet).toEqual([]);

    const list = await a.call('GET', '/userflow/models');
    expect(list.body.map((m: { id: number }) => m.id)).toEqual([id]);
    expect((await a.call('POST', `/userflow/models/${id}/pause`)).status).toBe(409);
    expect((await a.call('DELETE', `/userflow/models/${id}`)).status).toBe(204);
    expect((await a.call('GET', `/userflow/models/${id}`)).status).toBe(404);
  });

  it("answers 404 for another company's model on every operation that names one", async () => {
    const theirs = (await b.call('POST', '/userflow/models', { name: 'Theirs', predictionType: 'value' })).body;
    const base = `/userflow/models/${theirs.id}`;
    expect((await a.call('GET', base)).status).toBe(404);
    expect((await a.call('PATCH', base, { name: 'Mine now' })).status).toBe(404);
    expect((await a.call('POST', `${base}/pause`)).status).toBe(404);
    expect((await a.call('POST', `${base}/resume`)).status).toBe(404);
    expect((await a.call('GET', `${base}/versions`)).status).toBe(404);
    expect((await a.call('GET', `${base}/runs`)).status).toBe(404);
    expect((await a.call('DELETE', base)).status).toBe(404);
    expect((await a.call('GET', '/userflow/models')).body).toEqual([]);
    expect((await b.call('GET', base)).body.name).toBe('Theirs');
  });

  it('refuses bad input with 422 or 400, never 500', async () => {
    expect((await a.call('POST', '/userflow/models', { name: '', predictionType: 'probability' })).status).toBe(422);
    expect((await a.call('POST', '/userflow/models', { name: 'X', predictionType: 'guess' })).status).toBe(422);
    const id = (await a.call('POST', '/userflow/models', { name: 'X', predictionType: 'value' })).body.id;
    const bad = await a.call('PATCH', `/userflow/models/${id}`, {
      source: { kind: 'rest', config: { url: 'ftp://x' } },
    });
    expect([400, 422]).toContain(bad.status);
  });
});
