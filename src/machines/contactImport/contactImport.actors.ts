import { fromCallback, fromPromise } from 'xstate';
import { api } from '../../api/appClient.ts';
import { ApiError, errorCode, firstFieldErrors } from '../../api/client.ts';
import { appEvents } from '../../app/appEvents.ts';
import type { ContactImport, ImportColumnTarget, ImportLimits } from '../contactsTable/contacts.types.ts';
import type {
  ContactImportEvent,
  DeleteOutcome,
  ImportOptions,
  StartOutcome,
  UploadOutcome,
} from './contactImport.machine.ts';

/** How often the running import is read, in case a realtime event was missed (no socket, reconnecting). */
export const IMPORT_POLL_MS = 2_000;

export const loadImportOptions = fromPromise<ImportOptions>(async () => {
  const [lists, attributes] = await Promise.all([api.GET('/contact-lists', { params: { query: { perPage: 500 } } }), api.GET('/contact-attributes')]);
  if (!lists.data) throw new ApiError(lists.response.status, errorCode(lists.error));
  if (!attributes.data) throw new ApiError(attributes.response.status, errorCode(attributes.error));
  return { lists: lists.data, attributes: attributes.data };
});

/** The server's upload limits, read before a file is chosen so a file too large is refused without sending it. */
export const loadImportLimits = fromPromise<ImportLimits>(async () => {
  const { data, error, response } = await api.GET('/contact-imports/limits');
  if (!data) throw new ApiError(response.status, errorCode(error));
  return data;
});

export const uploadFile = fromPromise<UploadOutcome, { file: File }>(async ({ input }) => {
  const { data, error, response } = await api.POST('/contact-imports', {
    body: { file: input.file.name },
    bodySerializer: () => {
      const form = new FormData();
      form.append('file', input.file, input.file.name);
      return form;
    },
  });
  if (data) return { kind: 'uploaded', upload: data };
  if (response.status === 413) return { kind: 'rejected', reason: 'tooLarge' };
  if (response.status === 415 || response.status === 422) return { kind: 'rejected', reason: 'uploadFailed' };
  throw new ApiError(response.status, errorCode(error));
});

export interface StartInput {
  importId: number;
  mapping: ImportColumnTarget[];
  listIds: number[];
  updateExisting: boolean;
  blocklist: boolean;
}

export const startImport = fromPromise<StartOutcome, StartInput>(async ({ input }) => {
  const { importId, ...body } = input;
  const { data, error, response } = await api.POST('/contact-imports/{importId}/start', { params: { path: { importId } }, body });
  if (data) return { kind: 'started', upload: data };
  if (response.status === 422) return { kind: 'rejected', reason: firstFieldErrors(error).listIds ? 'listRequired' : 'startFailed' };
  if (response.status === 409) return { kind: 'rejected', reason: 'startFailed' };
  throw new ApiError(response.status, errorCode(error));
});

/** Deletes an import; one already gone counts as deleted. */
export const deleteImport = fromPromise<DeleteOutcome, { importId: number }>(async ({ input }) => {
  const params = { path: { importId: input.importId } };
  const { error, response } = await api.DELETE('/contact-imports/{importId}', { params });
  if (response.status === 204 || response.status === 404) return { kind: 'deleted' };
  if (response.status === 409) return { kind: 'rejected' };
  throw new ApiError(response.status, errorCode(error));
});

const isDone = (upload: ContactImport) => upload.status === 'finished' || upload.status === 'failed';

/**
 * Follows a running import: `job.progressed` events from the realtime connection, and a read every IMPORT_POLL_MS
 * as a fallback. Sends `import.progressed`, then `import.completed` once with the final import.
 */
export const watchImport = fromCallback<ContactImportEvent, { importId: number }>(({ input, sendBack }) => {
  let completed = false;
  const read = async () => {
    const { data } = await api.GET('/contact-imports/{importId}', { params: { path: { importId: input.importId } } });
    if (!data || completed) return;
    if (isDone(data)) {
      completed = true;
      sendBack({ type: 'import.completed', upload: data });
    } else {
      sendBack({ type: 'import.progressed', processed: data.processed, total: data.estimatedRows });
    }
  };
  const unsubscribe = appEvents.subscribe((event) => {
    if (event.type !== 'job.progressed' || event.job.jobId !== `contact-import:${input.importId}` || completed) return;
    if (event.job.status === 'running') sendBack({ type: 'import.progressed', processed: event.job.processed, total: event.job.total });
    else void read().catch(() => undefined); // a failed read is tried again at the next tick
  });
  const timer = setInterval(() => void read().catch(() => undefined), IMPORT_POLL_MS);
  void read().catch(() => undefined);
  return () => {
    completed = true;
    clearInterval(timer);
    unsubscribe();
  };
});
