import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { INVALID_CURSOR } from '../../../server/http/cursor.ts';
import { importWriter, runImport } from '../../../server/services/contacts/imports/run.ts';
import { forJob } from '../../../server/services/scope.ts';
import type { TestEnv } from '../helpers.ts';
import { makeContact, makeList, setupTwoCompanies, upload, type Caller } from './fixtures.ts';

// A contact's notes and timeline: page numbers and cursors, note deletion, the entry of the import that created it.
let env: TestEnv;
let a: Caller;
let b: Caller;
beforeAll(async () => {
  ({ env, a, b } = await setupTwoCompanies());
});
afterAll(() => env.close());

const header = (res: { headers: Record<string, unknown> }) => JSON.parse(String(res.headers.pagination));
const texts = (res: { body: { text: string }[] }) => res.body.map((n) => n.text);
const cursorOf = (list: string, id: number) => Buffer.from(`${list}:${id}`).toString('base64url');

async function contactWithNotes(caller: Caller, email: string, count: number) {
  const contact = await makeContact(caller, { email });
  const ids: number[] = [];
  for (let i = 1; i <= count; i++)
    ids.push((await caller.call('POST', `/contacts/${contact.id}/notes`, { text: `note ${i}` })).body.id);
  return { id: contact.id as number, noteIds: ids };
}

describe('notes, page by page', () => {
  it('keeps page numbers working and tells the cursor of the next page', async () => {
    const c = await contactWithNotes(a, 'pages@example.com', 5);
    const first = await a.call('GET', `/contacts/${c.id}/notes?perPage=2`);
    expect(first.status).toBe(200);
    expect(texts(first)).toEqual(['note 5', 'note 4']);
    expect(header(first)).toEqual({ page: 1, perPage: 2, total: 5, pages: 3, nextCursor: expect.any(String) });
    const third = await a.call('GET', `/contacts/${c.id}/notes?perPage=2&page=3`);
    expect(texts(third)).toEqual(['note 1']);
    expect(header(third)).toMatchObject({ page: 3, total: 5, nextCursor: null });
    // Without perPage the default page holds all five, as before.
    const all = await a.call('GET', `/contacts/${c.id}/notes`);
    expect(texts(all)).toEqual(['note 5', 'note 4', 'note 3', 'note 2', 'note 1']);
    expect(header(all)).toMatchObject({ page: 1, perPage: 50, total: 5, pages: 1, nextCursor: null });
  });

  it('walks with cursors without skipping or repeating while notes are added and deleted', async () => {
    const c = await contactWithNotes(a, 'walk@example.com', 5);
    const first = await a.call('GET', `/contacts/${c.id}/notes?perPage=2`);
    // Meanwhile a note is added on top and one of the next page is deleted: page 2 by number would repeat 'note 4'.
    await a.call('POST', `/contacts/${c.id}/notes`, { text: 'note 6' });
    expect((await a.call('DELETE', `/contacts/${c.id}/notes/${c.noteIds[2]}`)).status).toBe(204);
    const second = await a.call('GET', `/contacts/${c.id}/notes?perPage=2&cursor=${header(first).nextCursor}`);
    expect(second.status).toBe(200);
    expect(texts(second)).toEqual(['note 2', 'note 1']);
    // The cursor wins over a page number, and the page it lands on is counted.
    const again = await a.call('GET', `/contacts/${c.id}/notes?perPage=2&page=9&cursor=${header(first).nextCursor}`);
    expect(texts(again)).toEqual(['note 2', 'note 1']);
    expect(header(second)).toEqual({ page: 2, perPage: 2, total: 5, pages: 3, nextCursor: null });
  });

  it('refuses a cursor it did not issue with a 422 on the cursor field, never a 500', async () => {
    const c = await contactWithNotes(a, 'badcursor@example.com', 1);
    const bad = [
      'nonsense',
      '%00',
      'bm90!ZXM6MQ', // Node's decoder would skip the '!' and read notes:1
      'a'.repeat(101),
      cursorOf('timeline', c.noteIds[0]!),
      cursorOf('notes', 0),
      cursorOf('notes', -3),
      cursorOf('notes', 1e20),
      Buffer.from('notes:1:2').toString('base64url'),
      Buffer.from('notes:1').toString('base64'), // '=' padding is outside the alphabet
    ];
    for (const cursor of bad) {
      const res = await a.call('GET', `/contacts/${c.id}/notes?cursor=${encodeURIComponent(cursor)}`);
      expect(res.status, cursor).toBe(422);
      expect(res.body.code, cursor).toBe('validation_error');
      expect(res.body.errors, cursor).toEqual({
        cursor: [cursor.length > 100 ? 'Cursor must be at most 100 characters' : INVALID_CURSOR],
      });
    }
    expect((await a.call('GET', `/contacts/${c.id}/notes?cursor=`)).body.errors).toEqual({ cursor: [INVALID_CURSOR] });
  });

  it("never reads another company's notes, with or without a cursor", async () => {
    const theirs = await contactWithNotes(b, 'their-notes@example.com', 3);
    const mine = await contactWithNotes(a, 'my-notes@example.com', 2);
    const firstOfTheirs = await b.call('GET', `/contacts/${theirs.id}/notes?perPage=1`);
    const cursor = header(firstOfTheirs).nextCursor;
    for (const url of [
      `/contacts/${theirs.id}/notes`,
      `/contacts/${theirs.id}/notes?cursor=${cursor}`,
      `/contacts/${theirs.id}/notes?cursor=${cursorOf('notes', 999_999)}`,
    ]) {
      const res = await a.call('GET', url);
      expect(res.status, url).toBe(404);
      expect(JSON.stringify(res.body), url).not.toContain('note ');
    }
    // Their cursor on my contact reads only my notes (a cursor is a position, not a permission).
    const onMine = await a.call(
      'GET',
      `/contacts/${mine.id}/notes?cursor=${cursorOf('notes', theirs.noteIds[2]! + 1000)}`,
    );
    expect(onMine.status).toBe(200);
    expect(onMine.body.map((n: { contactId: number }) => n.contactId)).toEqual([mine.id, mine.id]);
  });
});

