// `tsx scripts/cluster/with-postgres.ts [--port 5690] -- COMMAND ARGS…`: runs COMMAND with TEST_DATABASE_URL pointing
// at a fresh Debian PostgreSQL (PG_BIN, 15 on Debian 12), then stops it. The server suite's global setup builds its
// template database there instead of on the embedded PostgreSQL 18: CI's "server (PostgreSQL 15)" step.
import { spawnSync } from 'node:child_process';
import path from 'node:path';
import { startPostgres } from './cluster.ts';

const args = process.argv.slice(2);
const split = args.indexOf('--');
const portFlag = args.indexOf('--port');
const port = portFlag >= 0 && portFlag < split ? Number(args[portFlag + 1]) : 5690;
const command = args.slice(split + 1);
if (split < 0 || command.length === 0) {
  console.error('Usage: tsx scripts/cluster/with-postgres.ts [--port N] -- COMMAND ARGS…');
  process.exit(2);
}
const pg = startPostgres(path.resolve(`.tmp/postgres-${port}`), port);
let status = 1;
try {
  const run = spawnSync(command[0]!, command.slice(1), {
    stdio: 'inherit',
    env: { ...process.env, TEST_DATABASE_URL: pg.adminUrl },
  });
  status = run.status ?? 1;
} finally {
  pg.stop('fast');
}
process.exit(status);
