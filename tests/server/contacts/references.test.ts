import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TestEnv } from '../helpers.ts';
import { makeContact, makeList, setupTwoCompanies, upload, type Caller } from './fixtures.ts';

// Company A changes its own imports, lists, contacts, segments, filters and exports with company B's ids inside the
// request: each is refused with the contract's error, and nothing of A's or B's changes.
let env: TestEnv;
let a: Caller;
let b: Caller;
const theirs = { folderId: 0, listId: 0, attribute: 0, contact: 0, segment: 0 };
const mine = { folderId: 0, listId: 0, attribute: 0, contact: 0, segment: 0 };
const group = (conditions: unknown[]) => ({ kind: 'group', operator: 'and', conditions });

async function seed(caller: Caller, name: string, target: typeof theirs) {
  const { folderId, listId } = await makeList(caller, name);
  const attribute = (await caller.call('POST', '/contact-attributes', { name: `${name} tier`, type: 'text' })).body.id;
  const contact = (
    await makeContact(caller, {
      email: `${name.toLowerCase()}@example.com`,
      listIds: [listId],
      attributes: { [attribute]: 'gold' },
      blocked: true,
    })
  ).id;
  const conditions = group([{ kind: 'list', operator: 'in', listId }]);
  const segment = (await caller.call('POST', '/segments', { name, conditions })).body.id;
  Object.assign(target, { folderId, listId, attribute, contact, segment });
}

/** Everything a request of these could have changed, read straight from the database, for both companies. */
async function state() {
  const tables = [
    'contacts',
    'contact_attributes',
    'folders',
    'lists',
    'list_members',
    'segments',
    'contact_imports',
    'contact_exports',
    'contact_events',
  ];
  const out: Record<string, unknown[]> = {};
  for (const table of tables) out[table] = (await env.pool.query(`select * from ${table} t order by t::text`)).rows;
  return out;
}

beforeAll(async () => {
  ({ env, a, b } = await setupTwoCompanies());
  await seed(b, 'Theirs', theirs);
  await seed(a, 'Mine', mine);
});
afterAll(() => env.close());

