import { writeFile } from 'node:fs/promises';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { importWriter, runImport } from '../../../server/services/contacts/imports/run.ts';
import { forJob } from '../../../server/services/scope.ts';
import type { TestEnv } from '../helpers.ts';
import { makeContact, makeList, setupTwoCompanies, upload, withRacingWriter, type Caller } from './fixtures.ts';

// The list.added events of an import: one per existing contact and target list it joined, none for the contacts it
// created or that were already members, none twice when batches are written again, none in another company.
let env: TestEnv;
let a: Caller;
let b: Caller;
let news: number;
let fair: number;

beforeAll(async () => {
  ({ env, a, b } = await setupTwoCompanies());
  ({ listId: news } = await makeList(a, 'News'));
  ({ listId: fair } = await makeList(a, 'Fair'));
});
afterAll(() => env.close());

async function importFile(
  caller: Caller,
  name: string,
  csv: string,
  options: Record<string, unknown> = {},
): Promise<number> {
  const uploaded = await upload(env, caller, name, csv);
  expect(uploaded.status, JSON.stringify(uploaded.body)).toBe(201);
  const started = await caller.call('POST', `/contact-imports/${uploaded.body.id}/start`, {
    mapping: uploaded.body.suggestedMapping,
    listIds: [news, fair],
    ...options,
  });
  expect(started.status, JSON.stringify(started.body)).toBe(202);
  const stored = await env.pool.query<{ file_path: string }>('select file_path from contact_imports where id = $1', [
    uploaded.body.id,
  ]);
  files.set(uploaded.body.id, { path: stored.rows[0]!.file_path, csv });
  expect(await runImport(forJob(env.ctx, caller.companyId), uploaded.body.id, importWriter(env.ctx.pool))).toBe(
    'finished',
  );
  return uploaded.body.id;
}

/** The uploaded files, kept for runs again: a finished import's file is deleted. */
const files = new Map<number, { path: string; csv: string }>();

/** Runs a finished import again from its first row, as a resumed run re-processes batches. */
async function rerun(caller: Caller, importId: number): Promise<void> {
  const file = files.get(importId)!;
  await writeFile(file.path, file.csv);
  await env.pool.query(
    `update contact_imports set status = 'running', rows_done = 0, file_path = $3 where company_id = $1 and id = $2`,
    [caller.companyId, importId, file.path],
  );
  expect(await runImport(forJob(env.ctx, caller.companyId), importId, importWriter(env.ctx.pool))).toBe('finished');
}

/** The list.added events recorded in a company for some of its contacts, by contact and list. */
async function listEvents(companyId: string, contactIds: number[]) {
  const { rows } = await env.pool.query<{ contactId: number; userId: string | null; payload: Record<string, unknown> }>(
    `select contact_id::int as "contactId", user_id as "userId", payload from contact_events
      where company_id = $1 and type = 'list.added' and contact_id = any($2::bigint[]) order by contact_id, (payload->>'listId')::bigint`,
    [companyId, contactIds],
  );
  return rows;
}

const addToList = (caller: Caller, listId: number, contactId: number) =>
  env.pool.query('insert into list_members (company_id, list_id, contact_id) values ($1, $2, $3)', [
    caller.companyId,
    listId,
    contactId,
  ]);

const listsOf = async (caller: Caller, contactId: number) =>
  (
    await env.pool.query<{ list_id: string }>(
      'select list_id from list_members where company_id = $1 and contact_id = $2 order by list_id',
      [caller.companyId, contactId],
    )
  ).rows.map((r) => Number(r.list_id));

const idOf = async (caller: Caller, email: string) =>
  (
    await env.pool.query<{ id: number }>('select id::int from contacts where company_id = $1 and email = $2', [
      caller.companyId,
      email,
    ])
  ).rows[0]!.id;

