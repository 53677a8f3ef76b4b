import { existsSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { USERFLOW_LIMITS } from '../../../shared/userflow.ts';
import { openConnector } from '../../../server/services/userflow/connectors/index.ts';
import { forJob } from '../../../server/services/scope.ts';
import { bearer, type TestEnv } from '../helpers.ts';
import { makeContact, multipart, setupTwoCompanies, workbook, type Caller } from '../contacts/fixtures.ts';

let env: TestEnv;
let a: Caller;
let b: Caller;

beforeAll(async () => {
  ({ env, a, b } = await setupTwoCompanies());
});
afterAll(() => env.close());

async function uploadTo(caller: Caller, modelId: number, fileName: string, content: Buffer | string) {
  const body = multipart(fileName, content);
  const res = await env.app.inject({
    method: 'POST',
    url: `/api/userflow/models/${modelId}/source/file`,
    headers: { ...bearer(caller.token), ...body.headers },
    payload: body.payload,
  });
  return { status: res.statusCode, body: res.json() };
}

const newModel = async (caller: Caller, name = 'Churn') =>
  (await caller.call('POST', '/userflow/models', { name, predictionType: 'probability' })).body.id as number;

/** 30 customers: email, plan, spend, churned (yes/no), signup date, and an empty column. */
const CSV = [
  'email,plan,spend,churned,signup,customer_id,notes',
  ...Array.from({ length: 30 }, (_, i) =>
    [
      `user${i}@example.org`,
      ['free', 'gold', 'team'][i % 3],
      (i * 12.5).toFixed(1),
      i % 4 === 0 ? 'yes' : 'no',
      `2025-0${(i % 9) + 1}-1${i % 10}`,
      `C-${1000 + i}`,
      '',
    ].join(','),
  ),
].join('\n');

describe('UserFlow file source', () => {
  it('stores an uploaded CSV and answers its schema, preview and match rate by email', async () => {
    const id = await newModel(a);
    const uploaded = await uploadTo(a, id, 'customers.csv', CSV);
    expect(uploaded.status).toBe(200);
    expect(uploaded.body.source).toMatchObject({ kind: 'file', config: { fileName: 'customers.csv', rows: 30 } });

    const test = await a.call('POST', `/userflow/models/${id}/source/test`);
    expect(test.body).toEqual({ ok: true, rows: 30, error: null });

    const schema = await a.call('GET', `/userflow/models/${id}/source/schema`);
    expect(schema.status).toBe(200);
    const types = Object.fromEntries(schema.body.columns.map((c: { name: string; type: string }) => [c.name, c.type]));
    expect(types).toEqual({
      email: 'categorical',
      plan: 'categorical',
      spend: 'numeric',
      churned: 'boolean',
      signup: 'date',
      customer_id: 'categorical',
      notes: 'categorical',
    });
    expect(schema.body.sampleRows).toBe(30);
    expect(schema.body.columns.find((c: { name: string }) => c.name === 'notes').nulls).toBe(1);
    expect(schema.body.columns.find((c: { name: string }) => c.name === 'plan').sample).toEqual([
      'free',
      'gold',
      'team',
    ]);
    expect(schema.body.suggested).toEqual({ identityColumn: 'email', matchKind: 'email', timeColumn: 'signup' });

    const preview = await a.call('GET', `/userflow/models/${id}/source/preview`);
    expect(preview.body.columns).toEqual(['email', 'plan', 'spend', 'churned', 'signup', 'customer_id', 'notes']);
    expect(preview.body.rows).toHaveLength(USERFLOW_LIMITS.previewRows);
    expect(preview.body.rows[1]).toEqual(['user1@example.org', 'gold', '12.5', 'no', '2025-02-11', 'C-1001', null]);

    // Three contacts of this company match (one by a differently cased email); the other company's do not count.
    await makeContact(a, { email: 'user1@example.org' });
    await makeContact(a, { email: 'USER2@example.org' });
    await makeContact(a, { email: 'user3@example.org' });
    await makeContact(b, { email: 'user4@example.org' });
    const noIdentity = await a.call('GET', `/userflow/models/${id}/source/match-rate`);
    expect(noIdentity.status).toBe(422);
    expect(noIdentity.body.code).toBe('identity_missing');
    await a.call('PATCH', `/userflow/models/${id}`, {
      identity: { column: 'email', matchKind: 'email', attributeId: null },
    });
    const rate = await a.call('GET', `/userflow/models/${id}/source/match-rate`);
    expect(rate.body).toEqual({ sampleRows: 30, withIdentity: 30, matched: 3, rate: 0.1 });
  });

  it('matches by the value of a contact attribute, and names a missing identity column', async () => {
    const id = await newModel(a, 'By id');
    await uploadTo(a, id, 'ids.csv', CSV);
    const externalId = (await a.call('POST', '/contact-attributes', { name: 'Customer id', type: 'text' })).body;
    await makeContact(a, { email: 'x1@example.net', attributes: { [externalId.id]: 'C-1005' } });
    await makeContact(a, { email: 'x2@example.net', attributes: { [externalId.id]: 'C-9999' } });
    await a.call('PATCH', `/userflow/models/${id}`, {
      identity: { column: 'customer_id', matchKind: 'attribute', attributeId: externalId.id },
    });
    const rate = await a.call('GET', `/userflow/models/${id}/source/match-rate`);
    expect(rate.body).toMatchObject({ sampleRows: 30, withIdentity: 30, matched: 1 });

    await a.call('PATCH', `/userflow/models/${id}`, {
      identity: { column: 'gone', matchKind: 'email', attributeId: null },
    });
    const missing = await a.call('GET', `/userflow/models/${id}/source/match-rate`);
    expect(missing.status).toBe(422);
    expect(missing.body).toMatchObject({ code: 'column_missing' });
  });

  it('reads an XLSX workbook, and a new upload replaces the file; deleting the model deletes it', async () => {
    const id = await newModel(a, 'Workbook');
    const rows = [
      ['Email', 'Orders', 'Orders'],
      ['w1@example.org', 3, 4],
      ['w2@example.org', 5, 6],
    ];
    const first = await uploadTo(a, id, 'book.xlsx', workbook(rows, 'xlsx'));
    expect(first.status).toBe(200);
    const preview = await a.call('GET', `/userflow/models/${id}/source/preview`);
    // Repeated column names are made unique, so every row keeps both values.
    expect(preview.body).toEqual({
      columns: ['Email', 'Orders', 'Orders (2)'],
      rows: [
        ['w1@example.org', '3', '4'],
        ['w2@example.org', '5', '6'],
      ],
    });
    const stored = async () =>
      (await env.pool.query('select file_path from userflow_files where model_id = $1', [id])).rows[0]?.file_path;
    const firstPath = await stored();
    expect(existsSync(firstPath)).toBe(true);
    expect((await uploadTo(a, id, 'again.csv', 'Email,Visits\nz@example.org,2\n')).body.source.config).toMatchObject({
      fileName: 'again.csv',
      rows: 1,
    });
    expect(existsSync(firstPath)).toBe(false);
    const secondPath = await stored();
    expect((await a.call('DELETE', `/userflow/models/${id}`)).status).toBe(204);
    expect(existsSync(secondPath)).toBe(false);
  });

  it('reads a large file in pages of at most pageRows through the connector interface', async () => {
    const id = await newModel(a, 'Large');
    const count = USERFLOW_LIMITS.pageRows * 2 + 123;
    const lines = ['email,spend', ...Array.from({ length: count }, (_, i) => `l${i}@example.org,${i}`)];
    expect((await uploadTo(a, id, 'large.csv', lines.join('\r\n'))).status).toBe(200);
    const scope = forJob(env.ctx, a.companyId);
    const settings = { kind: 'file' as const, config: {}, secrets: {} };
    const connector = await openConnector(scope, id, settings);
    const sizes: number[] = [];
    let last = '';
    for await (const page of connector.rows()) {
      sizes.push(page.length);
      last = String(page.at(-1)!.spend);
    }
    await connector.close();
    expect(sizes).toEqual([USERFLOW_LIMITS.pageRows, USERFLOW_LIMITS.pageRows, 123]);
    expect(last).toBe(String(count - 1));
    const limited = await openConnector(scope, id, settings);
    const firstPage = [];
    for await (const page of limited.rows({ limit: 7 })) firstPage.push(...page);
    expect(firstPage.map((r) => r.email)).toEqual(Array.from({ length: 7 }, (_, i) => `l${i}@example.org`));
  });

  it('answers a missing source or file as an outcome, and refuses files it cannot read', async () => {
    const id = await newModel(a, 'Empty');
    expect((await a.call('POST', `/userflow/models/${id}/source/test`)).body).toMatchObject({
      ok: false,
      error: { code: 'source_missing', message: 'Choose and configure a data source first.' },
    });
    await a.call('PATCH', `/userflow/models/${id}`, { source: { kind: 'file', config: {} } });
    expect((await a.call('POST', `/userflow/models/${id}/source/test`)).body.error.code).toBe('file_missing');
    const schema = await a.call('GET', `/userflow/models/${id}/source/schema`);
    expect(schema.status).toBe(422);
    expect(schema.body.code).toBe('file_missing');
    const pdf = await uploadTo(a, id, 'report.pdf', '%PDF-1.4');
    expect(pdf.status).toBe(422);
    expect(pdf.body.errors.file).toEqual(['Only CSV, XLS and XLSX files can be imported']);
    const empty = await uploadTo(a, id, 'empty.csv', '');
    expect(empty.status).toBe(422);
    const notMultipart = await a.call('POST', `/userflow/models/${id}/source/file`, { file: 'x' });
    expect([400, 415, 422]).toContain(notMultipart.status);
  });

  it("answers 404 for another company's model on every source operation", async () => {
    const theirs = await newModel(b, 'Theirs');
    expect((await uploadTo(b, theirs, 'theirs.csv', CSV)).status).toBe(200);
    const base = `/userflow/models/${theirs}/source`;
    expect((await a.call('POST', `${base}/test`)).status).toBe(404);
    expect((await a.call('GET', `${base}/schema`)).status).toBe(404);
    expect((await a.call('GET', `${base}/preview`)).status).toBe(404);
    expect((await a.call('GET', `${base}/match-rate`)).status).toBe(404);
    expect((await uploadTo(a, theirs, 'mine.csv', CSV)).status).toBe(404);
    expect((await b.call('GET', `${base}/preview`)).body.rows).toHaveLength(20);
  });
});
