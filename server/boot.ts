import pino, { type Logger } from 'pino';
import type { AddJob } from './context.ts';
import type { Config } from './config.ts';
import { startEmbeddedDatabase, type EmbeddedDatabase } from './db/embedded.ts';
import { migrate } from './db/migrate.ts';
import { createPool, type Pool } from './db/pool.ts';
import { appRoleUrl, ensureAppRole, TenantPool } from './db/tenant.ts';
import { migrateJobs } from './jobs/worker.ts';

export function createLogger(config: Config): Logger {
  return pino({
    level: config.logLevel,
    redact: {
      paths: ['req.headers.authorization', 'req.headers.cookie', '*.password', '*.token', '*.refreshToken', '*.totp', '*.code', 'password', 'token'],
      censor: '[redacted]',
    },
  });
}

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

/** graphile-worker's add_job, so a job is queued in the same database as the data it concerns. */
export function createAddJob(pool: Pool): AddJob {
  return async (task, payload, options = {}) => {
    await pool.query('select graphile_worker.add_job($1, $2::json, run_at => $3, max_attempts => $4, job_key => $5)', [
      task,
      JSON.stringify(payload),
      options.runAt ?? null,
      options.maxAttempts ?? 10,
      options.jobKey ?? null,
    ]);
  };
}
