import { useEffect, useRef } from 'react';
import { useLocation, useNavigate, useNavigationType } from 'react-router';
import type { ActorRefFrom } from 'xstate';
import type { contactsTableMachine } from '../../machines/contactsTable/contactsTable.machine.ts';
import { parseTableView, serializeTableView } from '../../machines/contactsTable/tableView.ts';

/** Marks the history entries this hook writes, so their location changes are not fed back to the machine. */
const WRITTEN = { contactsTable: true } as const;
const isWritten = (state: unknown) => typeof state === 'object' && state !== null && 'contactsTable' in state;

/**
 * Binds the contacts table machine to the address bar. The machine decides: it emits `view.changed` with `push` or
 * `replace`, and this writes it; every other location change of this page (Back, Forward, a link, a typed address)
 * is parsed and sent as `url.changed`. Entries this hook wrote come back only through Back/Forward (`POP`).
 */
export function useTableAddress(actor: ActorRefFrom<typeof contactsTableMachine>): void {
  const navigate = useNavigate();
  const location = useLocation();
  const navigationType = useNavigationType();
  const seen = useRef(location.key);

  useEffect(() => {
    const subscription = actor.on('view.changed', ({ view, history }) => {
      const search = serializeTableView(view);
      void navigate(
        { search: search ? `?${search}` : '' },
        { replace: history === 'replace', state: WRITTEN, preventScrollReset: true },
      );
    });
    return () => subscription.unsubscribe();
  }, [actor, navigate]);

  useEffect(() => {
    // The location the machine started from is its input.
    if (location.key === seen.current) return;
    seen.current = location.key;
    if (navigationType !== 'POP' && isWritten(location.state)) return;
    actor.send({ type: 'url.changed', ...parseTableView(location.search) });
  }, [actor, location, navigationType]);
}
