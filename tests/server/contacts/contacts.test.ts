import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TestEnv } from '../helpers.ts';
import { makeContact, makeList, setupTwoCompanies, type Caller } from './fixtures.ts';

let env: TestEnv;
let a: Caller;
let b: Caller;
beforeAll(async () => {
  ({ env, a, b } = await setupTwoCompanies());
});
afterAll(() => env.close());

describe('contacts', () => {
  it('numbers contacts in the order they are created, whichever connection creates them ("Newest first" sorts by id)', async () => {
    const first = await env.pool.connect();
    const second = await env.pool.connect();
    try {
      const ids: number[] = [];
      for (let i = 0; i < 6; i++) {
        const client = i % 2 === 0 ? first : second;
        const { rows } = await client.query<{ id: string }>(
          'insert into contacts (company_id, email) values ($1, $2) returning id',
          [a.companyId, `order${i}@example.com`],
        );
        ids.push(Number(rows[0]!.id));
      }
      expect(ids).toEqual([...ids].sort((x, y) => x - y));
      expect(ids.at(-1)! - ids[0]!).toBe(5);
    } finally {
      first.release();
      second.release();
    }
  });

  it('creates a contact with normalised fields, attributes and lists', async () => {
    const { listId } = await makeList(a);
    const plan = (
      await a.call('POST', '/contact-attributes', { name: 'Plan', type: 'category', options: ['free', 'gold'] })
    ).body;
    const res = await a.call('POST', '/contacts', {
      email: 'Ada@Example.com',
      firstName: 'Ada',
      lastName: '  ',
      phonePrefix: '+39',
      phoneNumber: '3331234567',
      country: 'it',
      language: 'it',
      address: 'Via Roma 1',
      attributes: { [plan.id]: 'gold' },
      listIds: [listId],
    });
    expect(res.status).toBe(201);
    expect(res.body).toMatchObject({
      email: 'Ada@Example.com',
      firstName: 'Ada',
      lastName: null,
      phonePrefix: '39',
      phoneNumber: '3331234567',
      country: 'IT',
      attributes: { [plan.id]: 'gold' },
      blocked: false,
      anonymisedAt: null,
    });
    const lists = await a.call('GET', `/contacts/${res.body.id}/lists`);
    expect(lists.body.map((l: { id: number }) => l.id)).toEqual([listId]);
    expect(lists.body[0].memberCount).toBe(1);
  });

  it('refuses a second contact with the same email (any case) or phone, with the spec messages', async () => {
    await makeContact(a, { email: 'dup@example.com', phonePrefix: '44', phoneNumber: '7700900000' });
    const email = await a.call('POST', '/contacts', { email: 'DUP@example.com' });
    expect(email.status).toBe(422);
    expect(email.body.errors).toEqual({ email: ['email already in use'] });
    const phone = await a.call('POST', '/contacts', {
      email: 'other@example.com',
      phonePrefix: '44',
      phoneNumber: '7700900000',
    });
    expect(phone.body.errors).toEqual({ phoneNumber: ['phone number already in use'] });
    // Another company may hold the same email and phone.
    expect(
      (await b.call('POST', '/contacts', { email: 'dup@example.com', phonePrefix: '44', phoneNumber: '7700900000' }))
        .status,
    ).toBe(201);
  });

  it('validates email, phone digits, prefix and attribute types', async () => {
    const bad = await a.call('POST', '/contacts', { email: 'a@b', phoneNumber: '12ab' });
    expect(bad.status).toBe(422);
    expect(bad.body.errors.email).toBeDefined();
    expect(bad.body.errors.phoneNumber).toContain('Phone number must contain only numbers');
    const noPrefix = await a.call('POST', '/contacts', { email: 'np@example.com', phoneNumber: '12345678' });
    expect(noPrefix.body.errors).toEqual({ phonePrefix: ['A prefix is required when a phone number is given'] });
    const missing = await a.call('POST', '/contacts', { firstName: 'X' });
    expect(missing.body.errors).toEqual({ email: ['Email is required'] });
    const score = (await a.call('POST', '/contact-attributes', { name: 'Score', type: 'number' })).body;
    const typed = await a.call('POST', '/contacts', {
      email: 'typed@example.com',
      attributes: { [score.id]: 'ten', '999999': 1 },
    });
    expect(typed.body.errors).toEqual({
      [`attributes.${score.id}`]: ['Score must be a number'],
      'attributes.999999': ['Attribute does not exist'],
    });
    const extra = await a.call('POST', '/contacts', { email: 'x@example.com', nickname: 'x' });
    expect(extra.status).toBe(422);
  });

  it('edits a contact, merging attributes and keeping what is not given', async () => {
    const since = (await a.call('POST', '/contact-attributes', { name: 'Since', type: 'date' })).body;
    const vip = (await a.call('POST', '/contact-attributes', { name: 'VIP', type: 'boolean' })).body;
    const c = await makeContact(a, {
      email: 'edit@example.com',
      firstName: 'Old',
      attributes: { [since.id]: '2024-02-29', [vip.id]: true },
    });
    const res = await a.call('PATCH', `/contacts/${c.id}`, { firstName: 'New', attributes: { [vip.id]: null } });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({
      email: 'edit@example.com',
      firstName: 'New',
      attributes: { [since.id]: '2024-02-29' },
    });
    expect(res.body.attributes[vip.id]).toBeUndefined();
    const badDate = await a.call('PATCH', `/contacts/${c.id}`, { attributes: { [since.id]: '2023-02-29' } });
    expect(badDate.body.errors).toEqual({ [`attributes.${since.id}`]: ['Since must be a date (YYYY-MM-DD)'] });
    const phone = await a.call('PATCH', `/contacts/${c.id}`, { phoneNumber: '5550100' });
    expect(phone.body.errors).toEqual({ phonePrefix: ['A prefix is required when a phone number is given'] });
    expect((await a.call('PATCH', `/contacts/${c.id}`, {})).status).toBe(422);
    expect((await a.call('PATCH', '/contacts/999999999', { firstName: 'x' })).status).toBe(404);
  });

  it('blocks and unblocks, recording both on the timeline', async () => {
    const c = await makeContact(a, { email: 'block@example.com' });
    const blocked = await a.call('POST', `/contacts/${c.id}/block`);
    expect(blocked.body).toMatchObject({ blocked: true });
    expect(blocked.body.blockedAt).toEqual(expect.any(String));
    const unblocked = await a.call('POST', `/contacts/${c.id}/unblock`);
    expect(unblocked.body).toMatchObject({ blocked: false, blockedAt: null });
    const timeline = await a.call('GET', `/contacts/${c.id}/timeline`);
    expect(timeline.body.map((e: { type: string }) => e.type)).toEqual([
      'contact.unblocked',
      'contact.blocked',
      'contact.created',
    ]);
    expect(JSON.parse(String(timeline.headers.pagination))).toMatchObject({ total: 3 });
  });

  it('deletes a contact with its memberships, and the list size follows', async () => {
    const { listId } = await makeList(a, 'Deletion');
    const c = await makeContact(a, { email: 'gone@example.com', listIds: [listId] });
    expect((await a.call('GET', `/contact-lists/${listId}`)).body.memberCount).toBe(1);
    expect((await a.call('DELETE', `/contacts/${c.id}`)).status).toBe(204);
    expect((await a.call('GET', `/contacts/${c.id}`)).status).toBe(404);
    expect((await a.call('GET', `/contact-lists/${listId}`)).body.memberCount).toBe(0);
    expect((await a.call('DELETE', `/contacts/${c.id}`)).status).toBe(404);
  });

  it('anonymises: personal data and notes erased, contact blocked, country and timeline kept', async () => {
    const c = await makeContact(a, {
      email: 'anon@example.com',
      firstName: 'Ann',
      country: 'FR',
      phonePrefix: '33',
      phoneNumber: '612345678',
    });
    await a.call('POST', `/contacts/${c.id}/notes`, { text: 'Called her' });
    const res = await a.call('POST', `/contacts/${c.id}/anonymise`);
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({
      email: null,
      firstName: null,
      phoneNumber: null,
      country: 'FR',
      blocked: true,
      attributes: {},
    });
    expect(res.body.anonymisedAt).toEqual(expect.any(String));
    expect((await a.call('GET', `/contacts/${c.id}/notes`)).body).toEqual([]);
    expect((await a.call('PATCH', `/contacts/${c.id}`, { firstName: 'Back' })).status).toBe(409);
    expect((await a.call('POST', `/contacts/${c.id}/unblock`)).status).toBe(409);
    const note = await a.call('POST', `/contacts/${c.id}/notes`, { text: 'again' });
    expect(note.status).toBe(409);
    expect(note.body.message).toBe('Cannot create this note, try later.');
    // The email is free again.
    expect((await a.call('POST', '/contacts', { email: 'anon@example.com' })).status).toBe(201);
  });

  it('exports one contact as a JSON document', async () => {
    const color = (await a.call('POST', '/contact-attributes', { name: 'Colour', type: 'text' })).body;
    const { listId } = await makeList(a, 'Export one');
    const c = await makeContact(a, {
      email: 'json@example.com',
      attributes: { [color.id]: 'blue' },
      listIds: [listId],
    });
    await a.call('POST', `/contacts/${c.id}/notes`, { text: 'Likes blue' });
    const res = await a.call('GET', `/contacts/${c.id}/data`);
    expect(res.status).toBe(200);
    expect(res.headers['content-disposition']).toContain(`contact-${c.id}.json`);
    expect(res.body).toMatchObject({
      contact: { id: c.id, email: 'json@example.com' },
      attributes: [{ id: color.id, name: 'Colour', type: 'text', value: 'blue' }],
      lists: [{ id: listId, name: 'Export one' }],
      notes: [{ text: 'Likes blue' }],
      events: [{ type: 'contact.created' }],
    });
  });
});
