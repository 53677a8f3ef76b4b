import pino, { type Logger } from 'pino';
import type { AddJob } from './context.ts';
import type { Config } from './config.ts';
import { StartupError, startEmbeddedDatabase, type EmbeddedDatabase } from './db/embedded.ts';
import { migrate } from './db/migrate.ts';
import { createPool, type Pool } from './db/pool.ts';
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
  pool: Pool;
  embedded: EmbeddedDatabase | undefined;
  close(): Promise<void>;
}

/** Opens DATABASE_URL, or the embedded PostgreSQL in DATA_DIR, and applies migrations. */
export async function openDatabase(config: Config, log: Logger): Promise<Database> {
  let embedded: EmbeddedDatabase | undefined;
  let url = config.databaseUrl;
  if (!url) {
    embedded = await startEmbeddedDatabase({ dataDir: config.dataDir, port: config.embeddedPgPort, sharedBuffersMb: config.embeddedPgSharedBuffersMb, log: (line) => log.debug({ postgres: line }) });
    url = embedded.url;
  }
  const pool = createPool(url);
  await migrate(pool);
  await migrateJobs(pool);
  return {
    pool,
    embedded,
    async close() {
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
