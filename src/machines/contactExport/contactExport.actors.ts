import { fromCallback, fromPromise } from 'xstate';
import { jobKeys } from '../../../shared/jobs.ts';
import { api } from '../../api/appClient.ts';
import { unwrap } from '../../api/client.ts';
import { appEvents } from '../../app/appEvents.ts';
import type { ContactExport, ContactSelection } from '../contactsTable/contacts.types.ts';
import type { ContactExportEvent } from './contactExport.types.ts';

export const EXPORT_POLL_MS = 2_000;

export const startExport = fromPromise<ContactExport, { selection: ContactSelection }>(async ({ input }) => {
  return unwrap(await api.POST('/contact-exports', { body: { selection: input.selection } }));
});

/** Follows an export: `job.progressed` over realtime plus a read every EXPORT_POLL_MS; completes once. */
export const watchExport = fromCallback<ContactExportEvent, { exportId: number }>(({ input, sendBack }) => {
  let completed = false;
  const read = async () => {
    const { data } = await api.GET('/contact-exports/{exportId}', { params: { path: { exportId: input.exportId } } });
    if (!data || completed) return;
    if (data.status === 'finished' || data.status === 'failed') {
      completed = true;
      sendBack({ type: 'export.completed', result: data });
    } else sendBack({ type: 'export.progressed', done: data.rowsDone, total: data.rowsTotal });
  };
  const unsubscribe = appEvents.subscribe((event) => {
    if (event.type !== 'job.progressed' || event.job.jobId !== jobKeys.contactExport(input.exportId) || completed)
      return;
    if (event.job.status === 'running')
      sendBack({ type: 'export.progressed', done: event.job.processed, total: event.job.total });
    else void read().catch(() => undefined); // a failed read is tried again at the next tick
  });
  const timer = setInterval(() => void read().catch(() => undefined), EXPORT_POLL_MS);
  return () => {
    completed = true;
    clearInterval(timer);
    unsubscribe();
  };
});
