import assert from 'node:assert/strict';
import { transition, type AnyMachineSnapshot, type OutputFrom, type SnapshotFrom } from 'xstate';
import type * as contactsTableActors from '../../src/machines/contactsTable/contactsTable.actors.ts';
import {
  contactsTableMachine,
  viewOf,
  type ContactsTableEmitted,
  type ContactsTableEvent,
  type ContactsTableInput,
  type PageOutcome,
  type TableOptions,
} from '../../src/machines/contactsTable/contactsTable.machine.ts';
import type {
  Contact,
  ContactAttribute,
  ContactList,
  Segment,
} from '../../src/machines/contactsTable/contacts.types.ts';
import {
  checkView,
  DEFAULT_QUERY,
  parseTableView,
  sameColumns,
  sameQuery,
  type QueryRejection,
} from '../../src/machines/contactsTable/tableView.ts';
import { storedContact } from './contactForm.model.ts';
import { after, done, failed, type Invariant, type MachineModel, type ModelEvent, type Via } from './graph.ts';

const at = '2025-01-01T10:00:00.000Z';
const contact = (id: number, lastName: string): Contact => ({
  ...storedContact,
  id,
  email: `${lastName.toLowerCase()}@example.com`,
  firstName: null,
  lastName,
  country: null,
  language: null,
});
const list: ContactList = { id: 12, name: 'Customers', folderId: 1, memberCount: 3, createdAt: at, updatedAt: at };
const segment: Segment = {
  id: 5,
  name: 'Italians',
  conditions: { kind: 'group', operator: 'and', conditions: [] },
  createdAt: at,
  updatedAt: at,
};
const attribute = (id: number, name: string): ContactAttribute => ({
  id,
  name,
  type: 'text',
  options: [],
  createdAt: at,
  updatedAt: at,
});

/** What the address of the page may ask for (`parseTableView` of it). */
export const contactsTableInputs = {
  plain: parseTableView(''),
  // A link shared from another company: its list is not ours and one of its columns does not exist here.
  link: parseTableView('?list=77&sort=lastName&dir=asc&columns=3,99'),
} satisfies Record<string, ContactsTableInput>;

export const contactsTableEventFixtures = {
  'table.retry': [{ type: 'table.retry' }],
  'query.search': [{ type: 'query.search', q: 'ada' }],
  'query.sort': [{ type: 'query.sort', sort: 'lastName' }],
  'query.filter': [
    { type: 'query.filter', listId: 12, segmentId: null },
    { type: 'query.filter', listId: null, segmentId: null },
  ],
  'rows.more': [{ type: 'rows.more' }],
  'columns.change': [{ type: 'columns.change', attributeIds: [7, 3, 7] }],
  'selection.toggle': [{ type: 'selection.toggle', id: 1 }],
  'selection.loaded': [{ type: 'selection.loaded' }],
  'selection.all': [{ type: 'selection.all' }],
  'selection.clear': [{ type: 'selection.clear' }],
  'bulk.request': [
    { type: 'bulk.request', action: 'block' },
    { type: 'bulk.request', action: 'addToList' },
    { type: 'bulk.request', action: 'delete' },
    { type: 'bulk.request', action: 'export' },
    { type: 'bulk.request', action: 'enrolInWorkflow' },
    { type: 'bulk.request', action: 'enrolInWorkflow', workflowId: 12 },
  ],
  'bulk.confirm': [{ type: 'bulk.confirm' }],
  'bulk.cancel': [{ type: 'bulk.cancel' }],
  'contacts.changed': [{ type: 'contacts.changed' }],
  // Back, Forward or a link: our list sorted by last name with a column we do not have; the plain address.
  'url.changed': [
    { type: 'url.changed', ...parseTableView('?list=12&sort=lastName&dir=asc&columns=7,99') },
    { type: 'url.changed', ...parseTableView('') },
  ],
  'notice.dismiss': [{ type: 'notice.dismiss' }],
} satisfies { [K in ContactsTableEvent['type']]: Array<Extract<ContactsTableEvent, { type: K }>> };

const rejected = {
  notFound: { kind: 'rejected', reason: 'notFound' },
  invalid: { kind: 'rejected', reason: 'invalid' },
} satisfies { [R in QueryRejection]: Extract<PageOutcome, { kind: 'rejected' }> & { reason: R } };