describe('deleting a note', () => {
  it('deletes one note of the contact; a second delete, another contact or another company gets a 404', async () => {
    const c = await contactWithNotes(a, 'delete-note@example.com', 2);
    const other = await contactWithNotes(a, 'other-note@example.com', 1);
    const theirs = await contactWithNotes(b, 'their-delete@example.com', 1);
    expect((await a.call('DELETE', `/contacts/${c.id}/notes/${c.noteIds[0]}`)).status).toBe(204);
    expect(texts(await a.call('GET', `/contacts/${c.id}/notes`))).toEqual(['note 2']);
    expect((await a.call('DELETE', `/contacts/${c.id}/notes/${c.noteIds[0]}`)).status).toBe(404);
    // A note id with the wrong contact id, and another company's note: nothing deleted.
    expect((await a.call('DELETE', `/contacts/${c.id}/notes/${other.noteIds[0]}`)).status).toBe(404);
    expect((await a.call('DELETE', `/contacts/${theirs.id}/notes/${theirs.noteIds[0]}`)).status).toBe(404);
    expect((await a.call('DELETE', `/contacts/${c.id}/notes/${theirs.noteIds[0]}`)).status).toBe(404);
    expect(texts(await a.call('GET', `/contacts/${other.id}/notes`))).toEqual(['note 1']);
    expect(texts(await b.call('GET', `/contacts/${theirs.id}/notes`))).toEqual(['note 1']);
    expect((await a.call('DELETE', `/contacts/${c.id}/notes/abc`)).status).toBe(422);
  });
});

