import { from as copyFrom } from 'pg-copy-streams';
import { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import type { PoolClient } from '../../../db/pool.ts';
import type { ImportedContact } from './rows.ts';

/** COPY text format: tab-separated, \N for null, backslash escapes. */
export function copyField(value: string | number | null): string {
  if (value === null) return '\\N';
  const text = String(value);
  return /[\\\t\n\r]/.test(text)
    ? text.replace(/[\\\t\n\r]/g, (c) => (c === '\\' ? '\\\\' : c === '\t' ? '\\t' : c === '\n' ? '\\n' : '\\r'))
    : text;
}

/** A contact's COPY fields after its id and company, up to its attributes (blocked_at and import_id are added on write). */
export function copyFields(c: ImportedContact): string {
  return `${copyField(c.email)}\t${copyField(c.first_name)}\t${copyField(c.last_name)}\t${copyField(c.phone_prefix)}\t${copyField(c.phone_number)}\t${copyField(c.country)}\t${copyField(c.language)}\t${copyField(c.address)}\t${copyField(JSON.stringify(c.attributes))}`;
}

/** A staged contact's COPY line: its row index, then its fields. */
export function copyLine(index: number, c: ImportedContact): string {
  return `${index}\t${copyFields(c)}\n`;
}

export async function copyInto(db: PoolClient, target: string, text: string): Promise<void> {
  if (!text) return;
  await pipeline(Readable.from([text]), db.query(copyFrom(`copy ${target} from stdin`)));
}

/**
 * COPY into a table under row-level security is refused (forced, it applies to an owner that is not a superuser too):
 * then the rows are copied into a temporary table of the same columns (emptied at commit) and inserted from there.
 * Where row security does not apply (a superuser, as the embedded PostgreSQL's owner is), they are copied straight in.
 */
export async function copyThrough(db: PoolClient, table: string, columns: string, text: string): Promise<void> {
  if (!text) return;
  const secured = await db.query<{ on: boolean }>('select row_security_active($1::regclass) as on', [table]);
  if (!secured.rows[0]!.on) return copyInto(db, `${table} (${columns})`, text);
  const stage = `${table}_copied`;
  await db.query(
    `create temp table if not exists ${stage} on commit delete rows as select ${columns} from ${table} with no data`,
  );
  await copyInto(db, stage, text);
  await db.query(`insert into ${table} (${columns}) select ${columns} from ${stage}`);
}
