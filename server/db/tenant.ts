import { createHmac } from 'node:crypto';
import pg from 'pg';
import { createPool, withTransaction, type Pool, type PoolClient } from './pool.ts';

/**
 * The login role the application's tenant queries run as. It is not the tables' owner and cannot bypass row-level
 * security, so each row it reads or writes must belong to the company bound in `missiva.company_id`.
 * Migration 016 creates it (without a login) and grants it DML; `ensureAppRole` gives it its login at start.
 */
export const APP_ROLE = 'missiva_app';
/** The setting the row-level security policies compare `company_id` with. */
export const COMPANY_SETTING = 'missiva.company_id';

/** Anything that runs SQL like a pg client: a bound tenant database or a client inside one of its transactions. */
export type Queryable = Pick<pg.ClientBase, 'query'>;

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/**
 * Opens a transaction bound to one company, in one round trip: the company id (checked to be a uuid when the
 * `TenantDb` was made) is written into the statement, since a simple-protocol `begin; …` cannot take bind values.
 */
function beginFor(companyId: string, options: TransactionOptions = {}): string {
  const commit = options.synchronousCommit === false ? '; set local synchronous_commit = off' : '';
  return `begin; select set_config('${COMPANY_SETTING}', '${companyId}', true)${commit}`;
}

export interface TransactionOptions {
  /**
   * false: the commit returns once PostgreSQL holds it in its write-ahead log's buffers, without waiting for the
   * flush to disk (`synchronous_commit = off` for this transaction). An application crash loses nothing; only a crash
   * of PostgreSQL's host may lose the last commits (up to three times wal_writer_delay, 600 ms by default), and never
   * leaves a transaction half written.
   */
  synchronousCommit?: boolean;
}

/** The company a pooled connection's session is bound to (see `TenantDb.query`), kept on the client object. */
const SESSION_COMPANY = Symbol('missiva.sessionCompany');
type TenantClient = PoolClient & { [SESSION_COMPANY]?: string };

/**
 * One company's view of the database, on the application role, so PostgreSQL's policies hide and refuse other
 * companies' rows even where a statement forgets its `company_id` filter. A transaction sets `missiva.company_id`
 * locally (`set_config(…, true)`) in the round trip of its `begin`. A lone statement runs on a connection whose session
 * is bound to the company: bound at checkout when it was bound to another (or none), so a statement costs no extra
 * round trip while the same companies keep using the pool. The pool is private to `TenantPool`, and every checkout
 * goes through one of these methods, so no statement runs on a connection bound to a company it did not ask for.
 * Obtained only from `TenantPool.bind`.
 */
export class TenantDb {
  readonly #pool: Pool;
  readonly companyId: string;

  constructor(pool: Pool, companyId: string) {
    if (!UUID.test(companyId)) throw new Error('a company id is a uuid');
    this.#pool = pool;
    this.companyId = companyId;
  }

  /** One statement, on a connection bound to the company. */
  readonly query = (async (text: string | pg.QueryConfig, values?: unknown[]) => {
    const client = (await this.#pool.connect()) as TenantClient;
    try {
      if (client[SESSION_COMPANY] !== this.companyId) {
        client[SESSION_COMPANY] = undefined;
        await client.query(`select set_config('${COMPANY_SETTING}', $1, false)`, [this.companyId]);
        client[SESSION_COMPANY] = this.companyId;
      }
      const result = await client.query(text as string, values);
      client.release();
      return result;
    } catch (error) {
      // A connection in an unknown state is closed rather than reused.
      client.release(error as Error);
      throw error;
    }
  }) as Queryable['query'];

  /** Runs `fn` inside one bound transaction on one client; commits when it resolves, rolls back when it throws. */
  transaction<T>(fn: (client: PoolClient) => Promise<T>, options?: TransactionOptions): Promise<T> {
    return withTransaction(this.#pool, fn, beginFor(this.companyId, options));
  }

  /**
   * A client bound to the company until it is released, for work that opens and commits its own transactions one
   * after another on one connection (an import's batches). The binding is session-wide here; `release` removes it
   * before the client goes back to the pool.
   */
  async connect(): Promise<PoolClient> {
    const client = (await this.#pool.connect()) as TenantClient;
    client[SESSION_COMPANY] = undefined;
    try {
      await client.query(`select set_config('${COMPANY_SETTING}', $1, false)`, [this.companyId]);
    } catch (error) {
      client.release(error as Error);
      throw error;
    }
    // The pool gives each checkout its own release; this one unbinds first (a client that fails to is discarded).
    const release = client.release;
    client.release = (broken?: Error | boolean) => {
      if (broken) return release(broken);
      client.query(`reset ${COMPANY_SETTING}`).then(
        () => release(),
        (error: Error) => release(error),
      );
    };
    return client;
  }
}

/** The application role's pool; it hands out nothing but company-bound views of itself. */
export class TenantPool {
  readonly #pool: Pool;
  /** The connection string (with the application role), for threads that open their own pool. */
  readonly url: string;

  constructor(url: string, max = 20) {
    this.#pool = createPool(url, max);
    this.url = url;
  }

  bind(companyId: string): TenantDb {
    return new TenantDb(this.#pool, companyId);
  }

  end(): Promise<void> {
    return this.#pool.end();
  }
}

/** The application role's password: derived from the secret key, so every node of one installation agrees on it. */
export function appRolePassword(secret: string): string {
  return createHmac('sha256', secret)
    .update('missiva:database-role:' + APP_ROLE)
    .digest('base64url');
}

/** The owner's connection string with the application role's name and password instead. */
export function appRoleUrl(ownerUrl: string, secret: string): string {
  const url = new URL(ownerUrl);
  url.username = APP_ROLE;
  url.password = appRolePassword(secret);
  return url.toString();
}

/** Gives the application role (created by migration 016) its login and password, as the owner; runs at every start. */
export async function ensureAppRole(ownerPool: Pool, secret: string): Promise<void> {
  // The password is a base64url digest: nothing in it needs quoting.
  await ownerPool.query(`alter role ${APP_ROLE} with login password '${appRolePassword(secret)}'`);
}
