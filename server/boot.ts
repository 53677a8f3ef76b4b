import type { Logger } from 'pino';
import type { Config } from './config.ts';
import { startEmbeddedDatabase, type EmbeddedDatabase } from './db/embedded.ts';
import { migrate } from './db/migrate.ts';
import { createPool, type Pool } from './db/pool.ts';
import { migrateJobs } from './jobs/worker.ts';

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
