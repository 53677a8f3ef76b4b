import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SqlParams } from '../../../server/services/contacts/sql.ts';
import { attributeDefs } from '../../../server/services/contacts/attributes.ts';
import { compileSegment } from '../../../server/services/contacts/segments/compile.ts';
import { validateConditions } from '../../../server/services/contacts/segments/validate.ts';
import type { SegmentCondition, SegmentGroup } from '../../../server/services/contacts/segments/types.ts';
import type { AttributeDef } from '../../../server/services/contacts/values.ts';
import { createTestEnv, createUser, type TestEnv } from '../helpers.ts';
import { matches, type AttributeTypes, type PlainContact } from './segmentEvaluator.ts';

// Random condition trees over random contacts: the compiled SQL and the plain evaluator must select the same ids.
let env: TestEnv;
let companyId: string;
let defs: Map<number, AttributeDef>;
let types: AttributeTypes;
let lists: number[];
let contacts: PlainContact[];
const attr: Record<'text' | 'number' | 'date' | 'boolean' | 'category', number> = {
  text: 0,
  number: 0,
  date: 0,
  boolean: 0,
  category: 0,
};

const WORDS = [
  '',
  'ann',
  'Ann',
  'anna',
  'ANNA maria',
  'bob',
  'Bob Smith',
  'élan',
  'Élan',
  'zoë',
  '100%',
  'a_b',
  "o'neil",
  ' spaced ',
];
const FRAGMENTS = [
  'a',
  'A',
  'an',
  'ANN',
  'bob',
  'b',
  's',
  'é',
  'É',
  '%',
  '_',
  'x',
  "'",
  'maria',
  ' ',
  '333',
  '12',
  '9',
  'IT',
  'it',
  'Fr',
  'EN',
  'en',
];
const NUMBERS = [-1.5, 0, 1, 2, 2.5, 10, 1e6];
const DATES = ['1999-12-31', '2024-01-01', '2024-02-29', '2024-03-01', '2030-06-15'];
const OPTIONS = ['red', 'green', 'Blue'];
const COUNTRIES = ['IT', 'FR', 'it', ''];

function seededContacts(count: number): Omit<PlainContact, 'id'>[] {
  const pick = <T>(values: readonly T[]) => fc.constantFrom(...values);
  const maybe = <T>(arb: fc.Arbitrary<T>) => fc.option(arb, { nil: null, freq: 4 });
  const created = fc.constantFrom(
    '1999-12-31T23:59:59Z',
    '2024-01-01T00:00:00Z',
    '2024-02-29T12:00:00Z',
    '2024-03-01T23:30:00+02:00',
    '2030-06-15T08:00:00Z',
  );
  const contact = fc.record({
    first: maybe(pick(WORDS)),
    last: maybe(pick(WORDS)),
    prefix: maybe(pick(['39', '1', '44'])),
    phone: maybe(pick(['3331234', '3339999', '12345', '99999'])),
    country: maybe(pick(COUNTRIES)),
    language: maybe(pick(['en', 'it', 'EN'])),
    address: maybe(pick(WORDS)),
    created,
    text: fc.option(pick(WORDS as readonly unknown[]), { nil: undefined }),
    number: fc.option(
      fc.oneof(
        { weight: 6, arbitrary: pick(NUMBERS as readonly unknown[]) },
        { weight: 1, arbitrary: fc.constant('5') },
      ),
      { nil: undefined },
    ),
    date: fc.option(
      fc.oneof(
        { weight: 6, arbitrary: pick(DATES as readonly unknown[]) },
        { weight: 1, arbitrary: fc.constant('soon') },
      ),
      { nil: undefined },
    ),
    boolean: fc.option(
      fc.oneof(
        { weight: 6, arbitrary: fc.boolean() as fc.Arbitrary<unknown> },
        { weight: 1, arbitrary: fc.constant('true') },
      ),
      { nil: undefined },
    ),
    category: fc.option(pick([...OPTIONS, 'retired'] as readonly unknown[]), { nil: undefined }),
    lists: fc.subarray([0, 1]),
    blocked: fc.boolean(),
  });
  return fc.sample(contact, { numRuns: count, seed: 20261121 }).map((c, i) => ({
    fields: {
      email: `${['ann', 'Bob', 'zoë', 'x_y'][i % 4]}${i}@Example.${['com', 'org'][i % 2]}`,
      firstName: c.first,
      lastName: c.last,
      phonePrefix: c.phone ? (c.prefix ?? '39') : c.prefix,
      phoneNumber: c.phone === null ? null : `${c.phone}${i}`,
      country: c.country,
      language: c.language,
      address: c.address,
      createdAt: new Date(c.created).toISOString().slice(0, 10),
    },
    createdAtInstant: c.created,
    attributes: Object.fromEntries(
      (['text', 'number', 'date', 'boolean', 'category'] as const).flatMap((t) =>
        c[t] === undefined ? [] : [[String(attr[t]), c[t]]],
      ),
    ),
    lists: c.lists,
    blocked: c.blocked,
  })) as never;
}