export const contactsTableOutputFixtures = {
  loadTableOptions: {
    loaded: {
      lists: [list],
      workflows: [{ id: 12, name: 'Welcome series' }],
      segments: [segment],
      attributes: [attribute(3, 'Plan'), attribute(7, 'City')],
      listsComplete: true,
    } satisfies TableOptions,
  },
  loadPage: {
    ...({
      loaded: { kind: 'loaded', rows: [contact(1, 'Hopper'), contact(2, 'Lovelace')], total: 3, page: 1 },
      rejected: rejected.notFound,
    } satisfies { [K in PageOutcome['kind']]: Extract<PageOutcome, { kind: K }> }),
    lastPage: { kind: 'loaded', rows: [contact(3, 'Turing')], total: 3, page: 2 },
    invalid: rejected.invalid,
  },
  applyBulk: { applied: 2 },
} satisfies {
  [K in keyof typeof contactsTableActors as K extends 'PAGE_SIZE' ? never : K]: Record<
    string,
    OutputFrom<(typeof contactsTableActors)[K]>
  >;
};

const o = contactsTableOutputFixtures;
const e = contactsTableEventFixtures;
const debounce = after('SEARCH_DEBOUNCE', 'contactsTable.browsing.searching');
const optionsLoaded = done('loadTableOptions', o.loadTableOptions.loaded, 'loaded');
const firstPage = done('loadPage', o.loadPage.loaded, 'page 1 of 2');

// ── invariants ───────────────────────────────────────────────────────────────────────────────────────────────────
type Snapshot = SnapshotFrom<typeof contactsTableMachine>;
const state = (check: (s: Snapshot, via: Via) => void): Invariant => check as Invariant;
const eventOf = <T extends ContactsTableEvent['type']>(via: Via, type: T) =>
  via?.event.type === type ? (via.event as unknown as Extract<ContactsTableEvent, { type: T }>) : null;
const outputOf = (via: Via, actor: string) =>
  via?.event.type === `xstate.done.actor.${actor}` ? (via.event as unknown as { output: unknown }).output : undefined;
const hasSelection = (s: Snapshot) => s.context.allMatching || s.context.selectedIds.length > 0;
const hasMore = (s: Snapshot) => s.context.total === null || s.context.rows.length < s.context.total;

/** The address writes a step asks for: the `view.changed` events of its transition. */
function written(via: Via): ContactsTableEmitted[] {
  if (!via) return [];
  const [, actions] = transition(contactsTableMachine, via.from as Snapshot, via.event as never);
  return (actions as Array<{ type: string; params?: unknown }>)
    .filter((a) => a.type === 'xstate.emit')
    .map((a) => (a.params as { event: ContactsTableEmitted }).event);
}

/** How the step must be recorded in the address: push, replace, or not at all. */
function expectedWrite(s: Snapshot, via: Via): 'push' | 'replace' | null {
  if (!via) return null;
  const from = via.from as Snapshot;
  const type = via.event.type;
  if ((type === 'query.sort' || type === 'query.filter') && from.matches('browsing')) return 'push';
  if (type === 'columns.change' && from.matches('browsing')) return 'replace';
  // Typed while the options load: the address follows at once (no page is loading yet to debounce against).
  if (type === 'query.search' && from.matches('loadingOptions')) return 'replace';
  if (type === debounce.type) return 'replace';
  // Corrections: the address asked for something the machine had to change.
  if (type === 'url.changed' && !from.matches('loadingOptions') && !from.matches('loadFailed'))
    return s.context.notices.length ? 'replace' : null;
  if (type === 'xstate.done.actor.loadTableOptions') return s.context.notices.length ? 'replace' : null;
  if (
    type === 'xstate.done.actor.loadPage' &&
    from.matches({ browsing: 'loading' }) &&
    s.matches({ browsing: 'loading' })
  )
    return 'replace';
  return null;
}

