import { createActor, fromPromise, waitFor } from 'xstate';
import { describe, expect, it } from 'vitest';
import { pagedListMachine, type PageInput, type PageOutput } from './pagedList.machine.ts';

function start(fail = false) {
  const asked: PageInput[] = [];
  const actor = createActor(
    pagedListMachine.provide({
      actors: {
        readPage: fromPromise<PageOutput<unknown>, PageInput>(async ({ input }) => {
          asked.push(input);
          if (fail) throw new Error('down');
          const page = input.position.page;
          return {
            rows: [{ id: page }],
            pagination: { page, perPage: 1, total: 3, pages: 3, nextCursor: page < 3 ? `c${page}` : null },
          };
        }),
      },
    }),
    { input: { query: { status: 'sent' } } },
  );
  actor.start();
  return { actor, asked };
}

describe('pagedList', () => {
  it('reads the first page, a new query from page 1, a page number, and the next page by cursor', async () => {
    const { actor, asked } = start();
    await waitFor(actor, (s) => s.matches('ready'));
    actor.send({ type: 'list.page', page: 2 });
    await waitFor(actor, (s) => s.matches('ready'));
    actor.send({ type: 'list.next' });
    await waitFor(actor, (s) => s.matches('ready'));
    expect(actor.getSnapshot().can({ type: 'list.next' })).toBe(false);
    actor.send({ type: 'list.query', query: { status: 'draft' } });
    await waitFor(actor, (s) => s.matches('ready'));
    expect(asked).toEqual([
      { query: { status: 'sent' }, position: { page: 1, cursor: null } },
      { query: { status: 'sent' }, position: { page: 2, cursor: null } },
      { query: { status: 'sent' }, position: { page: 3, cursor: 'c2' } },
      { query: { status: 'draft' }, position: { page: 1, cursor: null } },
    ]);
  });

  it('keeps the rows while a live refresh reads, and says when a read fails', async () => {
    const { actor } = start();
    await waitFor(actor, (s) => s.matches('ready'));
    actor.send({ type: 'list.refresh' });
    expect(actor.getSnapshot().matches('refreshing')).toBe(true);
    expect(actor.getSnapshot().context.rows).toHaveLength(1);
    const failing = start(true);
    await waitFor(failing.actor, (s) => s.matches('failed'));
    expect(failing.actor.getSnapshot().hasTag('error')).toBe(true);
  });
});
