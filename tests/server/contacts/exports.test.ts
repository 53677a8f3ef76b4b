import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signDownload } from '../../../server/services/contacts/downloads.ts';
import { failExport, runExport } from '../../../server/services/contacts/exports.ts';
import { forJob } from '../../../server/services/scope.ts';
import type { TestEnv } from '../helpers.ts';
import { makeContact, makeList, setupTwoCompanies, type Caller } from './fixtures.ts';

// Contact downloads: a background job writes the CSV, progress goes over realtime, a signed link serves the file.
let env: TestEnv;
let a: Caller;
let b: Caller;
let listId: number;
let plan: number;
let score: number;
beforeAll(async () => {
  ({ env, a, b } = await setupTwoCompanies());
  ({ listId } = await makeList(a));
  plan = (await a.call('POST', '/contact-attributes', { name: 'Plan', type: 'category', options: ['free', 'gold'] }))
    .body.id;
  score = (await a.call('POST', '/contact-attributes', { name: 'Score', type: 'number' })).body.id;
  await makeContact(a, {
    email: 'one@example.com',
    firstName: 'Uno',
    lastName: 'Primo, Jr.',
    attributes: { [plan]: 'gold', [score]: 1.5 },
    listIds: [listId],
  });
  await makeContact(a, { email: 'two@example.com', firstName: '=HYPERLINK("x")', listIds: [listId], blocked: true });
  await makeContact(a, { email: 'three@example.com' });
  await makeContact(b, { email: 'foreign@example.com', listIds: [] });
});
afterAll(() => env.close());

async function exportOf(selection: unknown, attributeIds?: number[]) {
  const created = await a.call('POST', '/contact-exports', { selection, ...(attributeIds ? { attributeIds } : {}) });
  expect(created.status, JSON.stringify(created.body)).toBe(202);
  expect(created.body).toMatchObject({ status: 'queued', downloadUrl: null });
  return created.body.id as number;
}

describe('contact exports', () => {
  it('writes the selected contacts to CSV and serves it through a signed link', async () => {
    env.emitted.length = 0;
    const id = await exportOf({ filter: { listId } });
    expect((await a.call('GET', `/contact-exports/${id}`)).body.status).toBe('queued');
    await runExport(forJob(env.ctx, a.companyId), id);
    const done = (await a.call('GET', `/contact-exports/${id}`)).body;
    expect(done).toMatchObject({ status: 'finished', rowsTotal: 2, rowsDone: 2, error: null });
    expect(done.downloadUrl).toMatch(new RegExp(`^/api/contact-exports/${id}/file\\?token=`));
    const file = await env.app.inject({ method: 'GET', url: done.downloadUrl });
    expect(file.statusCode).toBe(200);
    expect(file.headers['content-disposition']).toBe(`attachment; filename="contacts-${id}.csv"`);
    const lines = file.body
      .replace(/^\ufeff/, '')
      .trim()
      .split('\r\n');
    expect(lines[0]).toBe(
      'Email,First name,Last name,Phone prefix,Phone number,Country,Language,Address,Blocklisted,Created at,Plan,Score',
    );
    expect(lines[1]).toMatch(/^one@example\.com,Uno,"Primo, Jr\.",,,,,,no,\d{4}-.*,gold,1\.5$/);
    expect(lines[2]).toMatch(/^two@example\.com,"'=HYPERLINK\(""x""\)",,,,,,,yes,/);
    expect(lines).toHaveLength(3);
    const progress = env.emitted.filter((e) => e.event === 'job.progressed').map((e) => e.payload);
    expect(progress.at(-1)).toMatchObject({
      jobId: `contact-export:${id}`,
      kind: 'contacts.export',
      status: 'finished',
      processed: 2,
      total: 2,
    });
    expect(env.emitted.every((e) => e.room === `company:${a.companyId}`)).toBe(true);
  });

  it('exports ids, chosen attribute columns, and never another company', async () => {
    const foreign = (await b.call('GET', '/contacts')).body[0];
    const mine = (await a.call('GET', '/contacts?sort=email')).body;
    const id = await exportOf({ ids: [mine[0].id, foreign.id] }, [score]);
    await runExport(forJob(env.ctx, a.companyId), id);
    const done = (await a.call('GET', `/contact-exports/${id}`)).body;
    const lines = (await env.app.inject({ method: 'GET', url: done.downloadUrl })).body.trim().split('\r\n');
    expect(lines[0]!.endsWith(',Created at,Score')).toBe(true);
    expect(lines).toHaveLength(2);
    expect(lines[1]).toContain(mine[0].email);
    const all = await exportOf({ filter: {} });
    await runExport(forJob(env.ctx, a.companyId), all);
    expect((await a.call('GET', `/contact-exports/${all}`)).body.rowsTotal).toBe(3);
  });

  it('refuses an empty selection and unknown attributes', async () => {
    const empty = await a.call('POST', '/contact-exports', { selection: { ids: [] } });
    expect(empty.status).toBe(422);
    expect(empty.body.message).toBe('Select one or more contacts first');
    expect(
      (await a.call('POST', '/contact-exports', { selection: { filter: {} }, attributeIds: [999999] })).body.errors,
    ).toEqual({ attributeIds: ['Attribute does not exist'] });
    expect((await a.call('POST', '/contact-exports', { selection: { filter: { segmentId: 999999 } } })).status).toBe(
      404,
    );
  });

  it('guards the download link: not ready, forged, expired', async () => {
    const id = await exportOf({ filter: {} });
    const token = signDownload(env.ctx.config.secret, 'export', a.companyId, id);
    const early = await env.app.inject({ method: 'GET', url: `/api/contact-exports/${id}/file?token=${token}` });
    expect(early.statusCode).toBe(409);
    await runExport(forJob(env.ctx, a.companyId), id);
    const forged = `${b.companyId}.${token.split('.').slice(1).join('.')}`;
    expect(
      (await env.app.inject({ method: 'GET', url: `/api/contact-exports/${id}/file?token=${forged}` })).statusCode,
    ).toBe(403);
    const otherFile = signDownload(env.ctx.config.secret, 'export', a.companyId, id + 1000);
    expect(
      (await env.app.inject({ method: 'GET', url: `/api/contact-exports/${id}/file?token=${otherFile}` })).statusCode,
    ).toBe(403);
    const asReport = signDownload(env.ctx.config.secret, 'import-errors', a.companyId, id);
    expect(
      (await env.app.inject({ method: 'GET', url: `/api/contact-exports/${id}/file?token=${asReport}` })).statusCode,
    ).toBe(403);
    const expired = signDownload(env.ctx.config.secret, 'export', a.companyId, id, Date.now() - 2 * 60 * 60 * 1000);
    const gone = await env.app.inject({ method: 'GET', url: `/api/contact-exports/${id}/file?token=${expired}` });
    expect(gone.statusCode).toBe(410);
    expect(gone.json().code).toBe('download_link_expired');
  });

  it('reports a failed export', async () => {
    const id = await exportOf({ filter: {} });
    await failExport(forJob(env.ctx, a.companyId), id, new Error('disk full'));
    expect((await a.call('GET', `/contact-exports/${id}`)).body).toMatchObject({
      status: 'failed',
      error: 'The download could not be prepared.',
      downloadUrl: null,
    });
  });

  it('lists exports newest first', async () => {
    const res = await a.call('GET', '/contact-exports?perPage=2');
    expect(res.body).toHaveLength(2);
    expect(res.body[0].id).toBeGreaterThan(res.body[1].id);
    expect((await b.call('GET', '/contact-exports')).body).toEqual([]);
  });
});
