import { rm } from 'node:fs/promises';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startWorker } from '../../../server/jobs/worker.ts';
import { importWriter, runImport } from '../../../server/services/contacts/imports/run.ts';
import { forJob } from '../../../server/services/scope.ts';
import type { TestEnv } from '../helpers.ts';
import {
  makeContact,
  makeList,
  setupTwoCompanies,
  upload,
  withRacingWriter,
  workbook,
  type Caller,
} from './fixtures.ts';

// Running imports: validation per row, duplicates, update or skip, blocklist, lists, error report, progress.
let env: TestEnv;
let a: Caller;
let b: Caller;
let listId: number;
let attrs: Record<string, number>;

beforeAll(async () => {
  ({ env, a, b } = await setupTwoCompanies());
  ({ listId } = await makeList(a, 'Imported'));
  attrs = {};
  for (const [name, type, options] of [
    ['Plan', 'category', ['free', 'gold']],
    ['Score', 'number'],
    ['Since', 'date'],
    ['VIP', 'boolean'],
  ] as const) {
    attrs[name] = (
      await a.call('POST', '/contact-attributes', { name, type, ...(options ? { options } : {}) })
    ).body.id;
  }
});
afterAll(() => env.close());

async function importFile(
  caller: Caller,
  name: string,
  content: Buffer | string,
  options: Record<string, unknown> = {},
) {
  const uploaded = await upload(env, caller, name, content);
  expect(uploaded.status, JSON.stringify(uploaded.body)).toBe(201);
  const started = await caller.call('POST', `/contact-imports/${uploaded.body.id}/start`, {
    mapping: uploaded.body.suggestedMapping,
    listIds: [listId],
    ...options,
  });
  expect(started.status, JSON.stringify(started.body)).toBe(202);
  expect(await runImport(forJob(env.ctx, caller.companyId), uploaded.body.id, importWriter(env.ctx.pool))).toBe(
    'finished',
  );
  return (await caller.call('GET', `/contact-imports/${uploaded.body.id}`)).body;
}

/** The contact.updated events an import recorded in a company, by contact. */
const importEvents = async (companyId: string, importId: number) =>
  (
    await env.pool.query<{ contactId: number; userId: string | null; payload: unknown }>(
      `select contact_id::int as "contactId", user_id as "userId", payload from contact_events
        where company_id = $1 and type = 'contact.updated' and payload->>'importId' = $2::text order by contact_id`,
      [companyId, importId],
    )
  ).rows;

const contactByEmail = async (email: string) =>
  (await a.call('GET', `/contacts?q=${encodeURIComponent(email)}`)).body.find(
    (c: { email: string }) => c.email.toLowerCase() === email.toLowerCase(),
  );

