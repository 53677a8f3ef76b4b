import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TestEnv } from '../helpers.ts';
import { makeContact, makeList, setupTwoCompanies, type Caller } from './fixtures.ts';

// Rows that belong to a contact or a list go with it, even when it is deleted while they are being written.
let env: TestEnv;
let a: Caller;
beforeAll(async () => {
  ({ env, a } = await setupTwoCompanies());
});
afterAll(() => env.close());

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
    for (let tries = 0; tries < 250 && !answered; tries++) {
      const waiting = await env.pool.query(`select 1 from pg_stat_activity where datname = current_database() and wait_event_type = 'Lock'`);
      if (waiting.rowCount) break;
      await new Promise((resolve) => setTimeout(resolve, 20));
    }
    await holder.query('commit');
    return await pending;
  } finally {
    holder.release();
  }
}

const count = async (sql: string, params: unknown[]) => (await env.pool.query<{ n: number }>(`select count(*)::int as n from ${sql}`, params)).rows[0]!.n;

describe('a list deleted while contacts join it', () => {
  it('keeps no members from a bulk add-to-list: the action answers 404', async () => {
    const { listId } = await makeList(a, 'Doomed');
    await makeContact(a, { email: 'joiner@example.com' });
    const res = await whileUncommitted('delete from lists where company_id = $1 and id = $2', [a.companyId, listId], () =>
      a.call('POST', '/contacts/bulk', { action: 'addToList', listId, selection: { filter: {} } }),
    );
    expect(res.status).toBe(404);
    expect(await count('list_members where company_id = $1 and list_id = $2', [a.companyId, listId])).toBe(0);
    expect(await count(`contact_events where company_id = $1 and type = 'list.added'`, [a.companyId])).toBe(0);
  });

  it('keeps no member from a new contact: the contact is refused with a 422 on listIds', async () => {
    const { listId } = await makeList(a, 'Doomed too');
    const res = await whileUncommitted('delete from lists where company_id = $1 and id = $2', [a.companyId, listId], () =>
      a.call('POST', '/contacts', { email: 'late@example.com', listIds: [listId] }),
    );
    expect(res.status).toBe(422);
    expect(res.body.errors).toEqual({ listIds: ['List does not exist'] });
    expect(await count('list_members where company_id = $1 and list_id = $2', [a.companyId, listId])).toBe(0);
    expect(await count(`contacts where company_id = $1 and email = 'late@example.com'`, [a.companyId])).toBe(0);
  });
});
