import { fromCallback, fromPromise } from 'xstate';
import { jobKeys } from '../../../shared/jobs.ts';
import { api } from '../../api/appClient.ts';
import { apiError, firstFieldErrors, unwrap } from '../../api/client.ts';
import { appEvents } from '../../app/appEvents.ts';
import type { ContactImport, ImportColumnTarget, ImportLimits } from '../contactsTable/contacts.types.ts';
import type {
  ContactImportEvent,
  DeleteOutcome,
  ImportOptions,
  StartOutcome,
  UploadOutcome,
} from './contactImport.types.ts';

/** How often the running import is read (the machine's `importPoll` delay), in case a realtime event was missed. */
export const IMPORT_POLL_MS = 2_000;

export const loadImportOptions = fromPromise<ImportOptions>(async () => {
  const [lists, attributes] = await Promise.all([
    api.GET('/contact-lists', { params: { query: { perPage: 500 } } }),
    api.GET('/contact-attributes'),
  ]);
  return { lists: unwrap(lists), attributes: unwrap(attributes) };
});

/** The server's upload limits, read before a file is chosen so a file too large is refused without sending it. */
export const loadImportLimits = fromPromise<ImportLimits>(async () => {
  return unwrap(await api.GET('/contact-imports/limits'));
});

export const uploadFile = fromPromise<UploadOutcome, { file: File }>(async ({ input }) => {
  const result = await api.POST('/contact-imports', {
    body: { file: input.file.name },
    bodySerializer: () => {
      const form = new FormData();
      form.append('file', input.file, input.file.name);
      return form;
    },
  });
  const { status } = result.response;
  if (status === 413) return { kind: 'rejected', reason: 'tooLarge' };
  if (status === 415 || status === 422) return { kind: 'rejected', reason: 'uploadFailed' };
  return { kind: 'uploaded', upload: unwrap(result) };
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
  const result = await api.POST('/contact-imports/{importId}/start', { params: { path: { importId } }, body });
  const { status } = result.response;
  if (status === 422)
    return {
      kind: 'rejected',
      reason: firstFieldErrors(result.error).listIds ? 'listRequired' : 'startFailed',
    };
  if (status === 409) return { kind: 'rejected', reason: 'startFailed' };
  return { kind: 'started', upload: unwrap(result) };
});

/** The import as the server has it now: a failed read is thrown, and the machine counts it. */
export const readImport = fromPromise<ContactImport, { importId: number }>(async ({ input }) =>
  unwrap(await api.GET('/contact-imports/{importId}', { params: { path: { importId: input.importId } } })),
);

/** Deletes an import; one already gone counts as deleted. */
export const deleteImport = fromPromise<DeleteOutcome, { importId: number }>(async ({ input }) => {
  const params = { path: { importId: input.importId } };
  const { error, response } = await api.DELETE('/contact-imports/{importId}', { params });
  if (response.status === 204 || response.status === 404) return { kind: 'deleted' };
  if (response.status === 409) return { kind: 'rejected' };
  throw apiError({ error, response });
});

/**
 * Realtime news of a running import: `job.progressed` while it runs becomes `import.progressed`; its end becomes
 * `import.ended`, on which the machine reads the import's final counts.
 */
export const watchImport = fromCallback<ContactImportEvent, { importId: number }>(({ input, sendBack }) =>
  appEvents.subscribe((event) => {
    if (event.type !== 'job.progressed' || event.job.jobId !== jobKeys.contactImport(input.importId)) return;
    if (event.job.status === 'running')
      sendBack({ type: 'import.progressed', processed: event.job.processed, total: event.job.total });
    else sendBack({ type: 'import.ended' });
  }),
);
