import { describe, expect, it } from 'vitest';
import { createActor, fromPromise, waitFor } from 'xstate';
import { describeModel } from '../../../tests/model/describeModel.ts';
import {
  contactsTableEventFixtures as e,
  contactsTableModel,
  contactsTableOutputFixtures as o,
} from '../../../tests/model/contactsTable.model.ts';
import {
  contactsTableMachine,
  type ContactsTableEmitted,
  type ContactsTableInput,
  type PageOutcome,
  type TableOptions,
} from './contactsTable.machine.ts';
import { parseTableView, type ContactQuery } from './tableView.ts';

describeModel(contactsTableModel);

/** A running table whose page loads answer from `answer` (by query) and whose address writes are recorded. */
function start(input: ContactsTableInput, answer: (query: ContactQuery) => PageOutcome = () => o.loadPage.loaded) {
  const queries: ContactQuery[] = [];
  const writes: ContactsTableEmitted[] = [];
  const actor = createActor(
    contactsTableMachine.provide({
      delays: { SEARCH_DEBOUNCE: 20 },
      actors: {
        loadTableOptions: fromPromise<TableOptions>(async () => o.loadTableOptions.loaded),
        loadPage: fromPromise<PageOutcome, { query: ContactQuery; page: number }>(async ({ input: { query } }) => {
          queries.push(query);
          return answer(query);
        }),
      },
    }),
    { input },
  );
  actor.on('view.changed', (event) => writes.push(event));
  actor.start();
  const settled = () => waitFor(actor, (s) => s.matches({ browsing: 'ready' }) || s.matches('loadFailed'));
  return { actor, queries, writes, settled };
}

