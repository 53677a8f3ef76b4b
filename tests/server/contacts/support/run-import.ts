// Runs one import in a separate process, so a test can kill it mid-way like a crashed worker.
import pino from 'pino';
import { loadConfig } from '../../../../server/config.ts';
import type { AppContext } from '../../../../server/context.ts';
import { createPool } from '../../../../server/db/pool.ts';
import { appRoleUrl, TenantPool } from '../../../../server/db/tenant.ts';
import { importWriter, runImport } from '../../../../server/services/contacts/imports/run.ts';
import { forJob } from '../../../../server/services/scope.ts';

const [databaseUrl, companyId, importId] = process.argv.slice(2);
const pool = createPool(databaseUrl!, 2, { system: true });
const secret = 'test-secret-key-with-at-least-32-characters';
const tenants = new TenantPool(appRoleUrl(databaseUrl!, secret), 2);
const ctx: AppContext = {
  config: loadConfig({ DATA_DIR: '.tmp/test-data', SECRET_KEY: secret }),
  pool,
  tenants,
  log: pino({ level: 'silent' }),
  realtime: { toUser: () => undefined, toCompany: () => undefined },
};
runImport(forJob(ctx, companyId!), Number(importId), importWriter(ctx.pool)).then(
  async () => {
    await tenants.end();
    await pool.end();
    process.exit(0);
  },
  (error: unknown) => {
    console.error(error);
    process.exit(1);
  },
);
