import pg from 'pg';

export type Pool = pg.Pool;
export type PoolClient = pg.PoolClient;

// bigint counts and ids come back as strings by default; numeric columns we use stay within 2^53.
pg.types.setTypeParser(20, (v) => Number(v));

/**
 * A pool of connections. `system` marks the owner's pool of the named system paths (migrations, sign-in before the
 * company is known, the job queue, jobs that go over every company): its sessions carry `missiva.system=on`, the
 * only thing the owner's row-level security policies let through (see migration 016).
 */
export function createPool(url: string, max = 20, options: { system?: boolean } = {}): pg.Pool {
  const system = options.system ? { options: '-c missiva.system=on' } : {};
  const pool = new pg.Pool({ connectionString: url, max, idleTimeoutMillis: 30_000, ...system });
  pool.on('error', () => undefined); // idle client errors surface on the next query
  // A client held out of the pool for long (the realtime adapter's LISTEN connection) has no error listener of its
  // own: without this one, PostgreSQL ending its session (a restart) would throw in the process and end it. Its holder
  // learns of the loss from the client's `end` event or its next query, and connects again.
  pool.on('connect', (client) => client.on('error', () => undefined));
  return pool;
}

/**
 * Runs `fn` inside a transaction on a client the caller holds (work that commits several transactions one after
 * another on one connection): commits when it resolves, rolls back when it throws.
 */
export async function inTransaction<T>(
  client: pg.PoolClient,
  fn: (client: pg.PoolClient) => Promise<T>,
  begin = 'begin',
): Promise<T> {
  await client.query(begin);
  try {
    const result = await fn(client);
    await client.query('commit');
    return result;
  } catch (error) {
    await client.query('rollback').catch(() => undefined);
    throw error;
  }
}

/** Runs `fn` inside a transaction on one client; `begin` may carry settings local to it (a bound company). */
export async function withTransaction<T>(
  pool: pg.Pool,
  fn: (client: pg.PoolClient) => Promise<T>,
  begin = 'begin',
): Promise<T> {
  const client = await pool.connect();
  try {
    return await inTransaction(client, fn, begin);
  } finally {
    client.release();
  }
}
