// Runs a job worker in a separate process, so a test can kill it mid-job like a lost node.
import pino from 'pino';
import { loadConfig } from '../../../../server/config.ts';
import type { AppContext } from '../../../../server/context.ts';
import { createPool } from '../../../../server/db/pool.ts';
import { appRoleUrl, TenantPool } from '../../../../server/db/tenant.ts';
import { startWorker } from '../../../../server/jobs/worker.ts';

const [databaseUrl, dataDir] = process.argv.slice(2);
const pool = createPool(databaseUrl!, 4, { system: true });
const secret = 'test-secret-key-with-at-least-32-characters';
const tenants = new TenantPool(appRoleUrl(databaseUrl!, secret), 4);
const ctx: AppContext = {
  config: loadConfig({ DATA_DIR: dataDir!, SECRET_KEY: secret }),
  pool,
  tenants,
  log: pino({ level: 'silent' }),
  realtime: { toUser: () => undefined, toCompany: () => undefined },
};
await startWorker(ctx, { pollInterval: 50, concurrency: 1, recovery: { heartbeatMs: 200, staleAfterMs: 1500 } });
process.send?.('ready');
