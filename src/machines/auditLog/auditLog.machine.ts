import { assign, setup } from 'xstate';
import { exportAuditLog, loadAuditPage } from './auditLog.actors.ts';
import type { AuditFilters, AuditLogContext, AuditLogEvent, AuditPage } from './auditLog.types.ts';

export type * from './auditLog.types.ts';

export const NO_AUDIT_FILTERS: AuditFilters = { event: null, userId: null, from: null, to: null };

/**
 * Account → Team → Audit log. `loading` reads a page of the filtered entries (→ `ready`, or `failed` with a retry);
 * new filters start at page 1, a page number reads that page. `exporting` saves every entry the filters select as a
 * CSV file and returns to `ready` (with `exportFailed` when it fails).
 */
export const auditLogMachine = setup({
  types: { context: {} as AuditLogContext, events: {} as AuditLogEvent },
  actors: { loadAuditPage, exportAuditLog },
  actions: {
    assignFilters: assign((_, filters: AuditFilters) => ({ filters, page: 1, error: null })),
    assignPage: assign((_, page: number) => ({ page, error: null })),
    assignEntries: assign((_, page: AuditPage) => ({ ...page, error: null })),
    fail: assign((_, error: AuditLogContext['error']) => ({ error })),
    clear: assign({ error: null }),
  },
}).createMachine({
  id: 'auditLog',
  context: { filters: NO_AUDIT_FILTERS, page: 1, entries: [], pagination: null, members: [], error: null },
  initial: 'loading',
  states: {
    loading: {
      tags: ['busy'],
      invoke: {
        id: 'loadAuditPage',
        src: 'loadAuditPage',
        input: ({ context }) => ({ filters: context.filters, page: context.page }),
        onDone: { target: 'ready', actions: { type: 'assignEntries', params: ({ event }) => event.output } },
        onError: { target: 'failed', actions: { type: 'fail', params: 'loadFailed' } },
      },
    },
    failed: { tags: ['error'], on: { 'audit.retry': { target: 'loading', actions: 'clear' } } },
    ready: {
      on: {
        'audit.filter': { target: 'loading', actions: { type: 'assignFilters', params: ({ event }) => event.filters } },
        'audit.page': { target: 'loading', actions: { type: 'assignPage', params: ({ event }) => event.page } },
        'audit.export': { target: 'exporting', actions: 'clear' },
      },
    },
    exporting: {
      tags: ['busy'],
      invoke: {
        id: 'exportAuditLog',
        src: 'exportAuditLog',
        input: ({ context }) => ({ filters: context.filters }),
        onDone: 'ready',
        onError: { target: 'ready', actions: { type: 'fail', params: 'exportFailed' } },
      },
    },
  },
});
