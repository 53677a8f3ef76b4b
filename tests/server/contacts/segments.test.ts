import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TestEnv } from '../helpers.ts';
import { makeContact, makeList, setupTwoCompanies, type Caller } from './fixtures.ts';

let env: TestEnv;
let a: Caller;
let b: Caller;
let listId: number;
let plan: number;
let score: number;
const group = (operator: 'and' | 'or', ...conditions: unknown[]) => ({ kind: 'group', operator, conditions });

beforeAll(async () => {
  ({ env, a, b } = await setupTwoCompanies());
  ({ listId } = await makeList(a));
  plan = (await a.call('POST', '/contact-attributes', { name: 'Plan', type: 'category', options: ['free', 'gold'] }))
    .body.id;
  score = (await a.call('POST', '/contact-attributes', { name: 'Score', type: 'number' })).body.id;
  await makeContact(a, {
    email: 'one@example.com',
    country: 'IT',
    attributes: { [plan]: 'gold', [score]: 10 },
    listIds: [listId],
  });
  await makeContact(a, { email: 'two@example.com', country: 'IT', attributes: { [plan]: 'free', [score]: 3 } });
  await makeContact(a, {
    email: 'three@example.org',
    country: 'FR',
    attributes: { [plan]: 'gold' },
    listIds: [listId],
    blocked: true,
  });
  await makeContact(b, { email: 'four@example.com', country: 'IT' });
});
afterAll(() => env.close());

describe('segments', () => {
  it('counts conditions while editing, with AND/OR groups', async () => {
    const count = async (conditions: unknown) => {
      const res = await a.call('POST', '/segments/count', { conditions });
      expect(res.status, JSON.stringify(res.body)).toBe(200);
      return res.body.count;
    };
    expect(await count(group('and'))).toBe(3);
    expect(await count(group('or'))).toBe(0);
    expect(await count(group('and', { kind: 'field', field: 'country', operator: 'equals', value: 'it' }))).toBe(2);
    expect(
      await count(
        group(
          'and',
          { kind: 'attribute', attributeId: plan, operator: 'equals', value: 'gold' },
          { kind: 'list', operator: 'in', listId },
        ),
      ),
    ).toBe(2);
    expect(await count(group('and', { kind: 'list', operator: 'notIn', listId }))).toBe(1);
    expect(await count(group('and', { kind: 'blocklist', operator: 'is' }))).toBe(1);
    expect(
      await count(group('and', { kind: 'attribute', attributeId: score, operator: 'between', values: [3, 9] })),
    ).toBe(1);
    expect(await count(group('and', { kind: 'attribute', attributeId: score, operator: 'isEmpty' }))).toBe(1);
    expect(
      await count(
        group(
          'or',
          { kind: 'field', field: 'email', operator: 'contains', value: '.ORG' },
          group(
            'and',
            { kind: 'attribute', attributeId: score, operator: 'greaterThan', value: 5 },
            { kind: 'blocklist', operator: 'isNot' },
          ),
        ),
      ),
    ).toBe(2);
    expect(
      await count(group('and', { kind: 'field', field: 'createdAt', operator: 'after', value: '2000-01-01' })),
    ).toBe(3);
  });

  it('saves, reads, replaces, counts and deletes a segment', async () => {
    const conditions = group('and', { kind: 'field', field: 'country', operator: 'in', values: ['IT', 'fr'] });
    const created = await a.call('POST', '/segments', { name: 'Europe', conditions });
    expect(created.status).toBe(201);
    expect(created.body).toMatchObject({ name: 'Europe', conditions });
    expect((await a.call('GET', `/segments/${created.body.id}/count`)).body).toEqual({ count: 3 });
    const replaced = await a.call('PUT', `/segments/${created.body.id}`, {
      name: 'Italy',
      conditions: group('and', { kind: 'field', field: 'country', operator: 'equals', value: 'IT' }),
    });
    expect(replaced.body.name).toBe('Italy');
    expect((await a.call('GET', `/segments/${created.body.id}/count`)).body).toEqual({ count: 2 });
    expect((await a.call('GET', '/segments')).body.map((s: { name: string }) => s.name)).toEqual(['Italy']);
    expect((await a.call('GET', `/segments/${created.body.id}`)).body.name).toBe('Italy');
    expect((await a.call('DELETE', `/segments/${created.body.id}`)).status).toBe(204);
    expect((await a.call('GET', `/segments/${created.body.id}`)).status).toBe(404);
  });

  it('refuses conditions that do not fit their field or attribute, naming the node', async () => {
    const cases: [unknown, Record<string, string[]>][] = [
      [
        group('and', { kind: 'field', field: 'email', operator: 'greaterThan', value: 'a' }),
        {
          'conditions.conditions.0.operator': [
            'Operator must be one of: equals, notEquals, contains, startsWith, in, isEmpty, isNotEmpty',
          ],
        },
      ],
      [
        group('and', { kind: 'attribute', attributeId: score, operator: 'equals', value: 'ten' }),
        { 'conditions.conditions.0.value': ['Value must be a number'] },
      ],
      [
        group('and', { kind: 'attribute', attributeId: plan, operator: 'equals', value: 'silver' }),
        { 'conditions.conditions.0.value': ['Option is required'] },
      ],
      [
        group('and', { kind: 'attribute', attributeId: score, operator: 'between', values: [1] }),
        { 'conditions.conditions.0.values': ['Between needs two values'] },
      ],
      [
        group('and', group('or', { kind: 'field', field: 'createdAt', operator: 'before', value: '2024-13-01' })),
        { 'conditions.conditions.0.conditions.0.value': ['Value must be a date (YYYY-MM-DD)'] },
      ],
      [
        group('and', { kind: 'list', operator: 'in', listId: 999999 }),
        { 'conditions.conditions.0.listId': ['List does not exist'] },
      ],
      [
        group('and', { kind: 'attribute', attributeId: 999999, operator: 'isEmpty' }),
        { 'conditions.conditions.0.attributeId': ['Attribute does not exist'] },
      ],
      [
        group('and', { kind: 'field', field: 'country', operator: 'isEmpty', value: 'x' }),
        { 'conditions.conditions.0.value': ['This operator takes no value'] },
      ],
      [
        group('and', group('and', group('and', group('and', group('and', group('and')))))),
        {
          'conditions.conditions.0.conditions.0.conditions.0.conditions.0.conditions.0': [
            'Groups can be nested at most 5 deep',
          ],
        },
      ],
    ];
    for (const [conditions, errors] of cases) {
      const res = await a.call('POST', '/segments/count', { conditions });
      expect(res.status, JSON.stringify(conditions)).toBe(422);
      expect(res.body.errors).toEqual(errors);
    }
    const unknownKind = await a.call('POST', '/segments/count', {
      conditions: group('and', { kind: 'tag', operator: 'is' }),
    });
    expect(unknownKind.status).toBe(422);
    const nameless = await a.call('POST', '/segments', { name: ' ', conditions: group('and') });
    expect(nameless.body.errors).toEqual({ name: ['Please provide a name'] });
  });

  it("refuses another company's list in a condition, and counts only the caller's contacts", async () => {
    const { listId: foreign } = await makeList(b, 'Foreign');
    const res = await a.call('POST', '/segments/count', {
      conditions: group('and', { kind: 'list', operator: 'notIn', listId: foreign }),
    });
    expect(res.body.errors).toEqual({ 'conditions.conditions.0.listId': ['List does not exist'] });
    expect((await b.call('POST', '/segments/count', { conditions: group('and') })).body.count).toBe(1);
  });
});
