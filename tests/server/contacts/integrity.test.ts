import { randomBytes } from 'node:crypto';
import { readdirSync, readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { migrate } from '../../../server/db/migrate.ts';
import { createPool } from '../../../server/db/pool.ts';
import { writeBatch, type BatchJob } from '../../../server/services/contacts/imports/batch.ts';
import type { TestEnv } from '../helpers.ts';
import { makeContact, makeList, setupTwoCompanies, type Caller } from './fixtures.ts';

// Rows that belong to a contact or a list go with it, even when it is deleted while they are being written; authors
// are users of the row's own company; migration 012 applies on a database that holds rows left behind before it.
let env: TestEnv;
let a: Caller;
let b: Caller;
beforeAll(async () => {
  ({ env, a, b } = await setupTwoCompanies());
});
afterAll(() => env.close());

const lockWaiters = async () =>
  (
    await env.pool.query(
      `select 1 from pg_stat_activity where datname = current_database() and wait_event_type = 'Lock'`,
    )
  ).rowCount ?? 0;

/** Polls until `ready` answers true, for at most five seconds. */
async function until(ready: () => Promise<boolean> | boolean): Promise<void> {
  for (let tries = 0; tries < 250 && !(await ready()); tries++) await new Promise((resolve) => setTimeout(resolve, 20));
}

/**
 * Runs `sql` in a transaction that stays open while `request` starts, commits it once the request waits for a lock
 * (or has answered already), and answers the request's outcome.
 */
async function whileUncommitted<T>(sql: string, params: unknown[], request: () => Promise<T>): Promise<T> {
  const holder = await env.pool.connect();
  try {
    await holder.query('begin');
    await holder.query(sql, params);
    let answered = false;
    const pending = request().finally(() => (answered = true));
    await until(async () => answered || (await lockWaiters()) >= 1);
    await holder.query('commit');
    return await pending;
  } finally {
    holder.release();
  }
}

const count = async (sql: string, params: unknown[]) =>
  (await env.pool.query<{ n: number }>(`select count(*)::int as n from ${sql}`, params)).rows[0]!.n;

describe('a list deleted while contacts join it', () => {
  it('keeps no members from a bulk add-to-list: the action answers 404', async () => {
    const { listId } = await makeList(a, 'Doomed');
    await makeContact(a, { email: 'joiner@example.com' });
    const res = await whileUncommitted(
      'delete from lists where company_id = $1 and id = $2',
      [a.companyId, listId],
      () => a.call('POST', '/contacts/bulk', { action: 'addToList', listId, selection: { filter: {} } }),
    );
    expect(res.status).toBe(404);
    expect(await count('list_members where company_id = $1 and list_id = $2', [a.companyId, listId])).toBe(0);
    expect(await count(`contact_events where company_id = $1 and type = 'list.added'`, [a.companyId])).toBe(0);
  });

  it('keeps no member from a new contact: the contact is refused with a 422 on listIds', async () => {
    const { listId } = await makeList(a, 'Doomed too');
    const res = await whileUncommitted(
      'delete from lists where company_id = $1 and id = $2',
      [a.companyId, listId],
      () => a.call('POST', '/contacts', { email: 'late@example.com', listIds: [listId] }),
    );
    expect(res.status).toBe(422);
    expect(res.body.errors).toEqual({ listIds: ['List does not exist'] });
    expect(await count('list_members where company_id = $1 and list_id = $2', [a.companyId, listId])).toBe(0);
    expect(await count(`contacts where company_id = $1 and email = 'late@example.com'`, [a.companyId])).toBe(0);
  });
});

/**
 * Starts `writer`, which waits once it has written (uncommitted) for the row of list `listId`, held meanwhile by
 * another transaction as a rename would; then starts `other`, and lets the list go once `other` answers or waits for a
 * lock too. Answers both outcomes and whether `other` answered while the writer was still in progress.
 */
async function whileWriterWaits<T, U>(listId: number, writer: () => Promise<T>, other: () => Promise<U>) {
  const holder = await env.pool.connect();
  try {
    await holder.query('begin');
    await holder.query('select 1 from lists where company_id = $1 and id = $2 for no key update', [
      a.companyId,
      listId,
    ]);
    let written = false;
    const first = writer().finally(() => (written = true));
    await until(async () => written || (await lockWaiters()) >= 1);
    let answered = false;
    const second = other().finally(() => (answered = true));
    await until(async () => answered || (await lockWaiters()) >= 2);
    const otherFirst = answered && !written;
    await holder.query('commit');
    return { writer: await first, other: await second, otherFirst };
  } finally {
    holder.release();
  }
}

/** What is left of the contact `id`, and list `listId`'s size as shown against the contacts it holds. */
async function leftOf(id: number, listId: number) {
  const { rows } = await env.pool.query<{ size: number }>(
    'select member_count as size from lists where company_id = $1 and id = $2',
    [a.companyId, listId],
  );
  return {
    members: await count('list_members where company_id = $1 and contact_id = $2', [a.companyId, id]),
    events: await count('contact_events where company_id = $1 and contact_id = $2', [a.companyId, id]),
    size: rows[0]!.size,
    realSize: await count(
      'list_members m join contacts c on c.company_id = m.company_id and c.id = m.contact_id where m.company_id = $1 and m.list_id = $2',
      [a.companyId, listId],
    ),
  };
}

describe('a contact deleted while it joins a list', () => {
  it('waits for a bulk add-to-list in progress, then takes its membership and event along', async () => {
    const { listId } = await makeList(a, 'Joined in bulk');
    const [gone, kept] = [
      await makeContact(a, { email: 'bulk-gone@example.com' }),
      await makeContact(a, { email: 'bulk-kept@example.com' }),
    ];
    const race = await whileWriterWaits(
      listId,
      () => a.call('POST', '/contacts/bulk', { action: 'addToList', listId, selection: { ids: [gone.id, kept.id] } }),
      () => a.call('DELETE', `/contacts/${gone.id}`),
    );
    expect([race.writer.body, race.other.status]).toEqual([{ affected: 2 }, 204]);
    expect(await leftOf(gone.id, listId)).toEqual({ members: 0, events: 0, size: 1, realSize: 1 });
    expect(race.otherFirst).toBe(false);
  });

  it('waits for an import batch in progress, then takes the membership and event it gave an existing contact', async () => {
    const { listId } = await makeList(a, 'Joined by import');
    const gone = await makeContact(a, { email: 'import-gone@example.com' });
    const job: BatchJob = {
      id: 0,
      company_id: a.companyId,
      user_id: a.userId,
      headers: ['email'],
      mapping: [],
      list_ids: [listId],
      update_existing: true,
      blocklist: false,
    };
    const empty = {
      first_name: null,
      last_name: null,
      phone_prefix: null,
      phone_number: null,
      country: null,
      language: null,
      address: null,
    };
    const row = { row: 2, contact: { email: gone.email, key: gone.email, ...empty, attributes: {} } };
    const client = await env.pool.connect();
    const race = await whileWriterWaits(
      listId,
      () => writeBatch(client, job, [row], 1),
      () => a.call('POST', '/contacts/bulk', { action: 'delete', selection: { ids: [gone.id] } }),
    ).finally(() => client.release());
    expect([race.writer.skipped, race.other.body]).toEqual([0, { affected: 1 }]);
    expect(await leftOf(gone.id, listId)).toEqual({ members: 0, events: 0, size: 0, realSize: 0 });
    expect(race.otherFirst).toBe(false);
  });

  it('lets two add-to-list actions run together', async () => {
    const [first, second] = [await makeList(a, 'First together'), await makeList(a, 'Second together')];
    const contact = await makeContact(a, { email: 'together@example.com' });
    const add = (listId: number) => () =>
      a.call('POST', '/contacts/bulk', { action: 'addToList', listId, selection: { ids: [contact.id] } });
    const race = await whileWriterWaits(first.listId, add(first.listId), add(second.listId));
    expect(race.otherFirst).toBe(true);
    expect([race.writer.body, race.other.body]).toEqual([{ affected: 1 }, { affected: 1 }]);
  });
});

describe('notes go with their contact', () => {
  it('refuses a note written while its contact is deleted with a 404, and keeps none', async () => {
    const contact = await makeContact(a, { email: 'leaving@example.com' });
    const res = await whileUncommitted(
      'delete from contacts where company_id = $1 and id = $2',
      [a.companyId, contact.id],
      () => a.call('POST', `/contacts/${contact.id}/notes`, { text: 'too late' }),
    );
    expect(res.status).toBe(404);
    expect(await count('contact_notes where company_id = $1 and contact_id = $2', [a.companyId, contact.id])).toBe(0);
  });

  it('deletes the notes of deleted contacts through their key, and refuses a note for a missing contact', async () => {
    const one = await makeContact(a, { email: 'one-note@example.com' });
    const two = await makeContact(a, { email: 'two-notes@example.com' });
    for (const id of [one.id, two.id, two.id])
      expect((await a.call('POST', `/contacts/${id}/notes`, { text: 'note' })).status).toBe(201);
    expect((await a.call('DELETE', `/contacts/${one.id}`)).status).toBe(204);
    expect((await a.call('POST', '/contacts/bulk', { action: 'delete', selection: { ids: [two.id] } })).body).toEqual({
      affected: 1,
    });
    expect(
      await count('contact_notes where company_id = $1 and contact_id = any($2::bigint[])', [
        a.companyId,
        [one.id, two.id],
      ]),
    ).toBe(0);
    const stray = env.pool.query('insert into contact_notes (company_id, contact_id, body) values ($1, $2, $3)', [
      a.companyId,
      two.id,
      'stray',
    ]);
    await expect(stray).rejects.toMatchObject({ code: '23503', constraint: 'contact_notes_contact_fkey' });
  });
});

describe('authors', () => {
  it("shows no author for a note naming another company's user", async () => {
    await env.pool.query(`update users set first_name = 'Bea', last_name = 'Other' where id = $1`, [b.userId]);
    const contact = await makeContact(a, { email: 'authored@example.com' });
    // Only a damaged database holds such a note: the author's key refuses it, so it is written with keys off.
    const client = await env.pool.connect();
    try {
      await client.query('begin; set local session_replication_role = replica');
      await client.query('insert into contact_notes (company_id, contact_id, user_id, body) values ($1, $2, $3, $4)', [
        a.companyId,
        contact.id,
        b.userId,
        'odd',
      ]);
      await client.query('commit');
    } finally {
      client.release();
    }
    const notes = await a.call('GET', `/contacts/${contact.id}/notes`);
    expect(notes.body).toEqual([expect.objectContaining({ text: 'odd', authorId: null, authorName: null })]);
    expect((await a.call('GET', `/contacts/${contact.id}/data`)).body.notes).toEqual([
      expect.objectContaining({ authorId: null, authorName: null }),
    ]);
  });

  it("refuses another company's user as author, and keeps a deleted user's rows with no author", async () => {
    const contact = await makeContact(a, { email: 'events@example.com' });
    for (const table of ['contact_notes', 'contact_events']) {
      const column = table === 'contact_notes' ? 'body' : 'type';
      const insert = env.pool.query(
        `insert into ${table} (company_id, contact_id, user_id, ${column}) values ($1, $2, $3, 'x')`,
        [a.companyId, contact.id, b.userId],
      );
      await expect(insert, table).rejects.toMatchObject({ code: '23503' });
    }
    const colleague = (
      await env.pool.query<{ id: string }>(
        `insert into users (company_id, email, password_hash) values ($1, $2, 'x') returning id`,
        [a.companyId, `c${randomBytes(3).toString('hex')}@example.com`],
      )
    ).rows[0]!.id;
    await env.pool.query(
      `insert into contact_notes (company_id, contact_id, user_id, body) values ($1, $2, $3, 'by a colleague')`,
      [a.companyId, contact.id, colleague],
    );
    await env.pool.query(
      `insert into contact_events (company_id, contact_id, user_id, type) values ($1, $2, $3, 'contact.updated')`,
      [a.companyId, contact.id, colleague],
    );
    await env.pool.query('delete from users where id = $1', [colleague]);
    for (const table of ['contact_notes', 'contact_events']) {
      const { rows } = await env.pool.query(
        `select company_id, user_id from ${table} where contact_id = $1 order by id`,
        [contact.id],
      );
      expect(rows.at(-1), table).toEqual({ company_id: a.companyId, user_id: null });
    }
  });
});

describe('migration 012', () => {
  it('applies on a database holding a note without its contact and an author of another company', async () => {
    const adminUrl = inject('pgAdminUrl');
    const name = `t_m012_${randomBytes(4).toString('hex')}`;
    const admin = createPool(adminUrl, 1);
    await admin.query(`create database ${name}`);
    const pool = createPool(adminUrl.replace(/\/postgres$/, `/${name}`), 2);
    try {
      const dir = fileURLToPath(new URL('../../../server/db/migrations/', import.meta.url));
      await pool.query(
        'create table schema_migrations (name text primary key, applied_at timestamptz not null default now())',
      );
      for (const file of readdirSync(dir)
        .filter((f) => f.endsWith('.sql') && f < '012')
        .sort()) {
        await pool.query(readFileSync(dir + file, 'utf8'));
        await pool.query('insert into schema_migrations (name) values ($1)', [file]);
      }
      const one = (await pool.query<{ id: string }>(`insert into companies (name) values ('One') returning id`))
        .rows[0]!.id;
      const two = (await pool.query<{ id: string }>(`insert into companies (name) values ('Two') returning id`))
        .rows[0]!.id;
      const userOf = async (companyId: string) =>
        (
          await pool.query<{ id: string }>(
            `insert into users (company_id, email, password_hash) values ($1, $2, 'x') returning id`,
            [companyId, `${companyId}@example.com`],
          )
        ).rows[0]!.id;
      const [mine, theirs] = [await userOf(one), await userOf(two)];
      const contact = (
        await pool.query<{ id: number }>(
          `insert into contacts (company_id, email) values ($1, 'kept@example.com') returning id`,
          [one],
        )
      ).rows[0]!.id;
      await pool.query(
        `insert into contact_notes (company_id, contact_id, user_id, body) values ($1, $2, $3, 'kept'), ($1, $2, $4, 'kept, author of Two'), ($1, $2 + 1000, $3, 'orphan')`,
        [one, contact, mine, theirs],
      );
      await pool.query(
        `insert into contact_events (company_id, contact_id, user_id, type) values ($1, $2, $3, 'contact.updated')`,
        [one, contact, theirs],
      );

      expect(await migrate(pool)).toContain('012_contact_notes_and_authors_keys.sql');
      const notes = await pool.query('select body, user_id from contact_notes order by id');
      expect(notes.rows).toEqual([
        { body: 'kept', user_id: mine },
        { body: 'kept, author of Two', user_id: null },
      ]);
      expect((await pool.query('select user_id from contact_events')).rows).toEqual([{ user_id: null }]);
      await pool.query('delete from contacts where id = $1', [contact]);
      expect((await pool.query('select count(*)::int as n from contact_notes')).rows[0].n).toBe(0);
    } finally {
      await pool.end();
      await admin.query(`drop database if exists ${name} with (force)`);
      await admin.end();
    }
  });
});
