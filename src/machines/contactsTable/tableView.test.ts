import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import type { ContactAttribute, ContactList, ContactSort, Segment } from './contacts.types.ts';
import {
  checkView,
  DEFAULT_QUERY,
  DEFAULT_VIEW,
  fallbackQuery,
  parseId,
  parseTableView,
  sameQuery,
  serializeTableView,
  type TableView,
  type ViewOptions,
} from './tableView.ts';

const at = '2025-01-01T10:00:00.000Z';
const list = (id: number): ContactList => ({
  id,
  name: `List ${id}`,
  folderId: 1,
  memberCount: 0,
  createdAt: at,
  updatedAt: at,
});
const segment = (id: number): Segment => ({
  id,
  name: `Segment ${id}`,
  conditions: { kind: 'group', operator: 'and', conditions: [] },
  createdAt: at,
  updatedAt: at,
});
const attribute = (id: number): ContactAttribute => ({
  id,
  name: `Attribute ${id}`,
  type: 'text',
  options: [],
  createdAt: at,
  updatedAt: at,
});
const options: ViewOptions = {
  lists: [list(12)],
  segments: [segment(5)],
  attributes: [attribute(3), attribute(7)],
  listsComplete: true,
};
const view = (patch: Partial<TableView>): TableView => ({ ...DEFAULT_VIEW, ...patch });

describe('parseTableView', () => {
  it('reads search, sort and direction, list and columns', () => {
    expect(parseTableView('?q=ada+lovelace&sort=lastName&dir=asc&list=12&columns=3,7')).toEqual({
      view: { q: 'ada lovelace', sort: 'lastName', listId: 12, segmentId: null, columns: [3, 7] },
      notices: [],
    });
    expect(parseTableView('segment=5&sort=email&dir=desc')).toEqual({
      view: view({ segmentId: 5, sort: '-email' }),
      notices: [],
    });
  });

  it('gives the default view for an empty address and ignores parameters it does not know', () => {
    expect(parseTableView('')).toEqual({ view: DEFAULT_VIEW, notices: [] });
    expect(parseTableView('?utm_source=newsletter&page=3')).toEqual({ view: DEFAULT_VIEW, notices: [] });
  });

  it('completes a sort with only a field (ascending) or only a direction (the default field)', () => {
    expect(parseTableView('sort=firstName').view.sort).toBe('firstName');
    expect(parseTableView('dir=asc').view.sort).toBe('createdAt');
    expect(parseTableView('dir=desc').view.sort).toBe('-createdAt');
  });

  it.each([['sort=phone'], ['sort=-lastName'], ['sort=lastName&dir=up'], ['dir=DESC'], ['sort=']])(
    'falls back to the default sort for %s',
    (search) => {
      expect(parseTableView(search)).toEqual({ view: DEFAULT_VIEW, notices: ['sortInvalid'] });
    },
  );

  it.each([
    ['list=abc'],
    ['list=-3'],
    ['list=0'],
    ['list=1.5'],
    ['list=1e3'],
    ['list='],
    ['list=12345678901234567890'],
  ])('drops a list id that cannot exist: %s', (search) => {
    expect(parseTableView(search)).toEqual({ view: DEFAULT_VIEW, notices: ['listNotFound'] });
  });

  it('drops a segment id that cannot exist', () => {
    expect(parseTableView('segment=five')).toEqual({ view: DEFAULT_VIEW, notices: ['segmentNotFound'] });
  });

  it('keeps the list when both a list and a segment are asked for', () => {
    expect(parseTableView('list=12&segment=5')).toEqual({ view: view({ listId: 12 }), notices: ['filterConflict'] });
  });

  it('still reads the older listId and segmentId names the Lists and Segments pages link with', () => {
    expect(parseTableView('listId=12').view.listId).toBe(12);
    expect(parseTableView('segmentId=5').view.segmentId).toBe(5);
    expect(parseTableView('list=3&listId=12').view.listId).toBe(3);
  });

  it('trims the search and shortens one longer than the API accepts', () => {
    expect(parseTableView('q=%20%20ada%20').view.q).toBe('ada');
    const parsed = parseTableView(`q=${'a'.repeat(150)}`);
    expect(parsed.view.q).toHaveLength(100);
    expect(parsed.notices).toEqual(['searchTooLong']);
  });

  it('keeps the usable column ids, in order and once each', () => {
    expect(parseTableView('columns=7,3,7').view.columns).toEqual([7, 3]);
    expect(parseTableView('columns=7,x,3')).toEqual({ view: view({ columns: [7, 3] }), notices: ['columnsNotFound'] });
    expect(parseTableView('columns=').view.columns).toEqual([]);
  });

  it('reports every problem once, in a stable order', () => {
    expect(parseTableView('sort=phone&list=abc&segment=x&columns=a,b').notices).toEqual([
      'sortInvalid',
      'listNotFound',
      'segmentNotFound',
      'columnsNotFound',
    ]);
  });

  it('never throws, whatever the address', () => {
    fc.assert(
      fc.property(fc.string(), (search) => {
        const { view: parsed } = parseTableView(search);
        expect(parsed.q.length).toBeLessThanOrEqual(100);
        expect(parsed.listId === null || parsed.segmentId === null).toBe(true);
      }),
    );
  });
});

