// `npm run backup:check`: proves the backup procedure of docs/operations.md on Debian's PostgreSQL. A Missiva node
// with data (a company, its owner, an imported list of contacts); the node stopped; `pg_dump -Fc`; the database
// dropped and created empty; `pg_restore`; then every table's rows compared with what they were (count and an md5 of
// the rows in order), and the node started again on the restored database, where the owner signs in. Exit 0 when
// everything is back; tests/server/cluster/backup.test.ts runs it.
import path from 'node:path';
import { startCluster } from './cluster.ts';
import type { Pool } from '../../server/db/pool.ts';
import {
  contactsCsv,
  newOwner,
  signIn,
  startCsvImport,
  systemPool,
  until,
} from '../../tests/server/cluster/support.ts';

const ROWS = 5000;

/** Every table of the public schema: its row count and an md5 of its rows as text, in order. */
async function fingerprint(pool: Pool): Promise<Record<string, string>> {
  const { rows: tables } = await pool.query<{ name: string }>(
    `select format('%I.%I', schemaname, tablename) as name from pg_tables
      where schemaname in ('public', 'graphile_worker') order by 1`,
  );
  const out: Record<string, string> = {};
  for (const { name } of tables) {
    const { rows } = await pool.query<{ n: number; digest: string | null }>(
      `select count(*)::int as n, md5(string_agg(t::text, '|' order by t::text)) as digest from ${name} t`,
    );
    out[name] = `${rows[0]!.n} rows ${rows[0]!.digest ?? '-'}`;
  }
  return out;
}

const dir = path.resolve('.tmp/backup-restore');
const cluster = await startCluster({
  api: 1,
  workers: 0,
  basePort: 5604,
  dir,
  env: { ROLE: 'all', LOG_LEVEL: 'warn' },
});
let ok = false;
try {
  const node = cluster.api[0]!;
  const base = `http://127.0.0.1:${node.port}`;
  let pool = systemPool(cluster);
  const owner = await newOwner(pool, 'Backup Ltd');
  const token = await signIn(base, owner);
  const importId = await startCsvImport(base, token, contactsCsv(ROWS, 'backup'));
  await until(
    'the import',
    async () =>
      (await pool.query('select status from contact_imports where id = $1', [importId])).rows[0]?.status === 'finished',
    120_000,
  );
  const dump = path.join(dir, 'missiva.dump');
  // The node stops first so that the comparison has a still database to compare with (pg_dump itself takes a
  // consistent snapshot of a running one). As the superuser: forced row-level security does not apply to it.
  await node.kill('SIGTERM');
  const before = await fingerprint(pool);
  cluster.postgresTool('pg_dump', ['-Fc', '-f', dump, 'missiva']);
  await pool.end();
  cluster.postgresTool('dropdb', ['--force', 'missiva']);
  cluster.postgresTool('createdb', ['-O', 'missiva', 'missiva']);
  cluster.postgresTool('pg_restore', ['--exit-on-error', '-d', 'missiva', dump]);
  pool = systemPool(cluster);
  const after = await fingerprint(pool);
  await pool.end();
  const differ = Object.keys({ ...before, ...after }).filter((t) => before[t] !== after[t]);
  console.log(`tables compared: ${Object.keys(before).length}; contacts: ${before['public.contacts']}`);
  if (differ.length) console.log(`different after restore: ${differ.map((t) => `${t} (${before[t]} → ${after[t]})`)}`);
  await node.start();
  const signedIn = await signIn(base, owner).then(
    () => true,
    () => false,
  );
  console.log(`the owner signs in on the restored database: ${signedIn ? 'yes' : 'NO'}`);
  ok = differ.length === 0 && signedIn && before['public.contacts']!.startsWith(`${ROWS} rows`);
} finally {
  await cluster.stop();
}
console.log(ok ? 'backup and restore: everything is back' : 'backup and restore: FAILED');
process.exit(ok ? 0 : 1);
