/**
 * Runs one import in a worker thread: its own V8 heap (capped, so the garbage of a million parsed rows is collected
 * early instead of growing the server's heap) and its own event loop (so parsing never delays API requests). It
 * talks to PostgreSQL through its own small pools (the application role bound to the import's company, and the
 * owner's for the batches: see `importWriter`) and hands realtime events to the parent, which owns socket.io.
 */
import { parentPort, workerData } from 'node:worker_threads';
import type { ServerEventName, ServerEventPayload } from '../../../../shared/realtime-events.ts';
import type { Config } from '../../../config.ts';
import { createPool } from '../../../db/pool.ts';
import { createLogger } from '../../../logger.ts';
import { TenantPool } from '../../../db/tenant.ts';
import { forJob } from '../../scope.ts';
import { importWriter, runImport } from './run.ts';

export interface ImportThreadInput {
  config: Config;
  /** The application role's connection string (`TenantPool.url`). */
  databaseUrl: string;
  /** The owner's connection string, for the batch writer (a system path). */
  systemDatabaseUrl: string;
  companyId: string;
  importId: number;
}

export type ImportThreadMessage =
  | { type: 'realtime'; companyId: string; event: ServerEventName; payload: ServerEventPayload<ServerEventName> }
  | { type: 'done'; result: string }
  | { type: 'failed'; message: string; code?: string; severity?: string };
/** From the parent: the process is shutting down, stop after the batch being written. */
export interface ImportThreadStop {
  type: 'stop';
}

const input = workerData as ImportThreadInput;
const port = parentPort!;
const send = (message: ImportThreadMessage) => port.postMessage(message);
let stopping = false;
port.on('message', (message: ImportThreadStop) => {
  if (message.type === 'stop') stopping = true;
});
port.unref(); // the listener alone does not keep the thread alive once the import has ended
const tenants = new TenantPool(input.databaseUrl, 2);
const system = createPool(input.systemDatabaseUrl, 1, { system: true });
const scope = forJob(
  {
    tenants,
    config: input.config,
    log: createLogger(input.config, { thread: 'contact-import' }),
    realtime: {
      toUser: () => undefined,
      toCompany: (companyId, event, payload) => send({ type: 'realtime', companyId, event, payload }),
    },
  },
  input.companyId,
);

runImport(scope, input.importId, importWriter(system), () => stopping)
  .then((result) => send({ type: 'done', result }))
  .catch((error: unknown) => {
    const e = error as { message?: string; code?: string; severity?: string };
    send({ type: 'failed', message: String(e?.message ?? error), code: e?.code, severity: e?.severity });
  })
  .finally(() => Promise.all([tenants.end(), system.end()]));
