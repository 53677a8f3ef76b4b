import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { INVALID_CURSOR } from '../../../server/http/cursor.ts';
import type { TestEnv } from '../helpers.ts';
import { makeContact, makeList, setupTwoCompanies, type Caller } from './fixtures.ts';

// Keyset pages of the contacts table: walking by nextCursor reads exactly the rows that page numbers read, in every
// sort (absent names included), filtered or not, and stays on its own company.
let env: TestEnv;
let a: Caller;
let b: Caller;
let listId: number;
const SORTS = ['createdAt', '-createdAt', 'email', '-email', 'firstName', '-firstName', 'lastName', '-lastName'];
const header = (res: { headers: Record<string, unknown> }) => JSON.parse(String(res.headers.pagination));
const idsOf = (res: { body: { id: number }[] }) => res.body.map((c) => c.id);

beforeAll(async () => {
  ({ env, a, b } = await setupTwoCompanies());
  ({ listId } = await makeList(a, 'Keyset'));
  const first = ['Ada', null, 'Bea', 'ada', null, 'Carl', 'Bea', null, 'Dan', 'Eve', 'Bea'];
  const last = [null, 'Rossi', 'Verdi', null, 'Bianchi', 'Rossi', null, 'Neri', null, 'Rossi', 'Alfa'];
  for (let i = 0; i < first.length; i++) {
    await makeContact(a, {
      email: `k${(i * 7) % 11}.${i}@example.com`,
      firstName: first[i],
      lastName: last[i],
      listIds: i % 3 ? [listId] : [],
    });
  }
  for (let i = 0; i < 4; i++) await makeContact(b, { email: `other${i}@example.com`, firstName: 'Ada' });
});
afterAll(() => env.close());

async function walk(filter: string, sort: string, perPage: number): Promise<number[]> {
  const seen: number[] = [];
  let cursor: string | null = null;
  for (let page = 1; page <= 20; page++) {
    const res = await a.call(
      'GET',
      `/contacts?sort=${sort}&perPage=${perPage}&page=${page}${filter}${cursor ? `&cursor=${cursor}` : ''}`,
    );
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    seen.push(...idsOf(res));
    cursor = header(res).nextCursor;
    if (!cursor) return seen;
  }
  throw new Error('the walk did not end');
}

async function byNumber(filter: string, sort: string): Promise<number[]> {
  return idsOf(await a.call('GET', `/contacts?sort=${sort}&perPage=500${filter}`));
}

describe('contacts by cursor', () => {
  for (const filter of ['', `&listId=LIST`, '&q=a', '&blocked=false']) {
    it(`walks every sort ${filter ? `filtered by ${filter.slice(1)}` : 'unfiltered'} exactly as page numbers do`, async () => {
      const f = filter.replace('LIST', String(listId));
      for (const sort of SORTS) {
        const expected = await byNumber(f, sort);
        expect(expected.length).toBeGreaterThan(2);
        for (const perPage of [1, 2, 3])
          expect(await walk(f, sort, perPage), `${sort} by ${perPage}`).toEqual(expected);
      }
    });
  }

  it('gives no cursor on a page that is not full, and an empty page after the last full one', async () => {
    const all = await a.call('GET', '/contacts?perPage=11');
    expect(all.body).toHaveLength(11);
    const after = await a.call('GET', `/contacts?perPage=11&cursor=${header(all).nextCursor}`);
    expect(after.body).toEqual([]);
    expect(header(after).nextCursor).toBeNull();
  });

  it('refuses a cursor of another sort or one it did not issue with a 422 on the cursor field', async () => {
    const first = await a.call('GET', '/contacts?perPage=2&sort=email');
    const emailCursor = header(first).nextCursor as string;
    const forged = (value: unknown) => Buffer.from(JSON.stringify(value)).toString('base64url');
    for (const [sort, cursor] of [
      ['lastName', emailCursor],
      ['email', 'nonsense!'],
      ['email', forged(['email', 'x', 0])],
      ['email', forged(['email', 'x', 2 ** 60])],
      ['createdAt', forged(['createdAt', 'x', 1])],
      ['email', forged(['email', 'a\u0000b', 1])],
      ['email', forged({ sort: 'email' })],
    ]) {
      const res = await a.call('GET', `/contacts?sort=${sort}&cursor=${cursor}`);
      expect(res.status, String(cursor)).toBe(422);
      expect(res.body.errors).toEqual({ cursor: [INVALID_CURSOR] });
    }
  });

  it("never reads another company's contacts, whatever the cursor says", async () => {
    const theirs = await b.call('GET', '/contacts?perPage=1&sort=firstName');
    const mine = await a.call('GET', `/contacts?perPage=50&sort=firstName&cursor=${header(theirs).nextCursor}`);
    expect(mine.status).toBe(200);
    expect(mine.body.every((c: { email: string }) => c.email.startsWith('k'))).toBe(true);
  });
});
