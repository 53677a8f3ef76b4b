import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { pageContacts } from '../../../server/services/contacts/query.ts';
import type { Db } from '../../../server/services/contacts/sql.ts';
import type { TestEnv } from '../helpers.ts';
import { makeContact, setupTwoCompanies, signIn, type Caller } from './fixtures.ts';

// Contacts search (GET /contacts?q=): what it finds, what it never finds, and that it reads the trigram index.
let env: TestEnv;
let a: Caller;
let b: Caller;
const mine = { giulia: 0, literal: 0, lookalike: 0, bare: 0 };

beforeAll(async () => {
  ({ env, a, b } = await setupTwoCompanies());
  const people = {
    giulia: {
      email: 'giulia.rossi@example.com',
      firstName: 'Giulia',
      lastName: 'Rossi',
      phonePrefix: '39',
      phoneNumber: '3331234567',
    },
    literal: { email: 'promo1@example.net', firstName: 'Promo', lastName: '50%_off' },
    lookalike: { email: 'promo2@example.net', firstName: 'Promo', lastName: '50 xoff' },
    bare: { email: 'bare@example.org' },
  };
  for (const key of Object.keys(mine) as (keyof typeof mine)[]) mine[key] = (await makeContact(a, people[key])).id;
  // Another company's contact with the same name, email and phone.
  await makeContact(b, { ...people.giulia });
});
afterAll(() => env.close());

const search = (q: string) => a.call('GET', `/contacts?q=${encodeURIComponent(q)}`);
const found = async (q: string) => {
  const res = await search(q);
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  return res.body.map((c: { id: number }) => c.id).sort((x: number, y: number) => x - y);
};

describe('contacts search', () => {
  it('finds part of an email, a name in any case, and "first last"', async () => {
    expect(await found('ROSSI@EXAM')).toEqual([mine.giulia]);
    expect(await found('giULia')).toEqual([mine.giulia]);
    expect(await found('  Giulia Rossi ')).toEqual([mine.giulia]);
    expect(await found('ulia ros')).toEqual([mine.giulia]);
    expect(await found('example.net')).toEqual([mine.literal, mine.lookalike].sort((x, y) => x - y));
    expect(JSON.parse(String((await search('example')).headers.pagination)).total).toBe(4);
  });

  it('finds phone digits typed with spaces, brackets, dashes and a +, with or without the prefix, anywhere in the number', async () => {
    expect(await found('+39 333 123 4567')).toEqual([mine.giulia]);
    expect(await found('(333) 123-4567')).toEqual([mine.giulia]);
    expect(await found('3331234567')).toEqual([mine.giulia]);
    expect(await found('123 45')).toEqual([mine.giulia]);
    expect(await found('+44 333')).toEqual([]);
  });

  it('matches % and _ literally', async () => {
    expect(await found('50%_off')).toEqual([mine.literal]);
    expect(await found('%')).toEqual([mine.literal]);
    expect(await found('_')).toEqual([mine.literal]);
  });

  it('takes control characters as spaces, so a search never spans two fields', async () => {
    // The search text separates fields with line breaks: "…example.com\ngiulia" is in it, but is no search.
    expect(await found('example.com\ngiulia')).toEqual([]);
    expect(await found('rossi\n3331234567')).toEqual([]);
    expect(await found('Giulia\r\nRossi')).toEqual([mine.giulia]);
    expect(await found('giulia\u0000')).toEqual([mine.giulia]);
    expect(await found('\n\t')).toHaveLength(4); // nothing to search: every contact
  });

  it('keeps the contract: at most 100 characters', async () => {
    expect((await search('x'.repeat(100))).status).toBe(200);
    expect((await search('x'.repeat(101))).status).toBe(422);
  });

  it("never finds another company's contacts, by search or by a selection's filter", async () => {
    const theirs = (await b.call('GET', '/contacts?q=giulia')).body;
    expect(theirs).toHaveLength(1);
    expect(theirs[0].id).not.toBe(mine.giulia);
    expect(await found('giulia')).toEqual([mine.giulia]);
    expect(
      (await a.call('POST', '/contacts/bulk', { action: 'block', selection: { filter: { q: 'giulia rossi' } } })).body,
    ).toEqual({ affected: 1 });
    expect((await b.call('GET', `/contacts/${theirs[0].id}`)).body.blocked).toBe(false);
    await a.call('POST', `/contacts/${mine.giulia}/unblock`);
  });
});

describe('contacts search plan', () => {
  it('reads contacts_search_idx for the page and the total, in a company of 5,000 contacts', async () => {
    const c = await signIn(env, 'Gamma');
    await env.pool.query(
      `insert into contacts (company_id, email, first_name, last_name, phone_prefix, phone_number)
       select $1, 'person' || i || '@' || (array['example.com', 'mail.it', 'posta.org'])[1 + i % 3],
              (array['Marco', 'Luca', 'Sara', 'Paola', 'Andrea', 'Elena'])[1 + i % 6] || i,
              (array['Bianchi', 'Verdi', 'Neri', 'Russo', 'Ferrari'])[1 + i % 5] || i,
              '39', (3200000000 + i * 7919)::text
         from generate_series(1, 5000) i`,
      [c.companyId],
    );
    await makeContact(c, {
      email: 'giulia.rossi@example.com',
      firstName: 'Giulia',
      lastName: 'Rossi',
      phonePrefix: '39',
      phoneNumber: '3331234567',
    });
    // As autovacuum leaves the table after a bulk insert: statistics taken, and the index's pending list merged in.
    await env.pool.query('vacuum analyze contacts');

    // The statements the service runs, each explained with its own values.
    const statements: { text: string; values: unknown[] }[] = [];
    const recorder = {
      query: (text: string, values: unknown[]) => {
        statements.push({ text, values });
        return env.pool.query(text, values);
      },
    } as unknown as Db;
    for (const q of ['giulia rossi', '+39 333 123 4567']) {
      statements.length = 0;
      const { json, total } = await pageContacts(recorder, c.companyId, { q, page: 1, perPage: 50 });
      expect(total, q).toBe(1);
      expect(JSON.parse(json)).toHaveLength(1);
      const searching = statements.filter((s) => s.text.includes('contact_search_text('));
      expect(searching, q).toHaveLength(2); // the page and its total
      for (const { text, values } of searching) {
        const { rows } = await env.pool.query<{ 'QUERY PLAN': unknown }>(`explain (format json) ${text}`, values);
        expect(JSON.stringify(rows[0]!['QUERY PLAN']), `${q}: ${text}`).toContain('"Index Name":"contacts_search_idx"');
      }
    }
  });
});