describe("requests naming another company's lists, folders, attributes and segments", () => {
  it('refuses to start an import into their lists or their attribute, and leaves the import as uploaded', async () => {
    const uploaded = (await upload(env, a, 'people.csv', 'email,tier\nx@example.com,gold\n')).body.id;
    const before = await state();
    const intoTheirList = await a.call('POST', `/contact-imports/${uploaded}/start`, {
      mapping: [{ target: 'email' }, { target: 'skip' }],
      listIds: [mine.listId, theirs.listId],
    });
    expect(intoTheirList.status).toBe(422);
    expect(intoTheirList.body.errors).toEqual({ listIds: ['List does not exist'] });
    const theirAttribute = await a.call('POST', `/contact-imports/${uploaded}/start`, {
      mapping: [{ target: 'email' }, { target: 'attribute', attributeId: theirs.attribute }],
      listIds: [mine.listId],
    });
    expect(theirAttribute.status).toBe(422);
    expect(theirAttribute.body.errors).toEqual({ 'mapping.1.attributeId': ['Attribute does not exist'] });
    expect(await state()).toEqual(before);
    expect((await a.call('GET', `/contact-imports/${uploaded}`)).body).toMatchObject({
      status: 'uploaded',
      listIds: [],
      mapping: null,
    });
    const jobs = await env.pool.query(`select 1 from graphile_worker.jobs where key = $1`, [
      `contact-import:${uploaded}`,
    ]);
    expect(jobs.rowCount).toBe(0);
  });

  it('refuses to move a list into their folder', async () => {
    const before = await state();
    const res = await a.call('PATCH', `/contact-lists/${mine.listId}`, { folderId: theirs.folderId });
    expect(res.status).toBe(422);
    expect(res.body.errors).toEqual({ folderId: ['Folder does not exist'] });
    expect(await state()).toEqual(before);
  });

  it('refuses a contact holding a value of their attribute, on create and on update', async () => {
    const before = await state();
    const created = await a.call('POST', '/contacts', {
      email: 'new@example.com',
      attributes: { [theirs.attribute]: 'gold' },
    });
    expect(created.status).toBe(422);
    expect(created.body.errors).toEqual({ [`attributes.${theirs.attribute}`]: ['Attribute does not exist'] });
    const updated = await a.call('PATCH', `/contacts/${mine.contact}`, { attributes: { [theirs.attribute]: 'gold' } });
    expect(updated.status).toBe(422);
    expect(updated.body.errors).toEqual({ [`attributes.${theirs.attribute}`]: ['Attribute does not exist'] });
    expect(await state()).toEqual(before);
  });

  it('refuses segments on their attribute or their list, new or saved', async () => {
    const before = await state();
    const onAttribute = group([{ kind: 'attribute', attributeId: theirs.attribute, operator: 'isNotEmpty' }]);
    const onList = group([{ kind: 'list', operator: 'in', listId: theirs.listId }]);
    const attributeError = { 'conditions.conditions.0.attributeId': ['Attribute does not exist'] };
    const listError = { 'conditions.conditions.0.listId': ['List does not exist'] };
    for (const [method, url, conditions, errors] of [
      ['POST', '/segments', onAttribute, attributeError],
      ['PUT', `/segments/${mine.segment}`, onAttribute, attributeError],
      ['PUT', `/segments/${mine.segment}`, onList, listError],
    ] as const) {
      const res = await a.call(method, url, { name: 'Probe', conditions });
      expect(res.status, `${method} ${url}`).toBe(422);
      expect(res.body.errors, `${method} ${url}`).toEqual(errors);
    }
    expect(await state()).toEqual(before);
  });

  it('answers 404 for a contacts page filtered by their list or segment, whichever way the page is read', async () => {
    for (const query of [
      `listId=${theirs.listId}`,
      `listId=${theirs.listId}&sort=createdAt`,
      `listId=${theirs.listId}&sort=email`,
      `listId=${theirs.listId}&q=theirs`,
      `listId=${theirs.listId}&blocked=true`,
      `segmentId=${theirs.segment}`,
      `segmentId=${theirs.segment}&listId=${mine.listId}`,
    ]) {
      const res = await a.call('GET', `/contacts?${query}`);
      expect(res.status, query).toBe(404);
      expect(JSON.stringify(res.body), query).not.toContain('theirs@example.com');
    }
  });

  it('applies no bulk action to their list, through their filters or to their contacts', async () => {
    const before = await state();
    const refused = [
      { action: 'removeFromList', listId: theirs.listId, selection: { ids: [theirs.contact] } },
      { action: 'removeFromList', listId: theirs.listId, selection: { filter: {} } },
      { action: 'unblock', selection: { filter: { listId: theirs.listId } } },
      { action: 'unblock', selection: { filter: { segmentId: theirs.segment } } },
      { action: 'addToList', listId: mine.listId, selection: { filter: { segmentId: theirs.segment } } },
    ];
    for (const body of refused)
      expect((await a.call('POST', '/contacts/bulk', body)).status, JSON.stringify(body)).toBe(404);
    const noEffect = [
      { action: 'unblock', selection: { ids: [theirs.contact] } },
      { action: 'delete', selection: { ids: [theirs.contact] } },
      { action: 'addToList', listId: mine.listId, selection: { ids: [theirs.contact] } },
    ];
    for (const body of noEffect) {
      const res = await a.call('POST', '/contacts/bulk', body);
      expect(res.status, JSON.stringify(body)).toBe(200);
      expect(res.body, JSON.stringify(body)).toEqual({ affected: 0 });
    }
    expect(await state()).toEqual(before);
  });

  it('refuses an export of their list or with their attribute columns', async () => {
    const before = await state();
    const byList = await a.call('POST', '/contact-exports', { selection: { filter: { listId: theirs.listId } } });
    expect(byList.status).toBe(404);
    const withColumns = await a.call('POST', '/contact-exports', {
      selection: { filter: {} },
      attributeIds: [mine.attribute, theirs.attribute],
    });
    expect(withColumns.status).toBe(422);
    expect(withColumns.body.errors).toEqual({ attributeIds: ['Attribute does not exist'] });
    expect(await state()).toEqual(before);
  });
});
