import { spawn } from 'node:child_process';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { IMPORT_BATCH_ROWS, importWriter, runImport } from '../../../server/services/contacts/imports/run.ts';
import { forJob } from '../../../server/services/scope.ts';
import type { TestEnv } from '../helpers.ts';
import { makeList, setupTwoCompanies, upload, type Caller } from './fixtures.ts';

// A worker killed mid-import (SIGKILL, no cleanup) and a new run: every row lands once, counts add up exactly, and each
// existing contact the import changed or added to its list gets exactly one timeline event of each kind.
let env: TestEnv;
let a: Caller;
beforeAll(async () => {
  ({ env, a } = await setupTwoCompanies());
});
afterAll(() => env.close());

const ROWS = 40_000;
const UNIQUE = 36_000;
/** Rows whose contact exists before the import: spread over every batch, the first four written again by the last one. */
const EXISTING = Array.from({ length: UNIQUE / 1000 }, (_, k) => k * 1000);
const script = path.join(path.dirname(fileURLToPath(import.meta.url)), 'support', 'run-import.ts');

describe('import crash and resume', () => {
  it('resumes after the last committed batch without duplicates', async () => {
    const { listId } = await makeList(a);
    const lines = ['email,first name,score'];
    const seen = new Set(EXISTING.map((i) => `resume${i}@example.com`));
    await env.pool.query(
      `insert into contacts (company_id, email, first_name) select $1, 'resume' || i || '@example.com', 'Before' from unnest($2::int[]) i`,
      [a.companyId, EXISTING],
    );
    const expected = { created: 0, updated: 0, failed: 0 };
    for (let i = 0; i < ROWS; i++) {
      if (i % 5000 === 4999) {
        lines.push(`not-an-email-${i},Broken,${i}`);
        expected.failed += 1;
        continue;
      }
      const email = `resume${i % UNIQUE}@example.com`;
      lines.push(`${email},Name${i},${i}`);
      if (seen.has(email)) expected.updated += 1;
      else expected.created += 1;
      seen.add(email);
    }
    const uploaded = (await upload(env, a, 'resume.csv', lines.join('\n'))).body;
    await a.call('POST', `/contact-imports/${uploaded.id}/start`, {
      mapping: [{ target: 'email' }, { target: 'firstName' }, { target: 'skip' }],
      listIds: [listId],
    });

    const child = spawn(
      process.execPath,
      ['--import', 'tsx', script, env.databaseUrl, a.companyId, String(uploaded.id)],
      { stdio: 'ignore' },
    );
    const exited = new Promise((resolve) => child.once('exit', resolve));
    let done = 0;
    for (let i = 0; i < 3000 && done < IMPORT_BATCH_ROWS; i++) {
      await new Promise((r) => setTimeout(r, 10));
      done = (
        await env.pool.query<{ rows_done: number }>('select rows_done from contact_imports where id = $1', [
          uploaded.id,
        ])
      ).rows[0]!.rows_done;
    }
    child.kill('SIGKILL');
    await exited;
    const crashed = (await a.call('GET', `/contact-imports/${uploaded.id}`)).body;
    expect(crashed.status).toBe('running');
    expect(crashed.processed).toBeGreaterThanOrEqual(IMPORT_BATCH_ROWS);
    expect(crashed.processed).toBeLessThan(ROWS);
    expect(crashed.processed % IMPORT_BATCH_ROWS).toBe(0);
    // Only committed batches are visible: no row past the cursor was written.
    const written = await env.pool.query<{ n: number }>(
      'select count(*)::int as n from contacts where company_id = $1',
      [a.companyId],
    );
    expect(written.rows[0]!.n).toBe(crashed.created + EXISTING.length);
    expect(crashed.created + crashed.updated + crashed.failed).toBe(crashed.processed);
    // The events of the committed batches only.
    const eventsOf = async () =>
      (
        await env.pool.query<{ contact_id: string; n: number; users: string[] }>(
          `select contact_id, count(*)::int as n, array_agg(distinct user_id::text) as users from contact_events
            where company_id = $1 and type = 'contact.updated' and payload = jsonb_build_object('importId', $2::bigint) group by contact_id`,
          [a.companyId, uploaded.id],
        )
      ).rows;
    expect((await eventsOf()).length).toBe(EXISTING.filter((i) => i < crashed.processed).length);
    const listEventsOf = async () =>
      (
        await env.pool.query<{ contact_id: string; n: number }>(
          `select contact_id, count(*)::int as n from contact_events
            where company_id = $1 and type = 'list.added' and payload = jsonb_build_object('listId', $2::bigint, 'importId', $3::bigint) group by contact_id`,
          [a.companyId, listId, uploaded.id],
        )
      ).rows;
    expect((await listEventsOf()).length).toBe(EXISTING.filter((i) => i < crashed.processed).length);

    expect(await runImport(forJob(env.ctx, a.companyId), uploaded.id, importWriter(env.ctx.pool))).toBe('finished');
    const finished = (await a.call('GET', `/contact-imports/${uploaded.id}`)).body;
    expect(finished).toMatchObject({ status: 'finished', processed: ROWS, ...expected, skipped: 0 });
    const contacts = await env.pool.query<{ n: number; distinct: number }>(
      'select count(*)::int as n, count(distinct lower(email))::int as distinct from contacts where company_id = $1',
      [a.companyId],
    );
    expect(contacts.rows[0]).toEqual({
      n: expected.created + EXISTING.length,
      distinct: expected.created + EXISTING.length,
    });
    expect((await a.call('GET', `/contact-lists/${listId}`)).body.memberCount).toBe(expected.created + EXISTING.length);
    // One event per existing contact, though the first four were changed by two batches; none for the contacts it created.
    const events = await eventsOf();
    expect(events.length).toBe(EXISTING.length);
    expect(events.every((e) => e.n === 1 && e.users.length === 1 && e.users[0] === a.userId)).toBe(true);
    // And one list.added per existing contact (the import's list was new to each).
    const joined = await listEventsOf();
    expect(joined.length).toBe(EXISTING.length);
    expect(joined.every((e) => e.n === 1)).toBe(true);
    const again = await env.pool.query<{ first_name: string }>(
      `select first_name from contacts where company_id = $1 and email = 'resume0@example.com'`,
      [a.companyId],
    );
    expect(again.rows[0]!.first_name).toBe(`Name${UNIQUE}`);
    const errors = await env.pool.query<{ n: number; rows: number }>(
      'select count(*)::int as n, count(distinct row_number)::int as rows from contact_import_errors where import_id = $1',
      [uploaded.id],
    );
    expect(errors.rows[0]).toEqual({ n: expected.failed, rows: expected.failed });
  }, 120_000);
});
