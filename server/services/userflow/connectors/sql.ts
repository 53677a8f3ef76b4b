/**
 * What the PostgreSQL and MySQL sources share: the SQL they read (a table, or a customer's SELECT with its trailing
 * semicolons dropped) and how their result rows become pages of cells with unique column names.
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
