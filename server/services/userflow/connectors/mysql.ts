/**
 * The MySQL source (issue 24 §2; MariaDB speaks the same): a table or a SELECT of the customer's database, read
 * through `mysql2`. The query is always wrapped as a derived table (`select * from (…) as userflow_source`), which
 * only a SELECT can be — so no statement that writes, and no DDL (which would commit implicitly), ever runs — and
 * one statement per call is all the driver sends (multipleStatements is off). The session is read-only with a
 * statement time-out (MariaDB's max_statement_time, MySQL's max_execution_time), and rows stream from the server,
 * handed over in pages.
 */
import type { Connection } from 'mysql2';
import type { Connection as PromiseConnection } from 'mysql2/promise';
import { USERFLOW_LIMITS } from '../../../../shared/userflow.ts';
import type { ConnectorOpener } from './types.ts';
import { allowedAddress, transportErrorOrNull } from './net.ts';
import { changesColumn, keyedRows, sourceSql, type SqlConfig } from './sql.ts';
import { ConnectorError, type ChangedRows, type Connector, type ReadOptions } from './types.ts';
import { sourceValue, uniqueColumns } from './values.ts';

const AUTH = new Set(['ER_ACCESS_DENIED_ERROR', 'ER_DBACCESS_DENIED_ERROR', 'ER_NOT_SUPPORTED_AUTH_MODE']);
const TIMEOUT = new Set(['ER_STATEMENT_TIMEOUT', 'ER_QUERY_TIMEOUT', 'PROTOCOL_SEQUENCE_TIMEOUT']);

/** A mysql2 failure in words: credentials, a missing database, a refused query, a time-out, or the network's. */
export function mysqlError(error: unknown): ConnectorError {
  if (error instanceof ConnectorError) return error;
  const e = error as { code?: string; errno?: number; sqlState?: string; message?: string };
  const detail = (e?.message ?? String(error)).slice(0, 300);
  const code = e?.code ?? '';
  if (AUTH.has(code)) return new ConnectorError('peer_auth', detail);
  if (code === 'ER_BAD_DB_ERROR') return new ConnectorError('source_invalid', detail);
  if (TIMEOUT.has(code) || e?.errno === 1969 || e?.errno === 3024) return new ConnectorError('peer_timeout', detail);
  if (e?.sqlState) return new ConnectorError('query_refused', detail);
  return transportErrorOrNull(error) ?? new ConnectorError('peer_unreachable', detail);
}

const quote = (name: string) => `\`${name.replace(/`/g, '``')}\``;

export const openMysql: ConnectorOpener = async (scope, _modelId, settings) => {
  const config = settings.config as unknown as SqlConfig;
  const wrapped = `select * from (${sourceSql(config, quote)}) as userflow_source`;
  const timeout = USERFLOW_LIMITS.peerTimeoutMs;
  let connection: Connection | null = null;

  const connect = async (): Promise<Connection> => {
    if (connection) return connection;
    const address = await allowedAddress(config.host, scope.config);
    // The MySQL client loads when a MySQL source first connects, not with every server process.
    const { default: mysql } = await import('mysql2');
    const next = mysql.createConnection({
      // TLS checks the certificate against the name (mysql2 has no separate server name): the name, once checked.
      host: config.ssl ? config.host : address,
      port: config.port,
      database: config.database,
      user: config.user,
      password: settings.secrets.password ?? '',
      ssl: config.ssl ? { rejectUnauthorized: true } : undefined,
      connectTimeout: timeout,
      multipleStatements: false,
      supportBigNumbers: true,
      decimalNumbers: true,
      timezone: 'Z',
    });
    next.on('error', () => undefined); // a dropped connection fails the query that waits on it
    const db: PromiseConnection = next.promise();
    try {
      await db.connect();
      await db.query('set session transaction read only');
      // MariaDB and MySQL name the statement time-out differently; the one the server does not know is skipped.
      await db.query(`set session max_statement_time = ${timeout / 1000}`).catch(() => undefined);
      await db.query(`set session max_execution_time = ${timeout}`).catch(() => undefined);
    } catch (error) {
      next.destroy();
      throw mysqlError(error);
    }
    connection = next;
    return next;
  };

  const query = async (sql: string, values: unknown[] = []) => {
    const db = (await connect()).promise();
    try {
      return await db.query({ sql, values, rowsAsArray: true, timeout: timeout + 1_000 });
    } catch (error) {
      throw mysqlError(error);
    }
  };

  const connector: Connector = {
    async test() {
      await query(`${wrapped} limit 1`);
    },
    async columns() {
      const [, fields] = await query(`${wrapped} limit 0`);
      return uniqueColumns((fields ?? []).map((f) => f.name));
    },
    async *rows(options: ReadOptions = {}) {
      const db = await connect();
      const limit = options.limit ?? Infinity;
      const sql = Number.isFinite(limit) ? `${wrapped} limit ${limit}` : wrapped;
      const running = db.query({ sql, rowsAsArray: true });
      let names: string[] = [];
      running.on('fields', (fields: { name: string }[]) => (names = fields.map((f) => f.name)));
      const stream = running.stream({ highWaterMark: USERFLOW_LIMITS.pageRows });
      let page: unknown[][] = [];
      try {
        for await (const row of stream as AsyncIterable<unknown[]>) {
          page.push(row);
          if (page.length >= USERFLOW_LIMITS.pageRows) {
            if (options.signal?.aborted) throw new ConnectorError('peer_timeout');
            yield keyedRows(names, page, sourceValue);
            page = [];
          }
        }
        if (page.length) yield keyedRows(names, page, sourceValue);
      } catch (error) {
        throw mysqlError(error);
      } finally {
        // A read left before its end cannot be cut short on the wire: the connection goes with it.
        if (!stream.readableEnded) {
          stream.destroy();
          connection = null;
          db.destroy();
        }
      }
    },
    /**
     * The rows whose changes column is at or past the cursor, and the column's newest value (as the server writes
     * it) as the next cursor, both read in one read-only transaction, so one snapshot (the cursor is a bound value,
     * compared in the column's type). A null cursor answers the newest value only; more changed rows than `limit`
     * answer a null cursor (read all instead).
     */
    async changesSince(cursor: string | null, options: ReadOptions = {}): Promise<ChangedRows> {
      const column = quote(changesColumn(config));
      const limit = Math.min(options.limit ?? USERFLOW_LIMITS.maxScoringRows, USERFLOW_LIMITS.maxScoringRows);
      await query('start transaction read only');
      try {
        const [, fields] = await query(`${wrapped} limit 0`);
        if (!(fields ?? []).some((f) => f.name === changesColumn(config))) {
          throw new ConnectorError('column_missing', changesColumn(config));
        }
        const [newest] = await query(`select cast(max(${column}) as char) from (${wrapped}) as userflow_changes`);
        const next = ((newest as unknown[][])[0]?.[0] as string | null) ?? cursor;
        if (cursor === null) return { rows: [], cursor: next };
        const [rows, names] = await query(`${wrapped} where ${column} >= ? order by ${column} limit ${limit + 1}`, [
          cursor,
        ]);
        if ((rows as unknown[][]).length > limit) return { rows: [], cursor: null };
        return {
          rows: keyedRows(
            (names ?? []).map((f) => f.name),
            rows as unknown[][],
            sourceValue,
          ),
          cursor: next,
        };
      } finally {
        await query('commit').catch(() => undefined);
      }
    },
    async close() {
      const db = connection;
      connection = null;
      await db
        ?.promise()
        .end()
        .catch(() => db.destroy());
    },
  };
  return connector;
};
