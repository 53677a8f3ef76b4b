import type { Logger } from 'pino';
import type { Config } from './config.ts';
import { startEmbeddedDatabase, type EmbeddedDatabase } from './db/embedded.ts';
import { migrate } from './db/migrate.ts';
import { createPool, type Pool } from './db/pool.ts';
import { appRoleUrl, ensureAppRole, TenantPool } from './db/tenant.ts';
import { migrateJobs } from './jobs/worker.ts';

export interface Database {
  /** The owner's pool: migrations and the named system paths. */
  pool: Pool;
  /** The application role's pool, for company-bound services. */
  tenants: TenantPool;
  embedded: EmbeddedDatabase | undefined;
  close(): Promise<void>;
}

/**
 * Opens DATABASE_URL, or the embedded PostgreSQL in DATA_DIR, and applies migrations as its role (the tables' owner).
 * Tenant services connect as the application role: APP_DATABASE_URL when given (a role the operator made), otherwise
 * missiva_app, whose login the owner sets here.
 */
export async function openDatabase(config: Config, log: Logger): Promise<Database> {
  let embedded: EmbeddedDatabase | undefined;
  let url = config.databaseUrl;
  if (!url) {
    embedded = await startEmbeddedDatabase({ dataDir: config.dataDir, port: config.embeddedPgPort, sharedBuffersMb: config.embeddedPgSharedBuffersMb, log: (line) => log.debug({ postgres: line }) });
    url = embedded.url;
  }
  const pool = createPool(url, 20, { system: true });
  await migrate(pool);
  await migrateJobs(pool);
  if (!config.appDatabaseUrl) await ensureAppRole(pool, config.secret);
  const tenants = new TenantPool(config.appDatabaseUrl ?? appRoleUrl(url, config.secret));
  return {
    pool,
    tenants,
    embedded,
    async close() {
      await tenants.end();
      await pool.end();
      await embedded?.stop();
    },
  };
}
