// Runs one import in a separate process, so a test can kill it mid-way like a crashed worker.
import pino from 'pino';
import { loadConfig } from '../../../../server/config.ts';
import type { AppContext } from '../../../../server/context.ts';
import { createPool } from '../../../../server/db/pool.ts';
import { runImport } from '../../../../server/services/contacts/imports/run.ts';

const [databaseUrl, companyId, importId] = process.argv.slice(2);
const pool = createPool(databaseUrl!, 2);
const ctx: AppContext = {
  config: loadConfig({ DATA_DIR: '.tmp/test-data', SECRET_KEY: 'test-secret-key-with-at-least-32-characters' }),
  pool,
  log: pino({ level: 'silent' }),
  realtime: { toUser: () => undefined, toCompany: () => undefined },
};
runImport(ctx, companyId!, Number(importId)).then(
  async () => {
    await pool.end();
    process.exit(0);
  },
  (error: unknown) => {
    console.error(error);
    process.exit(1);
  },
);