describe('running an import', () => {
  it('creates, updates, merges duplicates, fails bad rows with a per-row report', async () => {
    const existing = await makeContact(a, {
      email: 'old@example.com',
      firstName: 'Old',
      lastName: 'Keep',
      phonePrefix: '39',
      phoneNumber: '3330000000',
    });
    const csv = [
      'email,first name,last name,phone,prefix,country,plan,score,since,vip',
      'new1@example.com,Nina,Uno,333 111 1111,+39,it,GOLD,"1,5",29/02/2024,sì',
      'OLD@example.com,Olga,,,,,free,,,',
      ',NoEmail,,,,,,,,',
      'bad@,X,,,,,,,,',
      'ab@cd,X,,,,,,,,',
      'typed@example.com,T,,,,,platinum,ten,2023-02-30,maybe',
      'nopfx@example.com,P,,5551234,,,,,,',
      '',
      'new1@example.com,,Due,,,FR,,7,,',
      'thief@example.com,Thief,,3330000000,39,,,,,',
      ',,,,,,,,,',
      'new2@example.com,Nora,"Quoted, Name",,,,,,,no',
    ].join('\n');
    const done = await importFile(a, 'mixed.csv', csv);
    expect(done).toMatchObject({
      status: 'finished',
      processed: 12,
      created: 2,
      updated: 2,
      skipped: 0,
      failed: 6,
      error: null,
    });
    expect(done.errorReportUrl).toMatch(/^\/api\/contact-imports\/\d+\/errors\?token=/);
    const n1 = await contactByEmail('new1@example.com');
    expect(n1).toMatchObject({
      firstName: 'Nina',
      lastName: 'Due',
      phonePrefix: '39',
      phoneNumber: '3331111111',
      country: 'FR',
    });
    expect(n1.attributes).toEqual({
      [attrs.Plan!]: 'gold',
      [attrs.Score!]: 7,
      [attrs.Since!]: '2024-02-29',
      [attrs.VIP!]: true,
    });
    const old = await contactByEmail('old@example.com');
    expect(old).toMatchObject({
      id: existing.id,
      firstName: 'Olga',
      lastName: 'Keep',
      phoneNumber: '3330000000',
      attributes: { [attrs.Plan!]: 'free' },
    });
    expect((await contactByEmail('new2@example.com')).lastName).toBe('Quoted, Name');
    expect((await a.call('GET', `/contact-lists/${listId}`)).body.memberCount).toBe(3);

    const report = await env.app.inject({ method: 'GET', url: done.errorReportUrl });
    expect(report.statusCode).toBe(200);
    expect(report.headers['content-type']).toContain('text/csv');
    expect(report.body.trim().split('\r\n')).toEqual([
      'row,column,reason',
      '4,email,Email is required',
      '5,email,Email must be at least 5 characters',
      '6,email,Email must be a valid address',
      '7,plan,"Plan must be one of: free, gold"',
      '7,score,Score must be a number',
      '7,since,Since must be a date (YYYY-MM-DD)',
      '7,vip,VIP must be true or false',
      '8,prefix,A prefix is required when a phone number is given',
      '11,phone,phone number already in use',
    ]);
    const forged = done.errorReportUrl.replace(/token=[^.]+/, `token=${b.companyId}`);
    expect((await env.app.inject({ method: 'GET', url: forged })).statusCode).toBe(403);
  });

  it('skips existing contacts and later duplicates when asked not to update', async () => {
    await makeContact(a, { email: 'stay@example.com', firstName: 'Stay' });
    const done = await importFile(
      a,
      'skip.csv',
      'email,first name\nstay@example.com,Changed\nfresh@example.com,Fresh\nfresh@example.com,Again\n',
      { updateExisting: false },
    );
    expect(done).toMatchObject({ created: 1, updated: 0, skipped: 2, failed: 0, errorReportUrl: null });
    expect((await contactByEmail('stay@example.com')).firstName).toBe('Stay');
    expect((await contactByEmail('fresh@example.com')).firstName).toBe('Fresh');
  });

  it('imports as blocklisted', async () => {
    await importFile(a, 'blocked.csv', 'email\nblocked1@example.com\nblocked2@example.com\n', { blocklist: true });
    expect((await contactByEmail('blocked1@example.com')).blocked).toBe(true);
  });

  it('imports XLSX and XLS with typed cells', async () => {
    for (const type of ['xlsx', 'xls'] as const) {
      const rows = [
        ['Email', 'Nome', 'Score', 'Since', 'VIP'],
        [`sheet-${type}@example.com`, 'Foglio', 42.5, new Date(Date.UTC(2024, 0, 15, 12)), true],
      ];
      const done = await importFile(a, `book.${type}`, workbook(rows, type));
      expect(done).toMatchObject({ created: 1, failed: 0 });
      const c = await contactByEmail(`sheet-${type}@example.com`);
      expect(c.firstName).toBe('Foglio');
      expect(c.attributes).toEqual({ [attrs.Score!]: 42.5, [attrs.Since!]: '2024-01-15', [attrs.VIP!]: true });
    }
  });

  it('imports 10,000 rows in batches with duplicates, reporting progress over realtime', async () => {
    const lines = ['Email;Nome;Cognome;Score'];
    for (let i = 0; i < 10_000; i++) lines.push(`bulk${i % 9000}@example.com;Nome${i};Cognome${i};${i}`);
    env.emitted.length = 0;
    const done = await importFile(a, 'bulk.csv', `\ufeff${lines.join('\r\n')}\r\n`);
    expect(done).toMatchObject({
      status: 'finished',
      processed: 10_000,
      created: 9000,
      updated: 1000,
      failed: 0,
      estimatedRows: 10_000,
    });
    const total = JSON.parse(String((await a.call('GET', `/contacts?q=bulk`)).headers.pagination)).total;
    expect(total).toBe(9000);
    const progress = env.emitted
      .filter((e) => e.event === 'job.progressed' && e.room === `company:${a.companyId}`)
      .map((e) => e.payload as { processed: number; status: string; kind: string });
    expect(progress.at(-1)).toMatchObject({ kind: 'contacts.import', status: 'finished', processed: 10_000 });
    expect(progress.length).toBeGreaterThanOrEqual(1);
    expect((await b.call('GET', '/contacts')).body).toEqual([]);
  });

  it('rewrites a batch through INSERT … ON CONFLICT when another writer adds the same email meanwhile', async () => {
    const fired = await withRacingWriter(env, 'race@example.com', async () => {
      const done = await importFile(
        a,
        'race.csv',
        'email,first name\nrace@example.com,Racer\nrace-free@example.com,Free\n',
      );
      expect(done).toMatchObject({ status: 'finished', created: 2, failed: 0 });
      const rows = await env.pool.query(
        `select first_name from contacts where company_id = $1 and email in ('race@example.com', 'race-free@example.com') order by email`,
        [a.companyId],
      );
      expect(rows.rows).toEqual([{ first_name: 'Free' }, { first_name: 'Racer' }]);
      // The staged path records the import that created the contacts too (the other writer's row went with the savepoint).
      const origins = await env.pool.query(
        `select email, import_id from contacts where company_id = $1 and email like 'race%' order by email`,
        [a.companyId],
      );
      expect(origins.rows).toEqual([
        { email: 'race-free@example.com', import_id: done.id },
        { email: 'race@example.com', import_id: done.id },
      ]);
    });
    expect(fired).toBeGreaterThan(1);
  });

  it('records one contact.updated event for each existing contact the import changed, in its own company only', async () => {
    const changed = await makeContact(a, { email: 'changed@example.com', firstName: 'Before' });
    const same = await makeContact(a, { email: 'same@example.com', firstName: 'Same' });
    const theirs = await makeContact(b, { email: 'changed@example.com', firstName: 'Theirs' });
    // same@ only joins the import's list: no field changes, no contact.updated event (its list.added: imports-lists.test.ts).
    const done = await importFile(
      a,
      'updates.csv',
      'email,first name\nchanged@example.com,After\nsame@example.com,Same\nupd-new@example.com,New\n',
    );
    expect(done).toMatchObject({ status: 'finished', created: 1, updated: 2, failed: 0 });
    expect(await importEvents(a.companyId, done.id)).toEqual([
      { contactId: changed.id, userId: a.userId, payload: { importId: done.id } },
    ]);
    const entries = (await a.call('GET', `/contacts/${changed.id}/timeline`)).body;
    expect(entries.map((e: { type: string }) => e.type)).toEqual(['list.added', 'contact.updated', 'contact.created']);
    expect(entries[1]).toMatchObject({
      type: 'contact.updated',
      payload: { importId: done.id, fileName: 'updates.csv' },
      userId: a.userId,
    });
    expect((await a.call('GET', `/contacts/${same.id}/timeline`)).body.map((e: { type: string }) => e.type)).toEqual([
      'list.added',
      'contact.created',
    ]);
    // The other company's contact with the same email is neither changed nor given an event.
    expect((await b.call('GET', `/contacts/${theirs.id}`)).body.firstName).toBe('Theirs');
    expect((await b.call('GET', `/contacts/${theirs.id}/timeline`)).body.map((e: { type: string }) => e.type)).toEqual([
      'contact.created',
    ]);
    expect(await importEvents(b.companyId, done.id)).toEqual([]);
  });

  it('records the events through INSERT … ON CONFLICT as well', async () => {
    const changed = await makeContact(a, { email: 'staged-changed@example.com', firstName: 'Before' });
    const same = await makeContact(a, { email: 'staged-same@example.com', firstName: 'Same', lastName: 'Kept' });
    const theirs = await makeContact(b, { email: 'staged-changed@example.com', firstName: 'Theirs' });
    let importId = 0;
    const fired = await withRacingWriter(env, 'staged-race@example.com', async () => {
      const csv =
        'email,first name\nstaged-changed@example.com,After\nstaged-same@example.com,Same\nstaged-race@example.com,Racer\n';
      const done = await importFile(a, 'staged updates.csv', csv);
      expect(done).toMatchObject({ status: 'finished', created: 1, updated: 2, failed: 0 });
      importId = done.id;
    });
    expect(fired).toBeGreaterThan(1);
    expect((await contactByEmail('staged-changed@example.com')).firstName).toBe('After');
    expect(await importEvents(a.companyId, importId)).toEqual([
      { contactId: changed.id, userId: a.userId, payload: { importId } },
    ]);
    const entries = (await a.call('GET', `/contacts/${changed.id}/timeline`)).body;
    expect(entries.find((e: { type: string }) => e.type === 'contact.updated')).toMatchObject({
      payload: { importId, fileName: 'staged updates.csv' },
    });
    expect((await a.call('GET', `/contacts/${same.id}/timeline`)).body.map((e: { type: string }) => e.type)).toEqual([
      'list.added',
      'contact.created',
    ]);
    expect((await b.call('GET', `/contacts/${theirs.id}`)).body.firstName).toBe('Theirs');
    expect(await importEvents(b.companyId, importId)).toEqual([]);
  });

  it('fails the import when its file is gone', async () => {
    const uploaded = await upload(env, a, 'gone.csv', 'email\nx@example.com\n');
    await a.call('POST', `/contact-imports/${uploaded.body.id}/start`, {
      mapping: [{ target: 'email' }],
      listIds: [listId],
    });
    const stored = await env.pool.query<{ file_path: string }>('select file_path from contact_imports where id = $1', [
      uploaded.body.id,
    ]);
    await rm(stored.rows[0]!.file_path);
    expect(await runImport(forJob(env.ctx, a.companyId), uploaded.body.id, importWriter(env.ctx.pool))).toBe('failed');
    expect((await a.call('GET', `/contact-imports/${uploaded.body.id}`)).body).toMatchObject({
      status: 'failed',
      error: 'The file could not be read.',
    });
  });

  it('runs through the job worker, in a worker thread that relays its progress', async () => {
    const worker = await startWorker(env.ctx, { pollInterval: 50, concurrency: 1 });
    env.emitted.length = 0;
    try {
      const uploaded = await upload(env, a, 'worker.csv', 'email\nworker@example.com\n');
      await a.call('POST', `/contact-imports/${uploaded.body.id}/start`, {
        mapping: [{ target: 'email' }],
        listIds: [listId],
      });
      let status = '';
      for (let i = 0; i < 600 && status !== 'finished'; i++) {
        await new Promise((r) => setTimeout(r, 50));
        status = (await a.call('GET', `/contact-imports/${uploaded.body.id}`)).body.status;
      }
      expect(status).toBe('finished');
      expect(await contactByEmail('worker@example.com')).toBeDefined();
      const progress = env.emitted.filter((e) => e.event === 'job.progressed' && e.room === `company:${a.companyId}`);
      expect(progress.at(-1)?.payload).toMatchObject({ kind: 'contacts.import', status: 'finished', processed: 1 });
    } finally {
      await worker.stop();
    }
  }, 60_000);
});