describe('serializeTableView', () => {
  it('writes nothing for the default view', () => {
    expect(serializeTableView(DEFAULT_VIEW)).toBe('');
  });

  it('writes search, sort with direction, filter and columns in a readable form', () => {
    expect(serializeTableView(view({ q: ' ada lovelace ', sort: 'lastName', listId: 12, columns: [3, 7] }))).toBe(
      'q=ada+lovelace&sort=lastName&dir=asc&list=12&columns=3,7',
    );
    expect(serializeTableView(view({ sort: '-email', segmentId: 5 }))).toBe('sort=email&dir=desc&segment=5');
    expect(serializeTableView(view({ sort: 'createdAt' }))).toBe('sort=createdAt&dir=asc');
  });

  it('escapes what the search holds', () => {
    const q = 'a&b=c+d,é?#%';
    expect(parseTableView(serializeTableView(view({ q }))).view.q).toBe(q);
  });

  it('round-trips every view', () => {
    const sorts: ContactSort[] = [
      'createdAt',
      '-createdAt',
      'email',
      '-email',
      'firstName',
      '-firstName',
      'lastName',
      '-lastName',
    ];
    const id = fc.integer({ min: 1, max: Number.MAX_SAFE_INTEGER });
    const arbitraryView = fc.record({
      q: fc.string({ maxLength: 100 }).map((q) => q.trim()),
      sort: fc.constantFrom(...sorts),
      filter: fc.oneof(
        fc.constant({ listId: null, segmentId: null }),
        id.map((listId) => ({ listId, segmentId: null })),
        id.map((segmentId) => ({ listId: null, segmentId })),
      ),
      columns: fc.uniqueArray(id, { maxLength: 5 }),
    });
    fc.assert(
      fc.property(arbitraryView, ({ filter, ...rest }) => {
        const original: TableView = { ...rest, ...filter };
        expect(parseTableView(serializeTableView(original))).toEqual({ view: original, notices: [] });
      }),
    );
  });
});

describe('checkView against the company', () => {
  it('keeps what exists', () => {
    expect(checkView(view({ listId: 12, columns: [7, 3] }), options)).toEqual({
      view: view({ listId: 12, columns: [7, 3] }),
      notices: [],
    });
    expect(checkView(view({ segmentId: 5 }), options).notices).toEqual([]);
  });

  it('drops a list, a segment or columns the company does not have', () => {
    expect(checkView(view({ listId: 99 }), options)).toEqual({ view: DEFAULT_VIEW, notices: ['listNotFound'] });
    expect(checkView(view({ segmentId: 99 }), options)).toEqual({ view: DEFAULT_VIEW, notices: ['segmentNotFound'] });
    expect(checkView(view({ columns: [3, 99] }), options)).toEqual({
      view: view({ columns: [3] }),
      notices: ['columnsNotFound'],
    });
  });

  it('leaves an unknown list to the API when only some of the lists were loaded', () => {
    expect(checkView(view({ listId: 99 }), { ...options, listsComplete: false })).toEqual({
      view: view({ listId: 99 }),
      notices: [],
    });
  });
});

describe('fallbackQuery after the API refused a query', () => {
  const query = { ...DEFAULT_QUERY, q: 'ada', sort: 'lastName' as const };

  it('drops the list or segment it did not find, keeping search and sort', () => {
    expect(fallbackQuery({ ...query, listId: 12 }, 'notFound')).toEqual({ query, notice: 'listNotFound' });
    expect(fallbackQuery({ ...query, segmentId: 5 }, 'notFound')).toEqual({ query, notice: 'segmentNotFound' });
  });

  it('returns to the default view for a value it refused', () => {
    expect(fallbackQuery({ ...query, listId: 12 }, 'invalid')).toEqual({
      query: DEFAULT_QUERY,
      notice: 'viewRejected',
    });
  });

  it('gives up when the default view itself was refused', () => {
    expect(fallbackQuery(DEFAULT_QUERY, 'invalid')).toBeNull();
    expect(fallbackQuery({ ...DEFAULT_QUERY, q: '  ' }, 'notFound')).toBeNull();
  });
});

describe('helpers', () => {
  it('compares queries by their trimmed search', () => {
    expect(sameQuery({ ...DEFAULT_QUERY, q: 'ada ' }, { ...DEFAULT_QUERY, q: 'ada' })).toBe(true);
    expect(sameQuery({ ...DEFAULT_QUERY, listId: 1 }, DEFAULT_QUERY)).toBe(false);
  });

  it('reads only positive safe integer ids', () => {
    expect(parseId('42')).toBe(42);
    expect(parseId('007')).toBe(7);
    expect(parseId(String(Number.MAX_SAFE_INTEGER))).toBe(Number.MAX_SAFE_INTEGER);
    expect([parseId(null), parseId(''), parseId(' 1'), parseId('0x10'), parseId('9'.repeat(16))]).toEqual([
      null,
      null,
      null,
      null,
      null,
    ]);
  });
});
