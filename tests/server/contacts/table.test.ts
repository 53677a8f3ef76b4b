import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TestEnv } from '../helpers.ts';
import { makeContact, makeList, setupTwoCompanies, type Caller } from './fixtures.ts';

// The contacts table: pages, sorts, search, list/segment/blocklist filters and bulk actions on a selection.
let env: TestEnv;
let a: Caller;
let b: Caller;
let listId: number;
const ids: number[] = [];
const pagination = (headers: Record<string, unknown>) => JSON.parse(String(headers.pagination));

beforeAll(async () => {
  ({ env, a, b } = await setupTwoCompanies());
  ({ listId } = await makeList(a, 'Members'));
  const people = [
    ['carla@example.com', 'Carla', 'Bianchi', '3331111111'],
    ['anna@example.com', 'Anna', 'Rossi', '3332222222'],
    ['bruno@example.org', 'Bruno', 'Verdi', null],
    ['dario@example.org', null, 'Neri', '3334444444'],
    ['elena@example.net', 'Elena', null, null],
  ] as const;
  for (const [i, [email, firstName, lastName, phone]] of people.entries()) {
    const c = await makeContact(a, {
      email,
      firstName,
      lastName,
      ...(phone ? { phonePrefix: '39', phoneNumber: phone } : {}),
      listIds: i % 2 === 0 ? [listId] : [],
    });
    ids.push(c.id);
  }
  await makeContact(b, { email: 'zeta@example.com', firstName: 'Zeta' });
});
afterAll(() => env.close());

