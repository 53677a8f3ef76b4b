import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TestEnv } from '../helpers.ts';
import { makeContact, makeList, setupTwoCompanies, type Caller } from './fixtures.ts';

// Attributes, folders, lists and notes.
let env: TestEnv;
let a: Caller;
let b: Caller;
beforeAll(async () => {
  ({ env, a, b } = await setupTwoCompanies());
});
afterAll(() => env.close());

describe('attributes', () => {
  it('creates each type, lists them by name and refuses bad definitions with the spec message', async () => {
    for (const [name, type] of [
      ['Score', 'number'],
      ['birthday', 'date'],
      ['Active', 'boolean'],
      ['Notes', 'text'],
    ] as const) {
      expect((await a.call('POST', '/contact-attributes', { name, type })).status).toBe(201);
    }
    const plan = await a.call('POST', '/contact-attributes', {
      name: 'Plan',
      type: 'category',
      options: ['free', 'pro'],
    });
    expect(plan.body).toMatchObject({ name: 'Plan', type: 'category', options: ['free', 'pro'] });
    expect((await a.call('GET', '/contact-attributes')).body.map((x: { name: string }) => x.name)).toEqual([
      'Active',
      'birthday',
      'Notes',
      'Plan',
      'Score',
    ]);
    const cases: [unknown, Record<string, string[]>][] = [
      [{ name: '  ', type: 'text' }, { name: ['Please provide a name'] }],
      [{ name: 'score', type: 'text' }, { name: ['An attribute with this name already exists'] }],
      [{ name: 'Tier', type: 'category' }, { options: ['Option is required'] }],
      [{ name: 'Tier', type: 'category', options: ['a', ' '] }, { options: ['Option is required'] }],
      [{ name: 'Tier', type: 'text', options: ['a'] }, { options: ['Only a category has options'] }],
    ];
    for (const [body, errors] of cases) {
      const res = await a.call('POST', '/contact-attributes', body);
      expect(res.status).toBe(422);
      expect(res.body.message).toBe('Error creating this attribute.');
      expect(res.body.errors).toEqual(errors);
    }
    expect((await a.call('POST', '/contact-attributes', { name: 'X', type: 'json' })).status).toBe(422);
  });

  it('renames an attribute and keeps its values; deleting removes the values', async () => {
    const attr = (await a.call('POST', '/contact-attributes', { name: 'City', type: 'text' })).body;
    const c = await makeContact(a, { email: 'city@example.com', attributes: { [attr.id]: 'Rome' } });
    const renamed = await a.call('PATCH', `/contact-attributes/${attr.id}`, { name: 'Town' });
    expect(renamed.body.name).toBe('Town');
    expect((await a.call('GET', `/contacts/${c.id}`)).body.attributes[attr.id]).toBe('Rome');
    expect((await a.call('PATCH', `/contact-attributes/${attr.id}`, { name: '' })).body.errors).toEqual({
      name: ['Please provide a name'],
    });
    expect((await a.call('DELETE', `/contact-attributes/${attr.id}`)).status).toBe(204);
    expect((await a.call('GET', `/contacts/${c.id}`)).body.attributes).toEqual({});
    expect((await a.call('DELETE', `/contact-attributes/${attr.id}`)).status).toBe(404);
  });

  it('changes category options', async () => {
    const attr = (await a.call('POST', '/contact-attributes', { name: 'Size', type: 'category', options: ['S', 'M'] }))
      .body;
    expect(
      (await a.call('PATCH', `/contact-attributes/${attr.id}`, { options: ['S', 'M', 'L'] })).body.options,
    ).toEqual(['S', 'M', 'L']);
    expect((await a.call('PATCH', `/contact-attributes/${attr.id}`, { options: ['S', 's'] })).body.errors).toEqual({
      options: ['Options must be different'],
    });
    const bad = await a.call('POST', '/contacts', { email: 'size@example.com', attributes: { [attr.id]: 'XL' } });
    expect(bad.body.errors).toEqual({ [`attributes.${attr.id}`]: ['Size must be one of: S, M, L'] });
  });
});

