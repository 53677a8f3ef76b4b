import { existsSync } from 'node:fs';
import { mkdir, utimes, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { cleanAbandonedUploads, uploadsDir } from '../../../server/services/contacts/imports/files.ts';
import { giveUpImport, importWriter, runImport } from '../../../server/services/contacts/imports/run.ts';
import { forJob } from '../../../server/services/scope.ts';
import type { TestEnv } from '../helpers.ts';
import { makeList, setupTwoCompanies, upload, type Caller } from './fixtures.ts';

// What an import leaves behind: its uploaded file goes when it finishes, fails for good, is deleted or abandoned, and
// its error report neutralises formulae copied from the file's header.
let env: TestEnv;
let a: Caller;
let b: Caller;
let listId: number;
beforeAll(async () => {
  ({ env, a, b } = await setupTwoCompanies());
  ({ listId } = await makeList(a));
});
afterAll(() => env.close());

const fileOf = async (id: number) =>
  (await env.pool.query<{ file_path: string | null }>('select file_path from contact_imports where id = $1', [id]))
    .rows[0]?.file_path;

async function uploaded(name: string, csv: string): Promise<{ id: number; file: string; mapping: unknown }> {
  const res = await upload(env, a, name, csv);
  expect(res.status, JSON.stringify(res.body)).toBe(201);
  const file = (await fileOf(res.body.id))!;
  expect(existsSync(file)).toBe(true);
  return { id: res.body.id, file, mapping: res.body.suggestedMapping };
}

describe('uploaded files', () => {
  it('are deleted when the import finishes, and the error report escapes a formula header', async () => {
    const header = '=HYPERLINK("http://evil.example","click")';
    const { id, file } = await uploaded(
      'formula.csv',
      `"${header.replace(/"/g, '""')}",first name\nnot-an-email,Ann\nok@example.com,Bob\n`,
    );
    await a.call('POST', `/contact-imports/${id}/start`, {
      mapping: [{ target: 'email' }, { target: 'firstName' }],
      listIds: [listId],
    });
    expect(await runImport(forJob(env.ctx, a.companyId), id, importWriter(env.ctx.pool))).toBe('finished');
    expect(existsSync(file)).toBe(false);
    expect(await fileOf(id)).toBeNull();
    const done = (await a.call('GET', `/contact-imports/${id}`)).body;
    expect(done).toMatchObject({ status: 'finished', created: 1, failed: 1 });
    const report = await env.app.inject({ method: 'GET', url: done.errorReportUrl });
    expect(report.body.trim().split('\r\n')).toEqual([
      'row,column,reason',
      `2,"'=HYPERLINK(""http://evil.example"",""click"")",Email must be a valid address`,
    ]);
  });

  it('are deleted when the import fails for good', async () => {
    const { id, file } = await uploaded('broken.csv', 'email\nx@example.com\n');
    await a.call('POST', `/contact-imports/${id}/start`, { mapping: [{ target: 'email' }], listIds: [listId] });
    // The job's last attempt ended on an error.
    await giveUpImport(forJob(env.ctx, a.companyId), id, new Error('database unreachable'));
    expect((await a.call('GET', `/contact-imports/${id}`)).body.status).toBe('failed');
    expect(existsSync(file)).toBe(false);
    expect(await fileOf(id)).toBeNull();
  });

  it('go with a deleted import; a queued one cannot be deleted, nor another company’s', async () => {
    const first = await uploaded('delete-me.csv', 'email\nx@example.com\n');
    expect((await b.call('DELETE', `/contact-imports/${first.id}`)).status).toBe(404);
    const deleted = await a.call('DELETE', `/contact-imports/${first.id}`);
    expect(deleted.status).toBe(204);
    expect(existsSync(first.file)).toBe(false);
    expect((await a.call('GET', `/contact-imports/${first.id}`)).status).toBe(404);
    expect((await a.call('DELETE', `/contact-imports/${first.id}`)).status).toBe(404);

    const queued = await uploaded('queued.csv', 'email\nnot-an-email\n');
    await a.call('POST', `/contact-imports/${queued.id}/start`, { mapping: [{ target: 'email' }], listIds: [listId] });
    const refused = await a.call('DELETE', `/contact-imports/${queued.id}`);
    expect(refused).toMatchObject({
      status: 409,
      body: { code: 'import_running', message: 'This import is running and cannot be deleted.' },
    });
    expect(await runImport(forJob(env.ctx, a.companyId), queued.id, importWriter(env.ctx.pool))).toBe('finished');
    expect((await a.call('DELETE', `/contact-imports/${queued.id}`)).status).toBe(204);
    const errors = await env.pool.query('select 1 from contact_import_errors where import_id = $1', [queued.id]);
    expect(errors.rowCount).toBe(0);
    expect((await a.call('GET', '/contact-imports')).body.map((i: { id: number }) => i.id)).not.toContain(queued.id);
  });

  it('of imports never started are deleted with them after a day, and stray files too', async () => {
    const old = await uploaded('old.csv', 'email\nx@example.com\n');
    const fresh = await uploaded('fresh.csv', 'email\ny@example.com\n');
    await env.pool.query(`update contact_imports set created_at = now() - interval '25 hours' where id = $1`, [old.id]);
    const dir = path.join(uploadsDir(env.ctx.config.dataDir), a.companyId);
    await mkdir(dir, { recursive: true });
    const stray = path.join(dir, 'stray.csv');
    await writeFile(stray, 'email\n');
    const dayAgo = new Date(Date.now() - 25 * 3_600_000);
    await utimes(stray, dayAgo, dayAgo);
    const newStray = path.join(dir, 'new-stray.csv');
    await writeFile(newStray, 'email\n');

    const cleaned = await cleanAbandonedUploads(env.ctx);
    expect(cleaned.imports).toBeGreaterThanOrEqual(1);
    expect(cleaned.files).toBeGreaterThanOrEqual(1);
    expect((await a.call('GET', `/contact-imports/${old.id}`)).status).toBe(404);
    expect(existsSync(old.file)).toBe(false);
    expect(existsSync(stray)).toBe(false);
    expect((await a.call('GET', `/contact-imports/${fresh.id}`)).status).toBe(200);
    expect(existsSync(fresh.file)).toBe(true);
    expect(existsSync(newStray)).toBe(true);
  });
});