beforeAll(async () => {
  env = await createTestEnv();
  companyId = (await createUser(env)).companyId;
  for (const [name, type] of [
    ['T', 'text'],
    ['N', 'number'],
    ['D', 'date'],
    ['B', 'boolean'],
    ['C', 'category'],
  ] as const) {
    const { rows } = await env.pool.query<{ id: number }>(
      'insert into contact_attributes (company_id, name, type, options) values ($1, $2, $3, $4) returning id',
      [companyId, name, type, JSON.stringify(type === 'category' ? OPTIONS : [])],
    );
    attr[type] = rows[0]!.id;
  }
  defs = await attributeDefs(env.pool, companyId);
  types = new Map([...defs.values()].map((d) => [d.id, d.type]));
  const folder = await env.pool.query<{ id: number }>(
    `insert into folders (company_id, name) values ($1, 'F') returning id`,
    [companyId],
  );
  lists = [];
  for (const name of ['L1', 'L2']) {
    const { rows } = await env.pool.query<{ id: number }>(
      'insert into lists (company_id, folder_id, name) values ($1, $2, $3) returning id',
      [companyId, folder.rows[0]!.id, name],
    );
    lists.push(rows[0]!.id);
  }
  contacts = [];
  for (const c of seededContacts(120) as (Omit<PlainContact, 'id'> & { createdAtInstant: string })[]) {
    const f = c.fields;
    const { rows } = await env.pool.query<{ id: number }>(
      `insert into contacts (company_id, email, first_name, last_name, phone_prefix, phone_number, country, language, address, attributes, blocked_at, created_at)
       values ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, case when $11 then now() end, $12) returning id`,
      [
        companyId,
        f.email,
        f.firstName,
        f.lastName,
        f.phonePrefix,
        f.phoneNumber,
        f.country,
        f.language,
        f.address,
        JSON.stringify(c.attributes),
        c.blocked,
        c.createdAtInstant,
      ],
    );
    const id = rows[0]!.id;
    const memberOf = (c.lists as unknown as number[]).map((i) => lists[i]!);
    for (const listId of memberOf)
      await env.pool.query('insert into list_members (company_id, list_id, contact_id) values ($1, $2, $3)', [
        companyId,
        listId,
        id,
      ]);
    contacts.push({ ...c, id, lists: memberOf });
  }
});
afterAll(() => env.close());

const text = fc.constantFrom(...FRAGMENTS, ...WORDS.filter(Boolean));
const leafFor = (
  kind: 'field' | 'attribute',
  target: Record<string, unknown>,
  type: keyof typeof attr,
): fc.Arbitrary<SegmentCondition> => {
  const value =
    type === 'number'
      ? fc.constantFrom(...NUMBERS, 3)
      : type === 'date'
        ? fc.constantFrom(...DATES, '2024-02-28')
        : type === 'boolean'
          ? fc.boolean()
          : type === 'category'
            ? fc.constantFrom(...OPTIONS)
            : text;
  const ops: Record<string, string[]> = {
    text: ['equals', 'notEquals', 'contains', 'startsWith', 'in', 'isEmpty', 'isNotEmpty'],
    number: ['equals', 'notEquals', 'greaterThan', 'lessThan', 'between', 'isEmpty', 'isNotEmpty'],
    date: ['equals', 'before', 'after', 'between', 'isEmpty', 'isNotEmpty'],
    boolean: ['equals', 'isEmpty', 'isNotEmpty'],
    category: ['equals', 'notEquals', 'in', 'isEmpty', 'isNotEmpty'],
  };
  return fc
    .tuple(
      fc.constantFrom(...ops[type]!),
      value,
      value,
      fc.array(value as fc.Arbitrary<string>, { minLength: 1, maxLength: 3 }),
    )
    .map(([operator, v1, v2, many]) => {
      const base = { kind, ...target, operator } as Record<string, unknown>;
      if (operator === 'isEmpty' || operator === 'isNotEmpty') return base as never;
      if (operator === 'between') return { ...base, values: [v1, v2] } as never;
      if (operator === 'in') return { ...base, values: many } as never;
      return { ...base, value: v1 } as never;
    });
};