describe('folders and lists', () => {
  it('creates folders and lists, with list sizes and folder list counts', async () => {
    const folder = await a.call('POST', '/contact-folders', { name: 'Customers' });
    expect(folder.status).toBe(201);
    expect(folder.body).toMatchObject({ name: 'Customers', listCount: 0 });
    const list = await a.call('POST', '/contact-lists', { name: 'VIP', folderId: folder.body.id });
    expect(list.body).toMatchObject({ name: 'VIP', folderId: folder.body.id, memberCount: 0 });
    await makeContact(a, { email: 'vip@example.com', listIds: [list.body.id] });
    expect((await a.call('GET', `/contact-lists/${list.body.id}`)).body.memberCount).toBe(1);
    const folders = (await a.call('GET', '/contact-folders')).body;
    expect(folders.find((f: { id: number }) => f.id === folder.body.id).listCount).toBe(1);
  });

  it('refuses nameless folders and lists with the spec messages', async () => {
    expect((await a.call('POST', '/contact-folders', { name: ' ' })).body.errors).toEqual({
      name: ['Please provide a name'],
    });
    const folder = (await a.call('POST', '/contact-folders', { name: 'F' })).body;
    const list = await a.call('POST', '/contact-lists', { name: '', folderId: folder.id });
    expect(list.status).toBe(422);
    expect(list.body.message).toBe('Error creating this list.');
    expect(list.body.errors).toEqual({ name: ['Please provide a name'] });
    const foreignFolder = (await b.call('POST', '/contact-folders', { name: 'Theirs' })).body;
    expect((await a.call('POST', '/contact-lists', { name: 'L', folderId: foreignFolder.id })).body.errors).toEqual({
      folderId: ['Folder does not exist'],
    });
    expect((await a.call('POST', '/contact-lists', { name: 'L' })).status).toBe(422);
  });

  it('pages and searches lists by folder and name', async () => {
    const { folderId } = await makeList(a, 'Alpha news');
    await a.call('POST', '/contact-lists', { name: 'Beta news', folderId });
    const inFolder = await a.call('GET', `/contact-lists?folderId=${folderId}`);
    expect(inFolder.body.map((l: { name: string }) => l.name)).toEqual(['Alpha news', 'Beta news']);
    const searched = await a.call('GET', `/contact-lists?q=BETA&perPage=1`);
    expect(searched.body.map((l: { name: string }) => l.name)).toEqual(['Beta news']);
    expect(JSON.parse(String(searched.headers.pagination)).total).toBe(1);
  });

  it('renames and moves lists; deleting a list keeps its contacts', async () => {
    const { listId, folderId } = await makeList(a, 'Movable');
    const other = (await a.call('POST', '/contact-folders', { name: 'Archive' })).body;
    const moved = await a.call('PATCH', `/contact-lists/${listId}`, { name: 'Moved', folderId: other.id });
    expect(moved.body).toMatchObject({ name: 'Moved', folderId: other.id });
    expect((await a.call('PATCH', `/contact-lists/${listId}`, { name: '  ' })).body.errors).toEqual({
      name: ['Please provide a name'],
    });
    const c = await makeContact(a, { email: 'stays@example.com', listIds: [listId] });
    expect((await a.call('DELETE', `/contact-lists/${listId}`)).status).toBe(204);
    expect((await a.call('GET', `/contacts/${c.id}`)).status).toBe(200);
    expect((await a.call('GET', `/contacts/${c.id}/lists`)).body).toEqual([]);
    expect((await a.call('DELETE', `/contact-folders/${folderId}`)).status).toBe(204);
  });

  it('refuses to delete a folder that is not empty', async () => {
    const { folderId } = await makeList(a, 'Keeper');
    const res = await a.call('DELETE', `/contact-folders/${folderId}`);
    expect(res.status).toBe(409);
    expect(res.body).toEqual({ code: 'folder_not_empty', message: 'A folder that is not empty cannot be deleted' });
    expect((await a.call('PATCH', `/contact-folders/${folderId}`, { name: 'Renamed' })).body.name).toBe('Renamed');
    expect((await a.call('DELETE', '/contact-folders/999999')).status).toBe(404);
  });
});

describe('notes', () => {
  it('adds, lists (newest first, with author) and deletes notes', async () => {
    const c = await makeContact(a, { email: 'notes@example.com' });
    const first = await a.call('POST', `/contacts/${c.id}/notes`, { text: ' First call ' });
    expect(first.status).toBe(201);
    expect(first.body).toMatchObject({
      contactId: c.id,
      text: 'First call',
      authorId: a.userId,
      authorName: 'Ada Lovelace',
    });
    await a.call('POST', `/contacts/${c.id}/notes`, { text: 'Second call' });
    const list = await a.call('GET', `/contacts/${c.id}/notes`);
    expect(list.body.map((n: { text: string }) => n.text)).toEqual(['Second call', 'First call']);
    expect((await a.call('DELETE', `/contacts/${c.id}/notes/${first.body.id}`)).status).toBe(204);
    expect((await a.call('DELETE', `/contacts/${c.id}/notes/${first.body.id}`)).status).toBe(404);
  });

  it('refuses an empty note with the spec messages, and notes on unknown contacts', async () => {
    const c = await makeContact(a, { email: 'empty-note@example.com' });
    const res = await a.call('POST', `/contacts/${c.id}/notes`, { text: '   ' });
    expect(res.status).toBe(422);
    expect(res.body).toMatchObject({
      message: 'Cannot create this note, try later.',
      errors: { text: ['Text is required'] },
    });
    expect((await a.call('POST', '/contacts/999999/notes', { text: 'x' })).status).toBe(404);
  });
});