const invariants: Record<string, Invariant> = {
  contactsTable: state((s, via) => {
    const busy = s.matches('loadingOptions') || s.matches({ browsing: 'loading' }) || s.matches('applyingBulk');
    assert.equal(s.hasTag('busy'), busy, 'busy exactly while options, a first page or a bulk action load');
    assert.equal(s.hasTag('error'), s.matches('loadFailed'));
    assert.ok(s.context.query.listId === null || s.context.query.segmentId === null, 'one filter at a time');
    assert.ok(
      !s.context.allMatching || s.context.selectedIds.length === 0,
      'all matching travels as a filter, not ids',
    );
    assert.equal(new Set(s.context.notices).size, s.context.notices.length, 'each notice once');
    assert.equal(
      s.context.bulk !== null,
      s.matches('confirmingBulk') || s.matches('applyingBulk'),
      'a bulk request only while confirmed or applied',
    );
    // The address: written exactly as the step asks, with the view the machine now shows.
    const writes = written(via);
    const expected = expectedWrite(s, via);
    assert.deepEqual(
      writes.map((w) => w.history),
      expected ? [expected] : [],
      `address write after ${via?.event.type}`,
    );
    for (const w of writes) assert.deepEqual(w.view, viewOf(s.context), 'the address gets the view shown');
    // A location change the machine did not write: it shows that view (as far as the company has it).
    const url = eventOf(via, 'url.changed');
    if (url) {
      const expectedView = s.matches('loadingOptions') ? url.view : checkView(url.view, s.context).view;
      assert.ok(
        sameQuery(s.context.query, expectedView) && sameColumns(s.context.columns, expectedView.columns),
        'takes the view of the address',
      );
      if (!sameQuery(via!.from.context.query, s.context.query) && !s.matches('loadingOptions')) {
        assert.ok(s.matches({ browsing: 'loading' }), 'other rows are loaded');
        assert.ok(!hasSelection(s), 'a selection does not follow to other rows');
      }
    }
  }),
  'contactsTable.loadingOptions': state((s, via) => {
    const search = eventOf(via, 'query.search');
    if (search) assert.equal(s.context.query.q, search.q, 'what is typed before the options are in is kept');
    assert.ok(
      s.context.error === null || s.context.error === 'optionsFailed' || s.context.error === 'loadFailed',
      'only a load error before a retry',
    );
    assert.ok(!s.can(e['query.sort'][0]!) && !s.can(e['bulk.request'][0]!), 'nothing to query before the options');
  }),
  'contactsTable.loadFailed': state((s) => {
    assert.ok(s.context.error === 'optionsFailed' || s.context.error === 'loadFailed');
    assert.ok(s.can(e['table.retry'][0]!));
  }),
  'contactsTable.browsing': state((s, via) => {
    assert.ok(s.context.error !== 'optionsFailed', 'the options are loaded');
    assert.ok(
      s.can(e['query.sort'][0]!) && s.can(e['query.search'][0]!) && s.can(e['query.filter'][0]!),
      'the query can change while browsing',
    );
    const options = outputOf(via, 'loadTableOptions') as TableOptions | undefined;
    if (options) {
      const checked = checkView(viewOf(via!.from.context), options);
      assert.deepEqual(viewOf(s.context), checked.view, 'the address view checked against the company');
      for (const notice of checked.notices) assert.ok(s.context.notices.includes(notice), `notice ${notice}`);
    }
    const filter = eventOf(via, 'query.filter');
    if (filter) {
      assert.equal(s.context.query.listId, filter.listId);
      assert.ok(!hasSelection(s), 'a selection does not follow to other rows');
    }
    if (filter || eventOf(via, 'query.sort') || eventOf(via, 'query.search'))
      assert.deepEqual(s.context.notices, [], 'a new query clears the notices');
  }),
  'contactsTable.browsing.loading': state((s, via) => {
    const sort = eventOf(via, 'query.sort');
    if (sort) assert.equal(s.context.query.sort, sort.sort);
    const refused = outputOf(via, 'loadPage') as PageOutcome | undefined;
    if (refused) {
      assert.equal(refused.kind, 'rejected', 'only a refusal loads again');
      assert.ok(s.context.notices.length > 0, 'the fallback is explained');
      assert.ok(!sameQuery(s.context.query, via!.from.context.query), 'a refused query is not asked again');
    }
  }),
  'contactsTable.browsing.searching': state((s, via) => {
    const search = eventOf(via, 'query.search');
    if (search) assert.equal(s.context.query.q, search.q, 'the search box shows what was typed');
    assert.deepEqual(
      s.context.selectedIds,
      via?.from.context.selectedIds ?? [],
      'typing keeps the selection until the rows change',
    );
  }),
  'contactsTable.browsing.ready': state((s, via) => {
    assert.equal(s.can(e['rows.more'][0]!), hasMore(s), 'more rows exactly while the total is not loaded');
    const page = outputOf(via, 'loadPage') as PageOutcome | undefined;
    if (page?.kind === 'loaded' && via!.from.matches({ browsing: 'loading' }))
      assert.deepEqual(s.context.rows, page.rows, 'the first page replaces the rows');
    if (page?.kind === 'rejected') assert.equal(s.context.error, 'loadFailed', 'a refused next page is reported');
    const bulk = eventOf(via, 'bulk.request');
    if (bulk && !hasSelection(s))
      assert.ok(['nothingSelected', 'listRequired', 'workflowRequired'].includes(s.context.error ?? ''));
    if (bulk?.action === 'enrolInWorkflow' && !bulk.workflowId)
      assert.equal(s.context.error, 'workflowRequired', 'enrolment names its workflow first');
  }),
  'contactsTable.browsing.loadingMore': state((s) => {
    assert.ok(s.hasTag('loadingMore'));
    assert.ok(hasMore(s), 'asks only for rows that exist');
  }),
  'contactsTable.confirmingBulk': state((s) => {
    assert.equal(s.context.bulk?.action, 'delete', 'only delete asks first');
    assert.ok(hasSelection(s));
  }),
  'contactsTable.applyingBulk': state((s) => {
    assert.ok(s.context.bulk && s.context.bulk.action !== 'export', 'export is not a bulk call');
    assert.ok(hasSelection(s), 'applied to a selection');
  }),
};

