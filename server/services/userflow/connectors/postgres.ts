/**
 * The PostgreSQL source (issue 24 §2): a table or a SELECT of the customer's database, read through `pg` in a
 * read-only transaction with a statement time-out, a cursor fetching one page at a time. The query is sent through
 * the extended protocol, which refuses more than one statement, so it cannot end the read-only transaction and run
 * something after it; the read-only transaction refuses any write inside it (a data-changing CTE or function).
 */
import pg from 'pg';
import { USERFLOW_LIMITS } from '../../../../shared/userflow.ts';
import type { ConnectorOpener } from './types.ts';
import { allowedAddress, transportErrorOrNull } from './net.ts';
import { changesColumn, keyedRows, sourceSql, type SqlConfig } from './sql.ts';
import { ConnectorError, type ChangedRows, type Connector, type ReadOptions } from './types.ts';
import { parseNumber, sourceValue, uniqueColumns } from './values.ts';

/** Type ids pg hands over as text that are numbers: int8, numeric (int2/int4/float come as numbers already). */
const NUMERIC_TEXT_TYPES = new Set([20, 1700]);

/** A pg failure in words: credentials, a missing database, a refused query, a time-out, or the network's. */
export function postgresError(error: unknown): ConnectorError {
  if (error instanceof ConnectorError) return error;
  const e = error as { code?: string; message?: string };
  const detail = (e?.message ?? String(error)).slice(0, 300);
  const code = e?.code ?? '';
  if (code === '28P01' || code === '28000') return new ConnectorError('peer_auth', detail);
  if (code === '3D000') return new ConnectorError('source_invalid', detail);
  if (code === '57014') return new ConnectorError('peer_timeout', detail);
  if (/^(42|25|0A|22|2B|40|53|54|55)/.test(code) || code === '26000')
    return new ConnectorError('query_refused', detail);
  return transportErrorOrNull(error) ?? new ConnectorError('peer_unreachable', detail);
}

const quote = (name: string) => `"${name.replace(/"/g, '""')}"`;

/** A statement sent through the extended protocol (one statement only; @types/pg does not name `queryMode`). */
const extended = (text: string) => ({ text, rowMode: 'array', queryMode: 'extended' }) as pg.QueryArrayConfig;

export const openPostgres: ConnectorOpener = async (scope, _modelId, settings) => {
  const config = settings.config as unknown as SqlConfig;
  const sql = sourceSql(config, quote);
  const timeout = USERFLOW_LIMITS.peerTimeoutMs;
  let client: pg.Client | null = null;

  /** One connection per connector, opened on first use, to the host's checked address (TLS still names the host). */
  const connect = async (): Promise<pg.Client> => {
    if (client) return client;
    const host = await allowedAddress(config.host, scope.config);
    const next = new pg.Client({
      host,
      port: config.port,
      database: config.database,
      user: config.user,
      password: settings.secrets.password ?? '',
      ssl: config.ssl ? { servername: config.host.replace(/^\[|\]$/g, '') } : false,
      connectionTimeoutMillis: timeout,
      statement_timeout: timeout,
      query_timeout: timeout + 1_000,
      application_name: 'missiva-userflow',
    });
    next.on('error', () => undefined); // a dropped connection fails the query that waits on it
    try {
      await next.connect();
    } catch (error) {
      await next.end().catch(() => undefined);
      throw postgresError(error);
    }
    client = next;
    return next;
  };

  /** Runs `work` in a read-only transaction, rolled back whatever happens. */
  const readOnly = async <T>(work: (db: pg.Client) => Promise<T>): Promise<T> => {
    const db = await connect();
    try {
      await db.query('begin transaction isolation level repeatable read, read only');
      return await work(db);
    } catch (error) {
      throw postgresError(error);
    } finally {
      await db.query('rollback').catch(() => undefined);
    }
  };

  const page = (result: pg.QueryArrayResult) =>
    keyedRows(
      result.fields.map((f) => f.name),
      result.rows,
      (value, i) =>
        NUMERIC_TEXT_TYPES.has(result.fields[i]!.dataTypeID) ? parseNumber(value as string) : sourceValue(value),
    );

  const connector: Connector = {
    async test() {
      await readOnly((db) => db.query(extended(`select * from (${sql}) userflow_source limit 1`)));
    },
    async columns() {
      const result = await readOnly((db) => db.query(extended(`select * from (${sql}) userflow_source limit 0`)));
      return uniqueColumns(result.fields.map((f) => f.name));
    },
    async *rows(options: ReadOptions = {}) {
      const db = await connect();
      let open = false;
      try {
        await db.query('begin transaction isolation level repeatable read, read only');
        open = true;
        await db.query(extended(`declare userflow_rows no scroll cursor for ${sql}`));
        let read = 0;
        for (;;) {
          if (options.signal?.aborted) throw new ConnectorError('peer_timeout');
          const want = Math.min(USERFLOW_LIMITS.pageRows, (options.limit ?? Infinity) - read);
          if (want <= 0) return;
          const result = await db.query({ text: `fetch forward ${want} from userflow_rows`, rowMode: 'array' });
          if (!result.rows.length) return;
          read += result.rows.length;
          yield page(result);
          if (result.rows.length < want) return;
        }
      } catch (error) {
        throw postgresError(error);
      } finally {
        if (open) await db.query('rollback').catch(() => undefined);
      }
    },
    /**
     * The rows whose changes column is at or past the cursor, and the column's newest value as the next cursor, both
     * read in one read-only snapshot (the value bound as a parameter, compared in the column's own type). A null
     * cursor answers the newest value only; more changed rows than `limit` answer a null cursor (read all instead).
     */
    async changesSince(cursor: string | null, options: ReadOptions = {}): Promise<ChangedRows> {
      const column = changesColumn(config);
      const limit = Math.min(options.limit ?? USERFLOW_LIMITS.maxScoringRows, USERFLOW_LIMITS.maxScoringRows);
      return readOnly(async (db) => {
        const shape = await db.query(extended(`select * from (${sql}) userflow_source limit 0`));
        if (!shape.fields.some((f) => f.name === column)) throw new ConnectorError('column_missing', column);
        const newest = await db.query(extended(`select max(${quote(column)})::text from (${sql}) userflow_source`));
        const next = (newest.rows[0]?.[0] as string | null) ?? cursor;
        if (cursor === null) return { rows: [], cursor: next };
        const result = await db.query({
          ...extended(
            `select * from (${sql}) userflow_source where ${quote(column)} >= $1 order by ${quote(column)} ` +
              `limit ${limit + 1}`,
          ),
          values: [cursor],
        });
        if (result.rows.length > limit) return { rows: [], cursor: null };
        return { rows: page(result), cursor: next };
      });
    },
    async close() {
      const db = client;
      client = null;
      await db?.end().catch(() => undefined);
    },
  };
  return connector;
};
