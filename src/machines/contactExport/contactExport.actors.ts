import { fromCallback, fromPromise } from 'xstate';
import { jobKeys } from '../../../shared/jobs.ts';
import { api } from '../../api/appClient.ts';
import { unwrap } from '../../api/client.ts';
import { appEvents } from '../../app/appEvents.ts';
import type { ContactExport, ContactSelection } from '../contactsTable/contacts.types.ts';
import type { ContactExportEvent } from './contactExport.types.ts';

/** How often the running export is read (the machine's `exportPoll` delay), in case a realtime event was missed. */
export const EXPORT_POLL_MS = 2_000;

export const startExport = fromPromise<ContactExport, { selection: ContactSelection }>(async ({ input }) => {
  return unwrap(await api.POST('/contact-exports', { body: { selection: input.selection } }));
});

/** The export as the server has it now: a failed read is thrown, and the machine counts it. */
export const readExport = fromPromise<ContactExport, { exportId: number }>(async ({ input }) =>
  unwrap(await api.GET('/contact-exports/{exportId}', { params: { path: { exportId: input.exportId } } })),
);

/**
 * Realtime news of a running export: `job.progressed` while it runs becomes `export.progressed`; its end becomes
 * `export.ended`, on which the machine reads the export's result.
 */
export const watchExport = fromCallback<ContactExportEvent, { exportId: number }>(({ input, sendBack }) =>
  appEvents.subscribe((event) => {
    if (event.type !== 'job.progressed' || event.job.jobId !== jobKeys.contactExport(input.exportId)) return;
    if (event.job.status === 'running')
      sendBack({ type: 'export.progressed', done: event.job.processed, total: event.job.total });
    else sendBack({ type: 'export.ended' });
  }),
);
