import type { Logger } from 'pino';
import type { Config } from './config.ts';
import { StartupError, startEmbeddedDatabase, type EmbeddedDatabase } from './db/embedded.ts';
import { migrate, underStartLock } from './db/migrate.ts';
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
    embedded = await startEmbeddedDatabase({
      dataDir: config.dataDir,
      port: config.embeddedPgPort,
      sharedBuffersMb: config.embeddedPgSharedBuffersMb,
      log: (line) => log.debug({ postgres: line }),
    });
    url = embedded.url;
  }
  const pool = createPool(url, 20, { system: true });
  // Nodes that start together take turns: one migrates, the others find the database ready.
  await underStartLock(pool, async () => {
    await migrate(pool);
    await migrateJobs(pool);
    if (!config.appDatabaseUrl) await ensureAppRole(pool, config.secret);
  });
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

/**
 * One plain line saying why the process could not start and what to change: the setting to change when one is at
 * fault (PORT, DATABASE_URL, DATA_DIR, EMBEDDED_PG_PORT), otherwise the error's own message.
 */
export function startFailure(
  error: unknown,
  config: Pick<Config, 'port' | 'host' | 'databaseUrl'> | undefined,
): string {
  const e = error as NodeJS.ErrnoException & { address?: string };
  if (error instanceof StartupError) return error.message;
  if (config && (e.code === 'EADDRINUSE' || e.code === 'EACCES') && e.syscall === 'listen') {
    const why = e.code === 'EADDRINUSE' ? 'another program uses it' : 'this user may not listen on it';
    return `Missiva cannot listen on ${config.host}:${config.port} (${why}): set PORT to another port.`;
  }
  const unreachable = ['ECONNREFUSED', 'ENOTFOUND', 'ETIMEDOUT', '28P01', '3D000'].includes(e.code ?? '');
  if (config?.databaseUrl && unreachable) {
    let where = 'DATABASE_URL';
    try {
      const url = new URL(config.databaseUrl);
      where = `DATABASE_URL (${url.hostname}:${url.port || 5432}${url.pathname})`;
    } catch {
      // An unparsable URL is named as it is.
    }
    return (
      `Missiva cannot reach the PostgreSQL at ${where}: ${e.message}. ` +
      'Check DATABASE_URL, or unset it to use the embedded PostgreSQL.'
    );
  }
  return `Missiva could not start: ${(error as Error)?.message ?? String(error)}`.split('\n')[0]!;
}