const leaf: fc.Arbitrary<SegmentCondition> = fc.oneof(
  leafFor('field', { field: 'email' }, 'text'),
  leafFor('field', { field: 'firstName' }, 'text'),
  leafFor('field', { field: 'lastName' }, 'text'),
  leafFor('field', { field: 'country' }, 'text'),
  leafFor('field', { field: 'phoneNumber' }, 'text'),
  leafFor('field', { field: 'phonePrefix' }, 'text'),
  leafFor('field', { field: 'language' }, 'text'),
  leafFor('field', { field: 'address' }, 'text'),
  leafFor('field', { field: 'createdAt' }, 'date'),
  fc
    .constantFrom(...(['text', 'number', 'date', 'boolean', 'category'] as const))
    .chain((t) => leafFor('attribute', { attributeId: attr[t] }, t)),
  fc
    .record({
      kind: fc.constant('list' as const),
      operator: fc.constantFrom('in' as const, 'notIn' as const),
      listId: fc.constantFrom(0, 1),
    })
    .map((c) => ({ ...c, listId: lists[c.listId]! })),
  fc.record({ kind: fc.constant('blocklist' as const), operator: fc.constantFrom('is' as const, 'isNot' as const) }),
);

const tree = fc.letrec<{ group: SegmentGroup; node: SegmentCondition }>((tie) => ({
  group: fc.record({
    kind: fc.constant('group' as const),
    operator: fc.constantFrom('and' as const, 'or' as const),
    conditions: fc.array(tie('node'), { minLength: 1, maxLength: 4 }),
  }),
  node: fc.oneof(
    { depthSize: 'small', maxDepth: 4, depthIdentifier: 'segment', withCrossShrink: true },
    leaf,
    tie('group'),
  ),
})).group;

describe('segment compiler', () => {
  it('selects exactly the contacts the plain evaluator selects', async () => {
    let discriminating = 0;
    await fc.assert(
      fc.asyncProperty(tree, async (conditions) => {
        await validateConditions(env.pool, companyId, conditions, defs);
        const params = new SqlParams([companyId]);
        const where = compileSegment(conditions, { params, attributes: defs });
        const { rows } = await env.pool.query<{ id: number }>(
          `select c.id from contacts c where c.company_id = $1 and ${where} order by c.id`,
          params.values,
        );
        const expected = contacts.filter((c) => matches(conditions, c, types)).map((c) => c.id);
        expect(rows.map((r) => r.id)).toEqual(expected);
        if (expected.length > 0 && expected.length < contacts.length) discriminating += 1;
      }),
      { numRuns: 400, seed: Number(process.env.SEGMENT_SEED ?? 42) },
    );
    // Most trees select some contacts and not others, so agreement is not vacuous.
    expect(discriminating).toBeGreaterThan(150);
  });

  it('keeps every value out of the SQL text', () => {
    const params = new SqlParams([companyId]);
    const sql = compileSegment(
      {
        kind: 'group',
        operator: 'or',
        conditions: [
          { kind: 'field', field: 'email', operator: 'equals', value: "x'); drop table contacts; --" },
          { kind: 'attribute', attributeId: attr.number, operator: 'between', values: [1, 2] },
        ],
      },
      { params, attributes: defs },
    );
    expect(sql).not.toContain('drop table');
    expect(sql).not.toMatch(/'\d+'/);
    expect(params.values).toContain("x'); drop table contacts; --");
  });
});