describe('contacts table machine and the address', () => {
  it('starts from the address, checks it against the company and corrects the address in place', async () => {
    const { actor, queries, writes, settled } = start(parseTableView('?list=12&sort=lastName&dir=asc&columns=3,99'));
    await settled();
    expect(queries).toEqual([{ q: '', sort: 'lastName', listId: 12, segmentId: null }]);
    expect(actor.getSnapshot().context.columns).toEqual([3]);
    expect(actor.getSnapshot().context.notices).toEqual(['columnsNotFound']);
    expect(writes).toEqual([
      {
        type: 'view.changed',
        history: 'replace',
        view: { q: '', sort: 'lastName', listId: 12, segmentId: null, columns: [3] },
      },
    ]);
  });

  it('does not write an address it was started from when nothing had to change', async () => {
    const { writes, settled } = start(parseTableView('?segmentId=5'));
    await settled();
    expect(writes).toEqual([]);
  });

  it('never asks the API for a list the company does not have', async () => {
    const { actor, queries, writes, settled } = start(parseTableView('?sort=phone&list=77'));
    await settled();
    expect(queries).toEqual([{ q: '', sort: '-createdAt', listId: null, segmentId: null }]);
    expect(actor.getSnapshot().context.notices).toEqual(['sortInvalid', 'listNotFound']);
    expect(writes.map((w) => w.history)).toEqual(['replace']);
  });

  it('pushes sort and filter changes, replaces a settled search and column changes', async () => {
    const { actor, queries, writes, settled } = start(parseTableView(''));
    await settled();
    actor.send(e['query.filter'][0]!);
    actor.send(e['query.sort'][0]!);
    await settled();
    actor.send({ type: 'query.search', q: 'a' });
    actor.send({ type: 'query.search', q: 'ad' });
    actor.send({ type: 'query.search', q: 'ada ' });
    expect(actor.getSnapshot().context.query.q).toBe('ada ');
    await waitFor(actor, (s) => s.matches({ browsing: 'loading' }));
    await settled();
    actor.send(e['columns.change'][0]!);
    expect(writes.map((w) => [w.history, w.view])).toEqual([
      ['push', { q: '', sort: '-createdAt', listId: 12, segmentId: null, columns: [] }],
      ['push', { q: '', sort: 'lastName', listId: 12, segmentId: null, columns: [] }],
      ['replace', { q: 'ada', sort: 'lastName', listId: 12, segmentId: null, columns: [] }],
      ['replace', { q: 'ada', sort: 'lastName', listId: 12, segmentId: null, columns: [7, 3] }],
    ]);
    expect(queries.at(-1)).toEqual({ q: 'ada ', sort: 'lastName', listId: 12, segmentId: null });
    expect(queries).toHaveLength(4);
  });

  it('does not lose a search typed while the options load: the first page is searched and the address says so', async () => {
    const { actor, queries, writes, settled } = start(parseTableView(''));
    expect(actor.getSnapshot().matches('loadingOptions')).toBe(true);
    actor.send(e['query.search'][0]!);
    await settled();
    expect(actor.getSnapshot().context.query.q).toBe('ada');
    expect(queries).toEqual([{ q: 'ada', sort: '-createdAt', listId: null, segmentId: null }]);
    expect(writes).toEqual([
      {
        type: 'view.changed',
        history: 'replace',
        view: { q: 'ada', sort: '-createdAt', listId: null, segmentId: null, columns: [] },
      },
    ]);
  });

  it('does not lose a search typed while a page loads', async () => {
    const { actor, settled } = start(parseTableView(''));
    await waitFor(actor, (s) => s.matches({ browsing: 'loading' }));
    actor.send(e['query.search'][0]!);
    expect(actor.getSnapshot().matches({ browsing: 'searching' })).toBe(true);
    await settled();
    expect(actor.getSnapshot().context.query.q).toBe('ada');
  });

  it('follows Back and Forward without writing the address, and reloads only for other rows', async () => {
    const { actor, queries, writes, settled } = start(parseTableView('?list=12&sort=lastName&dir=asc'));
    await settled();
    actor.send(e['selection.toggle'][0]!);
    actor.send({ type: 'url.changed', ...parseTableView('?list=12&sort=lastName&dir=asc&columns=7') });
    expect(actor.getSnapshot().matches({ browsing: 'ready' })).toBe(true);
    expect(actor.getSnapshot().context.columns).toEqual([7]);
    expect(actor.getSnapshot().context.selectedIds).toEqual([1]);
    actor.send(e['url.changed'][1]!);
    await settled();
    expect(queries.at(-1)).toEqual({ q: '', sort: '-createdAt', listId: null, segmentId: null });
    expect(actor.getSnapshot().context.selectedIds).toEqual([]);
    expect(writes).toEqual([]);
  });

  it('falls back when the API does not find the list, explains it and replaces the address', async () => {
    const { actor, queries, writes, settled } = start(parseTableView('?q=ada&list=12'), (query) =>
      query.listId ? o.loadPage.rejected : o.loadPage.loaded,
    );
    await settled();
    expect(queries).toEqual([
      { q: 'ada', sort: '-createdAt', listId: 12, segmentId: null },
      { q: 'ada', sort: '-createdAt', listId: null, segmentId: null },
    ]);
    expect(actor.getSnapshot().context.notices).toEqual(['listNotFound']);
    expect(writes).toEqual([
      {
        type: 'view.changed',
        history: 'replace',
        view: { q: 'ada', sort: '-createdAt', listId: null, segmentId: null, columns: [] },
      },
    ]);
    actor.send(e['notice.dismiss'][0]!);
    expect(actor.getSnapshot().context.notices).toEqual([]);
  });

  it('returns to the default view when the API refuses the query, and fails when it refuses even that', async () => {
    const fallback = start(parseTableView('?q=ada&sort=email&dir=desc'), (query) =>
      query.q ? o.loadPage.invalid : o.loadPage.loaded,
    );
    await fallback.settled();
    expect(fallback.queries.at(-1)).toEqual({ q: '', sort: '-createdAt', listId: null, segmentId: null });
    expect(fallback.actor.getSnapshot().context.notices).toEqual(['viewRejected']);

    const refused = start(parseTableView(''), () => o.loadPage.invalid);
    await refused.settled();
    expect(refused.actor.getSnapshot().matches('loadFailed')).toBe(true);
    expect(refused.actor.getSnapshot().context.error).toBe('loadFailed');
  });
});