describe('list.added events of an import', () => {
  it('records one per existing contact and list it joined, in one company, and none again when run again', async () => {
    const joins = await makeContact(a, { email: 'joins@example.com', firstName: 'Joins' });
    const member = await makeContact(a, { email: 'member@example.com', firstName: 'Member' });
    await addToList(a, news, member.id);
    const theirs = await makeContact(b, { email: 'joins@example.com', firstName: 'Theirs' });
    // joins@ twice in the file (merged rows), member@ unchanged but joining the other list, fresh@ created.
    const csv =
      'email,first name\njoins@example.com,Joined\nmember@example.com,Member\nfresh@example.com,Fresh\nJOINS@example.com,\n';
    const importId = await importFile(a, 'lists.csv', csv);
    const fresh = await idOf(a, 'fresh@example.com');
    const expected = [
      { contactId: joins.id, userId: a.userId, payload: { listId: news, importId } },
      { contactId: joins.id, userId: a.userId, payload: { listId: fair, importId } },
      { contactId: member.id, userId: a.userId, payload: { listId: fair, importId } },
    ];
    expect(await listEvents(a.companyId, [joins.id, member.id, fresh])).toEqual(expected);
    expect(await listsOf(a, fresh)).toEqual([news, fair].sort((x, y) => x - y));
    expect(await listsOf(a, member.id)).toEqual([news, fair].sort((x, y) => x - y));

    // The timeline names the file; the contact the import created has only its "Imported from" entry.
    const timeline = (await a.call('GET', `/contacts/${member.id}/timeline`)).body;
    expect(timeline.map((e: { type: string }) => e.type)).toEqual(['list.added', 'contact.created']);
    expect(timeline[0]).toMatchObject({ payload: { listId: fair, importId, fileName: 'lists.csv' }, userId: a.userId });
    expect((await a.call('GET', `/contacts/${fresh}/timeline`)).body.map((e: { type: string }) => e.type)).toEqual([
      'contact.imported',
    ]);

    // The other company's contact with the same email: unchanged, in no list, no event.
    expect((await b.call('GET', `/contacts/${theirs.id}`)).body.firstName).toBe('Theirs');
    expect(await listsOf(b, theirs.id)).toEqual([]);
    expect(await listEvents(b.companyId, [theirs.id])).toEqual([]);

    // Every batch written again: the memberships are there, so no event is. A membership removed in between and added
    // back by the import is an event again (the timeline then shows the removal and the return).
    await rerun(a, importId);
    expect(await listEvents(a.companyId, [joins.id, member.id, fresh])).toEqual(expected);
    await env.pool.query('delete from list_members where company_id = $1 and list_id = $2 and contact_id = $3', [
      a.companyId,
      fair,
      joins.id,
    ]);
    await rerun(a, importId);
    expect(await listsOf(a, joins.id)).toEqual([news, fair].sort((x, y) => x - y));
    const after = await listEvents(a.companyId, [joins.id, member.id, fresh]);
    expect(after).toHaveLength(expected.length + 1);
    expect(after.filter((e) => e.contactId === joins.id && e.payload.listId === fair)).toHaveLength(2);
  });

  it('records them through INSERT … ON CONFLICT as well', async () => {
    const joins = await makeContact(a, { email: 'staged-joins@example.com', firstName: 'Joins' });
    const member = await makeContact(a, { email: 'staged-member@example.com', firstName: 'Member' });
    await addToList(a, news, member.id);
    await addToList(a, fair, member.id);
    const theirs = await makeContact(b, { email: 'staged-joins@example.com', firstName: 'Theirs' });
    let importId = 0;
    const fired = await withRacingWriter(env, 'staged-race@example.com', async () => {
      importId = await importFile(
        a,
        'staged lists.csv',
        'email,first name\nstaged-joins@example.com,Joined\nstaged-member@example.com,Member\nstaged-race@example.com,Racer\n',
      );
    });
    expect(fired).toBeGreaterThan(1);
    const raced = await idOf(a, 'staged-race@example.com');
    const expected = [
      { contactId: joins.id, userId: a.userId, payload: { listId: news, importId } },
      { contactId: joins.id, userId: a.userId, payload: { listId: fair, importId } },
    ];
    expect(await listEvents(a.companyId, [joins.id, member.id, raced])).toEqual(expected);
    expect(await listsOf(a, raced)).toEqual([news, fair].sort((x, y) => x - y));
    expect(await listEvents(b.companyId, [theirs.id])).toEqual([]);
    expect(await listsOf(b, theirs.id)).toEqual([]);
  });

  it('records none when existing contacts are skipped (they join no list)', async () => {
    const stays = await makeContact(a, { email: 'skip-stays@example.com', firstName: 'Stays' });
    await importFile(
      a,
      'skip lists.csv',
      'email,first name\nskip-stays@example.com,Changed\nskip-fresh@example.com,Fresh\n',
      { updateExisting: false },
    );
    expect(await listsOf(a, stays.id)).toEqual([]);
    expect(await listEvents(a.companyId, [stays.id, await idOf(a, 'skip-fresh@example.com')])).toEqual([]);
  });
});
