import { execFile, spawn, type ChildProcess } from 'node:child_process';
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import net from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import mysql from 'mysql2/promise';
import { parse } from 'pg-connection-string';

/**
 * The real database servers the UserFlow connector tests read as a customer's: Debian's MariaDB started on a private
 * data folder, and the embedded PostgreSQL reached over a loopback TCP port.
 */

const MARIADBD = '/usr/sbin/mariadbd';
const INSTALL = '/usr/bin/mariadb-install-db';

/** Whether MariaDB is installed (.ci/run installs it); without it the MySQL tests are skipped and say why. */
export const mariaDbPresent = existsSync(MARIADBD) && existsSync(INSTALL);
export const MARIADB_MISSING = `${MARIADBD} is not installed (apt-get install mariadb-server)`;

export interface MariaDb {
  /** A root connection that runs several statements in one query. */
  root: mysql.Connection;
  stop(): Promise<void>;
}

async function connectRoot(port: number): Promise<mysql.Connection> {
  for (let i = 0; i < 120; i++) {
    try {
      return await mysql.createConnection({ host: '127.0.0.1', port, user: 'root', multipleStatements: true });
    } catch {
      await new Promise((resolve) => setTimeout(resolve, 250));
    }
  }
  throw new Error('mariadbd did not start');
}

/** A fresh MariaDB server on 127.0.0.1:`port` (each test file its own port), removed with its data by `stop`. */
export async function startMariaDb(port: number): Promise<MariaDb> {
  const dir = mkdtempSync(path.join(tmpdir(), 'missiva-mariadb-'));
  const user = process.getuid?.() === 0 ? ['--user=root'] : [];
  let server: ChildProcess | undefined;
  let root: mysql.Connection | undefined;
  const stop = async () => {
    await root?.end().catch(() => undefined);
    if (server && server.exitCode === null) {
      const exited = new Promise((resolve) => server!.once('exit', resolve));
      server.kill('SIGTERM');
      await exited;
    }
    rmSync(dir, { recursive: true, force: true });
  };
  try {
    await promisify(execFile)(INSTALL, [
      '--no-defaults',
      `--datadir=${dir}/data`,
      '--auth-root-authentication-method=normal',
      '--skip-test-db',
      ...user,
    ]);
    server = spawn(
      MARIADBD,
      [
        '--no-defaults',
        `--datadir=${dir}/data`,
        `--port=${port}`,
        '--bind-address=127.0.0.1',
        `--socket=${dir}/mysqld.sock`,
        `--pid-file=${dir}/mysqld.pid`,
        '--skip-log-bin',
        '--innodb-buffer-pool-size=32M',
        ...user,
      ],
      { stdio: 'ignore' },
    );
    root = await connectRoot(port);
    return { root, stop };
  } catch (error) {
    await stop();
    throw error;
  }
}

/**
 * A loopback TCP port forwarding to the PostgreSQL server of `adminUrl`. The test server listens on a Unix socket
 * only, and the connector speaks TCP, as to any customer's server (the password checked by scram-sha-256 as usual).
 */
export async function forwardPostgres(adminUrl: string): Promise<{ port: number; close(): void }> {
  const parsed = parse(adminUrl);
  const socket = parsed.host?.startsWith('/') ? `${parsed.host}/.s.PGSQL.${parsed.port ?? 5432}` : null;
  const forward = net.createServer((client) => {
    const server = socket ? net.connect(socket) : net.connect(Number(parsed.port), parsed.host ?? '127.0.0.1');
    client.pipe(server).pipe(client);
    client.on('error', () => server.destroy());
    server.on('error', () => client.destroy());
  });
  await new Promise<void>((resolve) => forward.listen(0, '127.0.0.1', resolve));
  return { port: (forward.address() as net.AddressInfo).port, close: () => forward.close() };
}