describe('timeline', () => {
  async function importCsv(caller: Caller, name: string, csv: string) {
    const { listId } = await makeList(caller, `List for ${name}`);
    const uploaded = await upload(env, caller, name, csv);
    expect(uploaded.status).toBe(201);
    const started = await caller.call('POST', `/contact-imports/${uploaded.body.id}/start`, {
      mapping: uploaded.body.suggestedMapping,
      listIds: [listId],
    });
    expect(started.status).toBe(202);
    expect(await runImport(forJob(env.ctx, caller.companyId), uploaded.body.id, importWriter(env.ctx.pool))).toBe(
      'finished',
    );
    return uploaded.body.id as number;
  }
  const byEmail = async (caller: Caller, email: string) =>
    (await caller.call('GET', `/contacts?q=${encodeURIComponent(email)}`)).body[0];

  it('ends with the import that created the contact, and pages through events and that entry with cursors', async () => {
    await makeContact(a, { email: 'existing@example.com', firstName: 'Before' });
    const importId = await importCsv(
      a,
      'spring fair.csv',
      'email,first name\nimported@example.com,Ivy\nexisting@example.com,Updated\n',
    );
    const imported = await byEmail(a, 'imported@example.com');
    const only = await a.call('GET', `/contacts/${imported.id}/timeline`);
    expect(only.body).toEqual([
      {
        id: 0,
        type: 'contact.imported',
        payload: { importId, fileName: 'spring fair.csv' },
        userId: a.userId,
        createdAt: imported.createdAt,
      },
    ]);
    expect(header(only)).toMatchObject({ total: 1, nextCursor: null });
    // A contact that already existed was updated, not created, by the import, and joined its list: events naming the file.
    const existing = await byEmail(a, 'existing@example.com');
    const updated = await a.call('GET', `/contacts/${existing.id}/timeline`);
    expect(updated.body.map((e: { type: string }) => e.type)).toEqual([
      'list.added',
      'contact.updated',
      'contact.created',
    ]);
    expect(updated.body[0]).toMatchObject({
      payload: { listId: expect.any(Number), importId, fileName: 'spring fair.csv' },
      userId: a.userId,
    });
    expect(updated.body[1]).toMatchObject({ payload: { importId, fileName: 'spring fair.csv' }, userId: a.userId });
    expect((await a.call('GET', `/contacts/${existing.id}/data`)).body.events[1]).toMatchObject({
      type: 'contact.updated',
      payload: { importId, fileName: 'spring fair.csv' },
    });

    // Two events after the import: pages of two hold them, then the import entry alone.
    await a.call('POST', `/contacts/${imported.id}/block`);
    await a.call('POST', `/contacts/${imported.id}/unblock`);
    const first = await a.call('GET', `/contacts/${imported.id}/timeline?perPage=2`);
    expect(first.body.map((e: { type: string }) => e.type)).toEqual(['contact.unblocked', 'contact.blocked']);
    expect(header(first)).toMatchObject({ page: 1, total: 3, pages: 2, nextCursor: expect.any(String) });
    const second = await a.call(
      'GET',
      `/contacts/${imported.id}/timeline?perPage=2&cursor=${header(first).nextCursor}`,
    );
    expect(second.body.map((e: { type: string }) => e.type)).toEqual(['contact.imported']);
    expect(header(second)).toMatchObject({ page: 2, total: 3, nextCursor: null });
    // By page numbers too; past the end nothing.
    expect(
      (await a.call('GET', `/contacts/${imported.id}/timeline?perPage=2&page=2`)).body.map(
        (e: { type: string }) => e.type,
      ),
    ).toEqual(['contact.imported']);
    expect((await a.call('GET', `/contacts/${imported.id}/timeline?perPage=2&page=3`)).body).toEqual([]);
    const three = await a.call('GET', `/contacts/${imported.id}/timeline?perPage=3`);
    expect(three.body.map((e: { type: string }) => e.type)).toEqual([
      'contact.unblocked',
      'contact.blocked',
      'contact.imported',
    ]);
    expect(header(three).nextCursor).toBeNull();

    // The contact's data export holds it too, oldest first.
    expect(
      (await a.call('GET', `/contacts/${imported.id}/data`)).body.events.map((e: { type: string }) => e.type),
    ).toEqual(['contact.imported', 'contact.blocked', 'contact.unblocked']);
  });

  it('refuses a bad timeline cursor with a 422 and keeps the timeline to its company', async () => {
    const mine = await makeContact(a, { email: 'timeline-mine@example.com' });
    expect((await a.call('GET', `/contacts/${mine.id}/timeline?cursor=${cursorOf('notes', 5)}`)).status).toBe(422);
    expect((await a.call('GET', `/contacts/${mine.id}/timeline?cursor=zz`)).status).toBe(422);
    await importCsv(b, 'their secret list.csv', 'email\ntheir-import@example.com\n');
    const theirs = await byEmail(b, 'their-import@example.com');
    for (const url of [
      `/contacts/${theirs.id}/timeline`,
      `/contacts/${theirs.id}/timeline?cursor=${cursorOf('timeline', 999_999)}`,
      `/contacts/${theirs.id}/data`,
    ]) {
      const res = await a.call('GET', url);
      expect(res.status, url).toBe(404);
      expect(JSON.stringify(res.body), url).not.toContain('secret');
    }
  });
});