describe('contacts table', () => {
  it('pages newest first by default, with the total in the Pagination header', async () => {
    const res = await a.call('GET', '/contacts?perPage=2');
    expect(res.status).toBe(200);
    expect(res.body.map((c: { id: number }) => c.id)).toEqual([ids[4], ids[3]]);
    const nextCursor = expect.any(String);
    expect(pagination(res.headers)).toEqual({ page: 1, perPage: 2, total: 5, pages: 3, nextCursor });
    const last = await a.call('GET', '/contacts?perPage=2&page=3');
    expect(last.body.map((c: { id: number }) => c.id)).toEqual([ids[0]]);
  });

  it('answers each row in the same shape as the contact itself', async () => {
    const plan = (await a.call('POST', '/contact-attributes', { name: 'Tier', type: 'number' })).body;
    await a.call('PATCH', `/contacts/${ids[2]}`, { attributes: { [plan.id]: 2.5 }, country: 'IT', address: 'Via Po' });
    await a.call('POST', `/contacts/${ids[2]}/block`);
    const single = (await a.call('GET', `/contacts/${ids[2]}`)).body;
    const row = (await a.call('GET', '/contacts?perPage=100')).body.find((c: { id: number }) => c.id === ids[2]);
    expect(row).toEqual(single);
    expect(Object.keys(row).sort()).toEqual(Object.keys(single).sort());
    await a.call('POST', `/contacts/${ids[2]}/unblock`);
  });

  it('sorts by email, names and creation, both ways', async () => {
    const emails = async (sort: string) =>
      (await a.call('GET', `/contacts?sort=${encodeURIComponent(sort)}`)).body.map((c: { email: string }) => c.email);
    expect(await emails('email')).toEqual([
      'anna@example.com',
      'bruno@example.org',
      'carla@example.com',
      'dario@example.org',
      'elena@example.net',
    ]);
    expect(await emails('-email')).toEqual([...(await emails('email'))].reverse());
    expect(await emails('lastName')).toEqual([
      'carla@example.com',
      'dario@example.org',
      'anna@example.com',
      'bruno@example.org',
      'elena@example.net',
    ]);
    expect((await emails('firstName'))[0]).toBe('anna@example.com');
    expect((await emails('-firstName'))[0]).toBe('dario@example.org'); // no first name sorts last ascending, first descending
    expect(await emails('createdAt')).toEqual([
      'carla@example.com',
      'anna@example.com',
      'bruno@example.org',
      'dario@example.org',
      'elena@example.net',
    ]);
    expect((await a.call('GET', '/contacts?sort=phone')).status).toBe(422);
  });

  it('searches email, names and phone, case-insensitively', async () => {
    const found = async (q: string) =>
      (await a.call('GET', `/contacts?q=${encodeURIComponent(q)}`)).body.map((c: { email: string }) => c.email).sort();
    expect(await found('EXAMPLE.ORG')).toEqual(['bruno@example.org', 'dario@example.org']);
    expect(await found('ross')).toEqual(['anna@example.com']);
    expect(await found('anna rossi')).toEqual(['anna@example.com']);
    expect(await found('333 444')).toEqual(['dario@example.org']);
    expect(await found('100%_')).toEqual([]);
    expect(await found('zeta')).toEqual([]); // another company's contact
    const res = await a.call('GET', '/contacts?q=example.org');
    expect(pagination(res.headers).total).toBe(2);
  });

  it('filters by list (total from the list size), by segment and by blocklist status', async () => {
    const res = await a.call('GET', `/contacts?listId=${listId}`);
    expect(res.body.map((c: { id: number }) => c.id)).toEqual([ids[4], ids[2], ids[0]]);
    expect(pagination(res.headers).total).toBe(3);
    const segment = await a.call('POST', '/segments', {
      name: 'Italian numbers',
      conditions: {
        kind: 'group',
        operator: 'and',
        conditions: [{ kind: 'field', field: 'phoneNumber', operator: 'startsWith', value: '333' }],
      },
    });
    const bySegment = await a.call('GET', `/contacts?segmentId=${segment.body.id}&listId=${listId}`);
    expect(bySegment.status, JSON.stringify(bySegment.body)).toBe(200);
    expect(bySegment.body.map((c: { id: number }) => c.id)).toEqual([ids[0]]);
    expect(pagination(bySegment.headers).total).toBe(1);
    const uncounted = await a.call('GET', `/contacts?segmentId=${segment.body.id}&withTotal=false`);
    expect(uncounted.body.map((c: { id: number }) => c.id)).toEqual([ids[3], ids[1], ids[0]]);
    expect(uncounted.headers.pagination).toBeUndefined();
    await a.call('POST', `/contacts/${ids[1]}/block`);
    const blocked = await a.call('GET', '/contacts?blocked=true');
    expect(blocked.body.map((c: { id: number }) => c.id)).toEqual([ids[1]]);
    await a.call('POST', `/contacts/${ids[1]}/unblock`);
    expect((await a.call('GET', '/contacts?listId=999999')).status).toBe(404);
    expect((await a.call('GET', '/contacts?segmentId=999999')).status).toBe(404);
  });

  it('pages a list in name and email order, each way, as one ordered query would', async () => {
    const orders: Record<string, string> = {
      lastName: 'c.last_name asc, c.id asc',
      '-lastName': 'c.last_name desc, c.id desc',
      firstName: 'c.first_name asc, c.id asc',
      '-firstName': 'c.first_name desc, c.id desc',
      email: 'c.email asc, c.id asc',
      '-email': 'c.email desc, c.id desc',
    };
    for (const [sort, order] of Object.entries(orders)) {
      const expected = await env.pool.query<{ id: string }>(
        `select c.id from contacts c where c.company_id = $1 and exists (select 1 from list_members m where m.list_id = $2 and m.contact_id = c.id) order by ${order}`,
        [a.companyId, listId],
      );
      const seen: number[] = [];
      for (let page = 1; page <= 3; page++) {
        const res = await a.call(
          'GET',
          `/contacts?listId=${listId}&sort=${encodeURIComponent(sort)}&perPage=2&page=${page}`,
        );
        expect(res.status).toBe(200);
        expect(pagination(res.headers).total).toBe(expected.rows.length);
        seen.push(...res.body.map((c: { id: number }) => c.id));
      }
      expect(seen, sort).toEqual(expected.rows.map((r) => Number(r.id)));
    }
    // Far past the end, where the walk would be long, the planned query answers: an empty page, the same total.
    const far = await a.call('GET', `/contacts?listId=${listId}&sort=lastName&perPage=100&page=1000`);
    expect(far.status).toBe(200);
    expect(far.body).toEqual([]);
    expect((await a.call('GET', `/contacts?listId=999999&sort=lastName`)).status).toBe(404);
  });

  it('asks for a selection before a bulk action', async () => {
    for (const selection of [{}, { ids: [] }]) {
      const res = await a.call('POST', '/contacts/bulk', { action: 'block', selection });
      expect(res.status).toBe(422);
      expect(res.body.message).toBe('Select one or more contacts first');
      expect(res.body.errors).toEqual({ selection: ['Select one or more contacts first'] });
    }
    const noList = await a.call('POST', '/contacts/bulk', { action: 'addToList', selection: { ids: [ids[0]] } });
    expect(noList.status).toBe(422);
    expect((await a.call('POST', '/contacts/bulk', { action: 'explode', selection: { ids: [ids[0]] } })).status).toBe(
      422,
    );
  });

  it('adds to and removes from a list, by ids and by filter', async () => {
    const { listId: other } = await makeList(a, 'Bulk');
    const added = await a.call('POST', '/contacts/bulk', {
      action: 'addToList',
      listId: other,
      selection: { ids: [ids[0], ids[1]] },
    });
    expect(added.body).toEqual({ affected: 2 });
    const again = await a.call('POST', '/contacts/bulk', {
      action: 'addToList',
      listId: other,
      selection: { filter: {} },
    });
    expect(again.body).toEqual({ affected: 3 });
    expect((await a.call('GET', `/contact-lists/${other}`)).body.memberCount).toBe(5);
    const removed = await a.call('POST', '/contacts/bulk', {
      action: 'removeFromList',
      listId: other,
      selection: { filter: { q: 'example.com' }, excludeIds: [ids[0]] },
    });
    expect(removed.body).toEqual({ affected: 1 });
    expect((await a.call('GET', `/contact-lists/${other}`)).body.memberCount).toBe(4);
    const timeline = await a.call('GET', `/contacts/${ids[1]}/timeline`);
    expect(timeline.body.slice(0, 2).map((e: { type: string }) => e.type)).toEqual(['list.removed', 'list.added']);
  });

  it('blocks, unblocks and deletes a selection', async () => {
    expect(
      (await a.call('POST', '/contacts/bulk', { action: 'block', selection: { filter: { listId } } })).body,
    ).toEqual({ affected: 3 });
    expect(
      (await a.call('POST', '/contacts/bulk', { action: 'block', selection: { filter: { listId } } })).body,
    ).toEqual({ affected: 0 });
    expect(pagination((await a.call('GET', '/contacts?blocked=true')).headers).total).toBe(3);
    expect((await a.call('POST', '/contacts/bulk', { action: 'unblock', selection: { ids } })).body).toEqual({
      affected: 3,
    });
    const extra = await makeContact(a, { email: 'bulkdel@example.com', listIds: [listId] });
    expect((await a.call('POST', '/contacts/bulk', { action: 'delete', selection: { ids: [extra.id] } })).body).toEqual(
      { affected: 1 },
    );
    expect((await a.call('GET', `/contact-lists/${listId}`)).body.memberCount).toBe(3);
    expect(pagination((await a.call('GET', '/contacts')).headers).total).toBe(5);
  });

  it('never touches another company through a selection', async () => {
    const other = (await b.call('GET', '/contacts')).body[0];
    expect((await a.call('POST', '/contacts/bulk', { action: 'delete', selection: { ids: [other.id] } })).body).toEqual(
      { affected: 0 },
    );
    expect((await a.call('POST', '/contacts/bulk', { action: 'block', selection: { filter: {} } })).body).toEqual({
      affected: 5,
    });
    expect((await b.call('GET', `/contacts/${other.id}`)).body.blocked).toBe(false);
    const { listId: foreignList } = await makeList(b, 'Theirs');
    expect(
      (await a.call('POST', '/contacts/bulk', { action: 'addToList', listId: foreignList, selection: { ids } })).status,
    ).toBe(404);
    expect((await b.call('GET', `/contact-lists/${foreignList}`)).body.memberCount).toBe(0);
  });
});
