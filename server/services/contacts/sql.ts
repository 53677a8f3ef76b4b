import type { Queryable } from '../../db/tenant.ts';

/** Where the contacts helpers run their statements: a company's bound database, or a client in its transaction. */
export type Db = Queryable;

/** Collects bind values for one statement; `add` answers the placeholder. Values are never spliced into SQL text. */
export class SqlParams {
  readonly values: unknown[];
  constructor(initial: unknown[] = []) {
    this.values = [...initial];
  }
  add(value: unknown): string {
    this.values.push(value);
    return `$${this.values.length}`;
  }
}

/** A timestamp column as the ISO text the contract returns. */
export const iso = (column: string) => `to_json(${column}) #>> '{}'`;

/** Name of the unique index or constraint a PostgreSQL error (23505) is about, if that is what it is. */
export function uniqueViolation(error: unknown): string | undefined {
  const e = error as { code?: string; constraint?: string };
  return e?.code === '23505' ? e.constraint : undefined;
}

/** Escapes LIKE wildcards so user text matches literally. */
export const likeEscape = (text: string) => text.replace(/[\\%_]/g, (c) => `\\${c}`);
