import * as XLSX from '@e965/xlsx';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { IMPORT_LIMITS, LIMIT_TEXTS } from '../../../server/services/contacts/imports/limits.ts';
import { importWriter, runImport } from '../../../server/services/contacts/imports/run.ts';
import { forJob } from '../../../server/services/scope.ts';
import { createTestEnv, type TestEnv } from '../helpers.ts';
import { makeList, signIn, upload, type Caller } from './fixtures.ts';
import { wideCsv, xlsxBombs } from './support/bombs.ts';

// Hostile uploads: decompression bombs and a million-column header are refused with a 422 naming the cap, while the
// server keeps answering everyone else; a sheet whose <dimension> lies is counted and imported by its real rows.
let env: TestEnv;
let a: Caller;
let bombs: { honest: Buffer; lying: Buffer };
beforeAll(async () => {
  env = await createTestEnv();
  a = await signIn(env);
  bombs = await xlsxBombs(400);
}, 60_000);
afterAll(() => env.close());

const fileErrors = (body: { code: string; errors?: { file?: string[] } }) => ({
  code: body.code,
  file: body.errors?.file,
});
const percentile = (values: number[], p: number) =>
  [...values].sort((x, y) => x - y)[Math.ceil((values.length * p) / 100) - 1]!;

describe('upload caps', () => {
  it('refuses four XLSX bombs at once by their unpacked size while /api/health stays fast', async () => {
    expect(bombs.honest.length).toBeLessThan(3 * 1024 * 1024);
    const latencies: number[] = [];
    let uploading = true;
    const probe = (async () => {
      while (uploading) {
        const started = performance.now();
        const res = await env.app.inject({ method: 'GET', url: '/api/health' });
        latencies.push(performance.now() - started);
        expect(res.statusCode).toBe(200);
        await new Promise((resolve) => setTimeout(resolve, 5));
      }
    })();
    const answers = await Promise.all(
      [bombs.honest, bombs.lying, bombs.honest, bombs.lying].map((file, i) => upload(env, a, `bomb${i}.xlsx`, file)),
    );
    uploading = false;
    await probe;
    for (const answer of answers) {
      expect(answer.status).toBe(422);
      expect(fileErrors(answer.body)).toEqual({ code: 'upload_failed', file: [LIMIT_TEXTS.unpackedBytes] });
    }
    expect(LIMIT_TEXTS.unpackedBytes).toBe('The file expands to more than 256 MB when unpacked');
    expect(latencies.length).toBeGreaterThan(20);
    // Parsed on the main thread, the lying bombs alone held every request for seconds: a p99 under a second shows the
    // inflation runs elsewhere. The ≤ 100 ms target is a figure for a quiet host (docs/benchmarks.md), not a test's.
    expect(percentile(latencies, 99)).toBeLessThanOrEqual(1_000);
    expect((await a.call('GET', '/contact-imports')).body).toEqual([]);
  }, 120_000);

  it('refuses a CSV with a million columns by the columns cap, and keeps nothing of it', async () => {
    const res = await upload(env, a, 'wide.csv', wideCsv(1_000_000));
    expect(res.status).toBe(422);
    expect(fileErrors(res.body)).toEqual({
      code: 'upload_failed',
      file: [`The file has more than ${IMPORT_LIMITS.columns} columns`],
    });
    const list = await a.call('GET', '/contact-imports');
    expect(list.body).toEqual([]);
    // At the cap the file is taken.
    const atCap = await upload(env, a, 'cap.csv', `email,${wideCsv(IMPORT_LIMITS.columns - 1)}`);
    expect(atCap.status).toBe(201);
    expect(atCap.body.headers).toHaveLength(IMPORT_LIMITS.columns);
  }, 60_000);

  it('refuses a CSV over the rows cap and cuts long header and preview cells', async () => {
    const many = await upload(env, a, 'many.csv', `email\n${'a@b.it\n'.repeat(IMPORT_LIMITS.rows + 1)}`);
    expect(fileErrors(many.body)).toEqual({ code: 'upload_failed', file: ['The file has more than 1,048,575 rows'] });
    const long = 'x'.repeat(10_000);
    const cut = await upload(env, a, 'long.csv', `email,${long}\nsomeone@example.com,${long}\n`);
    expect(cut.status).toBe(201);
    expect(cut.body.headers[1]).toHaveLength(IMPORT_LIMITS.previewCellChars);
    expect(cut.body.preview[0][1]).toHaveLength(IMPORT_LIMITS.previewCellChars);
  }, 60_000);
});

describe('a sheet whose <dimension> lies', () => {
  it('counts and imports the rows that are there', async () => {
    const sheet = XLSX.utils.aoa_to_sheet([
      ['Email', 'Name'],
      ['one@example.com', 'One'],
      ['two@example.com', 'Two'],
    ]);
    sheet['!ref'] = 'A1:B1048576';
    const book = XLSX.utils.book_new();
    XLSX.utils.book_append_sheet(book, sheet, 'Contacts');
    const file = XLSX.write(book, { type: 'buffer', bookType: 'xlsx' }) as Buffer;
    // Read as its <dimension> says, the sheet runs to Excel's last row.
    expect(XLSX.read(file).Sheets.Contacts!['!ref']).toBe('A1:B1048576');

    const uploaded = await upload(env, a, 'dimension.xlsx', file);
    expect(uploaded.status, JSON.stringify(uploaded.body)).toBe(201);
    expect(uploaded.body).toMatchObject({ format: 'xlsx', headers: ['Email', 'Name'], estimatedRows: 2 });
    const { listId } = await makeList(a);
    const started = await a.call('POST', `/contact-imports/${uploaded.body.id}/start`, {
      mapping: uploaded.body.suggestedMapping,
      listIds: [listId],
    });
    expect(started.status).toBe(202);
    expect(await runImport(forJob(env.ctx, a.companyId), uploaded.body.id, importWriter(env.ctx.pool))).toBe(
      'finished',
    );
    expect((await a.call('GET', `/contact-imports/${uploaded.body.id}`)).body).toMatchObject({
      status: 'finished',
      processed: 2,
      created: 2,
      failed: 0,
    });
  });
});