export const contactsTableModel: MachineModel<ContactsTableInput> = {
  name: 'contactsTable',
  machine: contactsTableMachine,
  inputs: contactsTableInputs,
  events: [
    ...Object.values(e).flat(),
    debounce,
    optionsLoaded,
    failed('loadTableOptions'),
    firstPage,
    done('loadPage', o.loadPage.rejected, 'notFound'),
    done('loadPage', o.loadPage.invalid, 'invalid'),
    failed('loadPage'),
    done('applyBulk', o.applyBulk.applied, 'applied'),
    failed('applyBulk'),
  ] as ModelEvent[],
  transient: ['contactsTable.routingBulk'],
  serializeState: (s: AnyMachineSnapshot) => {
    // What the guards read: a query other than the default (fallback or not, other rows or not) and a selection.
    const c = (s as Snapshot).context;
    return JSON.stringify({
      value: s.value,
      custom: !sameQuery(c.query, DEFAULT_QUERY),
      selected: hasSelection(s as Snapshot),
    });
  },
  invariants,
  journeys: [
    {
      name: 'select the loaded rows, then all matching; typing restarts the debounce and the address is replaced once',
      input: 'plain',
      events: [
        optionsLoaded,
        firstPage,
        e['selection.loaded'][0]!,
        e['selection.all'][0]!,
        e['query.search'][0]!,
        e['query.search'][0]!,
        debounce,
        firstPage,
      ] as ModelEvent[],
    },
    {
      name: 'a shared link, Back to the plain address, Forward again, then other columns',
      input: 'link',
      events: [
        optionsLoaded,
        firstPage,
        e['url.changed'][1]!,
        firstPage,
        e['url.changed'][0]!,
        firstPage,
        e['columns.change'][0]!,
      ] as ModelEvent[],
    },
    {
      name: 'the same address again changes nothing; a list the API does not find falls back and is explained; dismissed',
      input: 'plain',
      events: [
        optionsLoaded,
        firstPage,
        e['url.changed'][1]!,
        e['query.filter'][0]!,
        done('loadPage', o.loadPage.rejected, 'notFound'),
        firstPage,
        e['notice.dismiss'][0]!,
      ] as ModelEvent[],
    },
    {
      name: 'bulk actions ask for a selection, then for a list or a workflow; cleared; a refused next page is reported',
      input: 'plain',
      events: [
        optionsLoaded,
        firstPage,
        e['bulk.request'][0]!,
        e['selection.toggle'][0]!,
        e['bulk.request'][1]!,
        e['bulk.request'][4]!,
        e['selection.clear'][0]!,
        e['rows.more'][0]!,
        done('loadPage', o.loadPage.rejected, 'notFound'),
      ] as ModelEvent[],
    },
  ],
};
