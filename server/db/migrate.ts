import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type pg from 'pg';
import { StartupError } from './embedded.ts';
import { VERSION } from '../version.ts';

const MIGRATIONS_DIR = path.join(path.dirname(fileURLToPath(import.meta.url)), 'migrations');
const LOCK_ID = 4_242_001;
/** Held while a node prepares the database at start (migrations, the job queue's schema, the application role). */
const START_LOCK_ID = 4_242_002;

/** The committed migrations this code knows, in the order they apply. */
export function knownMigrations(): string[] {
  return readdirSync(MIGRATIONS_DIR)
    .filter((f) => f.endsWith('.sql'))
    .sort();
}

/**
 * Refuses a database that a newer Missiva migrated: it has migrations this code does not know, so this code would run
 * against tables it was not written for. Thrown as a StartupError: the process prints its message as its one line.
 */
export function refuseNewerDatabase(applied: Iterable<string>, known: string[] = knownMigrations()): void {
  const unknown = [...applied].filter((name) => !known.includes(name)).sort();
  if (unknown.length === 0) return;
  throw new StartupError(
    `The database is newer than this Missiva ${VERSION}: it has migration ${unknown.join(', ')}, which this ` +
      'version does not know. Run the Missiva version that migrated it (or newer), or restore a backup taken ' +
      'before that upgrade.',
  );
}

/**
 * Runs `fn` while this process holds the start lock on a connection of its own, so nodes that start together prepare
 * the database one after another: the first migrates, the others find nothing left to do. Statements such as ALTER ROLE
 * fail with "tuple concurrently updated" when two sessions run them at once, which the lock prevents.
 */
export async function underStartLock<T>(pool: pg.Pool, fn: () => Promise<T>): Promise<T> {
  const client = await pool.connect();
  try {
    await client.query('select pg_advisory_lock($1)', [START_LOCK_ID]);
    return await fn();
  } finally {
    await client.query('select pg_advisory_unlock($1)', [START_LOCK_ID]).catch(() => undefined);
    client.release();
  }
}

/**
 * Applies committed SQL migrations in name order, each in its own transaction, under an advisory lock; refuses a
 * database with migrations this code does not know (see `refuseNewerDatabase`).
 */
export async function migrate(pool: pg.Pool): Promise<string[]> {
  const client = await pool.connect();
  const applied: string[] = [];
  try {
    await client.query('select pg_advisory_lock($1)', [LOCK_ID]);
    await client.query(
      'create table if not exists schema_migrations (name text primary key, applied_at timestamptz not null default now())',
    );
    const done = new Set(
      (await client.query<{ name: string }>('select name from schema_migrations')).rows.map((r) => r.name),
    );
    const files = knownMigrations();
    refuseNewerDatabase(done, files);
    for (const file of files) {
      if (done.has(file)) continue;
      const sql = readFileSync(path.join(MIGRATIONS_DIR, file), 'utf8');
      await client.query('begin');
      try {
        await client.query(sql);
        await client.query('insert into schema_migrations (name) values ($1)', [file]);
        await client.query('commit');
        applied.push(file);
      } catch (error) {
        await client.query('rollback');
        throw new Error(`Migration ${file} failed: ${(error as Error).message}`);
      }
    }
  } finally {
    await client.query('select pg_advisory_unlock($1)', [LOCK_ID]).catch(() => undefined);
    client.release();
  }
  return applied;
}
