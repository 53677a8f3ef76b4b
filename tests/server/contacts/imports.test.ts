import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestEnv, type TestEnv } from '../helpers.ts';
import { makeList, signIn, upload, workbook, type Caller } from './fixtures.ts';

// Upload: streaming to disk, format/encoding/delimiter detection, preview, header matching, limits and broken files.
let env: TestEnv;
let a: Caller;
beforeAll(async () => {
  env = await createTestEnv({ uploadMaxBytes: 64 * 1024 });
  a = await signIn(env);
});
afterAll(() => env.close());

const win1252 = (text: string) =>
  Buffer.from([...text].map((ch) => ({ è: 0xe8, à: 0xe0, ò: 0xf2, é: 0xe9, '€': 0x80 })[ch] ?? ch.charCodeAt(0)));

describe('contact import upload', () => {
  it('reads a UTF-8 CSV with BOM: comma, header, preview and English header matching', async () => {
    const csv =
      '\ufeffEmail,First name,Last Name,Phone,Country code,Plan\r\nada@example.com,Ada,Lovelace,333 123 4567,IT,gold\r\nbob@example.com,Bob,,,,\r\n';
    const res = await upload(env, a, 'people.csv', csv);
    expect(res.status).toBe(201);
    expect(res.body).toMatchObject({
      status: 'uploaded',
      fileName: 'people.csv',
      format: 'csv',
      encoding: 'utf-8',
      delimiter: ',',
      headers: ['Email', 'First name', 'Last Name', 'Phone', 'Country code', 'Plan'],
      preview: [
        ['ada@example.com', 'Ada', 'Lovelace', '333 123 4567', 'IT', 'gold'],
        ['bob@example.com', 'Bob', '', '', '', ''],
      ],
      estimatedRows: 2,
      suggestedMapping: [
        { target: 'email' },
        { target: 'firstName' },
        { target: 'lastName' },
        { target: 'phoneNumber' },
        { target: 'country' },
        { target: 'skip' },
      ],
    });
  });

  it('detects semicolons, Windows-1252 and Italian headers, and matches attributes by name', async () => {
    const piano = (await a.call('POST', '/contact-attributes', { name: 'Piano', type: 'text' })).body;
    const csv = win1252(
      'Nome;Cognome;E-mail;Cellulare;Prefisso;Paese;Lingua;Indirizzo;Piano\r\nNiccolò;Rè;n@example.it;3331234567;+39;IT;it;Via Po 1;oro\r\n',
    );
    const res = await upload(env, a, 'contatti.csv', csv);
    expect(res.body).toMatchObject({ encoding: 'windows-1252', delimiter: ';' });
    expect(res.body.preview[0].slice(0, 2)).toEqual(['Niccolò', 'Rè']);
    expect(res.body.suggestedMapping).toEqual([
      { target: 'firstName' },
      { target: 'lastName' },
      { target: 'email' },
      { target: 'phoneNumber' },
      { target: 'phonePrefix' },
      { target: 'country' },
      { target: 'language' },
      { target: 'address' },
      { target: 'attribute', attributeId: piano.id },
    ]);
  });

  it('detects tabs and keeps quoted newlines and delimiters inside one field, skipping blank lines in the preview', async () => {
    const tsv = 'email\tnote\n\n"x@example.com"\t"line one\nline\ttwo"\n\t\n';
    const res = await upload(env, a, 'tabs.tsv', tsv);
    expect(res.body.delimiter).toBe('\t');
    expect(res.body.preview).toEqual([['x@example.com', 'line one\nline\ttwo']]);
  });

  it('reads XLSX and XLS workbooks', async () => {
    const rows = [
      ['Email', 'Nome', 'Data'],
      ['w@example.com', 'Walter', new Date(Date.UTC(2024, 1, 29))],
    ];
    for (const type of ['xlsx', 'xls'] as const) {
      const res = await upload(env, a, `book.${type}`, workbook(rows, type));
      expect(res.status, JSON.stringify(res.body)).toBe(201);
      expect(res.body).toMatchObject({
        format: type,
        encoding: null,
        delimiter: null,
        headers: ['Email', 'Nome', 'Data'],
        estimatedRows: 1,
      });
      expect(res.body.preview[0].slice(0, 2)).toEqual(['w@example.com', 'Walter']);
      expect(res.body.preview[0][2]).toMatch(/^2024-02-2[89]$/);
    }
  });

  it('refuses a file over the size limit with 413 and the spec message', async () => {
    const big = `email\n${'someone@example.com\n'.repeat(4000)}`;
    const res = await upload(env, a, 'big.csv', big);
    expect(res.status).toBe(413);
    expect(res.body).toEqual({ code: 'file_too_large', message: 'You exceeded the maximum filesize' });
  });

  it('answers the configured size limit, which is exactly where uploads start being refused', async () => {
    const res = await a.call('GET', '/contact-imports/limits');
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ maxFileBytes: 64 * 1024 });
    // A CSV of exactly the announced size is read; one byte more is refused.
    const head = 'email\nlast@example.com\n';
    const exact = head + 'x'.repeat(res.body.maxFileBytes - head.length);
    expect((await upload(env, a, 'exact.csv', exact)).status).toBe(201);
    expect((await upload(env, a, 'over.csv', exact + 'x')).status).toBe(413);
  });

  it('answers the size limit only to a signed-in user', async () => {
    const res = await env.app.inject({ method: 'GET', url: '/api/contact-imports/limits' });
    expect(res.statusCode).toBe(401);
    expect(res.json()).toMatchObject({
      code: expect.any(String),
      message: 'Sorry, you have to be logged in to access this.',
    });
  });

  it('refuses broken, empty, headerless and foreign files with the spec message', async () => {
    const cases: [string, Buffer | string][] = [
      ['broken.xlsx', Buffer.concat([Buffer.from('PK\u0003\u0004'), Buffer.alloc(200, 7)])],
      ['binary.csv', Buffer.from([0, 1, 2, 3, 0, 0, 5, 6, 0, 9, 0, 0, 0, 1])],
      ['empty.csv', ''],
      ['blank.csv', '\n\n;;\n'],
      ['notes.pdf', '%PDF-1.4'],
    ];
    for (const [name, content] of cases) {
      const res = await upload(env, a, name, content);
      expect(res.status, name).toBe(422);
      expect(res.body.code, name).toBe('upload_failed');
      expect(res.body.message, name).toBe('Error while uploading this file, please try again.');
      expect(res.body.errors.file.length, name).toBe(1);
    }
  });

  it('refuses a request without a file', async () => {
    const res = await env.app.inject({
      method: 'POST',
      url: '/api/contact-imports',
      headers: { authorization: `Bearer ${a.token}`, 'content-type': 'application/json' },
      payload: '{}',
    });
    expect(res.statusCode).toBe(415);
  });

  it('checks the start request: lists, mapping, state', async () => {
    const uploaded = (await upload(env, a, 'start.csv', 'email,name\nq@example.com,Q\n')).body;
    const { listId } = await makeList(a);
    const start = (body: unknown) => a.call('POST', `/contact-imports/${uploaded.id}/start`, body);
    expect((await start({ mapping: [{ target: 'email' }, { target: 'firstName' }], listIds: [] })).body.errors).toEqual(
      { listIds: ['At least one list is required'] },
    );
    expect(
      (await start({ mapping: [{ target: 'email' }, { target: 'firstName' }], listIds: [999999] })).body.errors,
    ).toEqual({ listIds: ['List does not exist'] });
    expect((await start({ mapping: [{ target: 'email' }], listIds: [listId] })).body.errors).toEqual({
      mapping: ['Give a target for each of the 2 columns'],
    });
    expect(
      (await start({ mapping: [{ target: 'skip' }, { target: 'firstName' }], listIds: [listId] })).body.errors,
    ).toEqual({ mapping: ['Map one column to the email'] });
    expect(
      (await start({ mapping: [{ target: 'email' }, { target: 'email' }], listIds: [listId] })).body.errors,
    ).toEqual({ 'mapping.1': ['Already mapped to column 1'] });
    expect(
      (await start({ mapping: [{ target: 'email' }, { target: 'attribute', attributeId: 999999 }], listIds: [listId] }))
        .body.errors,
    ).toEqual({
      'mapping.1.attributeId': ['Attribute does not exist'],
    });
    const ok = await start({ mapping: [{ target: 'email' }, { target: 'firstName' }], listIds: [listId] });
    expect(ok.status).toBe(202);
    expect(ok.body).toMatchObject({ status: 'queued', listIds: [listId], updateExisting: true, blocklist: false });
    const job = await env.pool.query(`select task_identifier from graphile_worker.jobs where key = $1`, [
      `contact-import:${uploaded.id}`,
    ]);
    expect(job.rows).toEqual([{ task_identifier: 'import_contacts' }]);
    expect((await start({ mapping: [{ target: 'email' }, { target: 'firstName' }], listIds: [listId] })).status).toBe(
      409,
    );
  });

  it('lists and reads imports', async () => {
    const list = await a.call('GET', '/contact-imports?perPage=2');
    expect(list.status).toBe(200);
    expect(list.body.length).toBe(2);
    expect(JSON.parse(String(list.headers.pagination)).total).toBeGreaterThan(5);
    expect((await a.call('GET', `/contact-imports/${list.body[0].id}`)).body.id).toBe(list.body[0].id);
    expect((await a.call('GET', '/contact-imports/999999')).status).toBe(404);
  });
});
