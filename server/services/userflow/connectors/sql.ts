/**
 * What the PostgreSQL and MySQL sources share: the SQL they read (a table, or a customer's SELECT with its trailing
 * semicolons dropped), the column they read changes by, and how their result rows become pages of cells with unique
 * column names.
 */
import type { SourceRow, SourceValue } from './types.ts';
import { ConnectorError } from './types.ts';
import { uniqueColumns } from './values.ts';

export interface SqlConfig {
  host: string;
  port: number;
  database: string;
  user: string;
  ssl?: boolean;
  table?: string;
  query?: string;
  /** A timestamp or increasing number column: rows whose value is at or past a cursor are the changed ones. */
  changesColumn?: string;
}

/**
 * The changes column a SQL source reads changes by. Rows at the cursor's value are read again (a row sharing the
 * newest value may commit after it was read; scoring a row twice writes the same score).
 */
export function changesColumn(config: SqlConfig): string {
  if (!config.changesColumn) throw new ConnectorError('source_invalid', 'The source names no changes column.');
  return config.changesColumn;
}

/** The SELECT a SQL source runs; `quote` quotes one identifier the engine's way. */
export function sourceSql(config: SqlConfig, quote: (name: string) => string): string {
  if (config.table) return `select * from ${config.table.split('.').map(quote).join('.')}`;
  const query = (config.query ?? '').trim().replace(/;+\s*$/, '');
  if (!query) throw new ConnectorError('source_invalid', 'Name a table or write a SELECT query.');
  return query;
}

/** Rows of arrays (as the drivers answer them in array mode) as rows keyed by the unique column names. */
export function keyedRows(names: string[], rows: unknown[][], convert: (value: unknown, index: number) => SourceValue) {
  const columns = uniqueColumns(names);
  return rows.map((values) => {
    const row: SourceRow = {};
    columns.forEach((name, i) => (row[name] = convert(values[i], i)));
    return row;
  });
}
