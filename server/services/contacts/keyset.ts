import { INVALID_CURSOR } from '../../http/cursor.ts';
import { invalid } from '../../http/errors.ts';
import type { components } from '../../../shared/contract/schema.d.ts';
import type { SqlParams } from './sql.ts';

type ContactSort = components['schemas']['ContactSort'];
type SortField = 'createdAt' | 'email' | 'firstName' | 'lastName';

/**
 * Keyset pages of contacts: a cursor holds the sort, the sort value and the id of the last row of a page, and the next
 * page starts right after that row through the same index as the first page, so page 4,000 costs what page 1 does.
 * Names and emails may be absent: ascending orders put those rows last and descending ones first (PostgreSQL's
 * default), so a page is read in up to two index ranges, the valued rows and the absent ones.
 */
export interface ContactKey {
  value: string | null;
  id: number;
}

const COLUMNS: Record<Exclude<SortField, 'createdAt'>, { column: string; type: string; json: string }> = {
  email: { column: 'c.email', type: 'citext', json: 'email' },
  firstName: { column: 'c.first_name', type: 'text', json: 'firstName' },
  lastName: { column: 'c.last_name', type: 'text', json: 'lastName' },
};

const parts = (sort: ContactSort) => ({ field: sort.replace(/^-/, '') as SortField, desc: sort.startsWith('-') });

export function encodeContactCursor(sort: ContactSort, row: Record<string, unknown> & { id: number }): string {
  const { field } = parts(sort);
  const value = field === 'createdAt' ? null : ((row[COLUMNS[field].json] as string | null | undefined) ?? null);
  return Buffer.from(JSON.stringify([sort, value, row.id])).toString('base64url');
}

/** The row a cursor continues after; a 422 on the `cursor` field when it was not issued for this sort. */
export function decodeContactCursor(sort: ContactSort, cursor: string): ContactKey {
  let parsed: unknown;
  try {
    parsed = /^[A-Za-z0-9_-]+$/.test(cursor)
      ? JSON.parse(Buffer.from(cursor, 'base64url').toString('utf8'))
      : undefined;
  } catch {
    parsed = undefined;
  }
  if (Array.isArray(parsed) && parsed.length === 3 && parsed[0] === sort) {
    const [, value, id] = parsed as [string, unknown, unknown];
    const valueFits =
      value === null ||
      (typeof value === 'string' &&
        parts(sort).field !== 'createdAt' &&
        value.length <= 254 &&
        !value.includes('\u0000'));
    if (valueFits && Number.isSafeInteger(id) && (id as number) >= 1)
      return { value: value as string | null, id: id as number };
  }
  throw invalid({ cursor: [INVALID_CURSOR] });
}

/** The cursor after the last row of a page given as the JSON text of its rows; null when the page is not full. */
export function nextContactCursor(sort: ContactSort, json: string, perPage: number): string | null {
  const rows = JSON.parse(json) as (Record<string, unknown> & { id: number })[];
  return rows.length === perPage ? encodeContactCursor(sort, rows.at(-1)!) : null;
}

/**
 * SQL for the rows (`columns` of the contacts alias `c`) of the page after `key`, in order, where `where` holds the
 * company and the filter. In creation order that is one range of ids. In a name order the ids come first, with `part`
 * (which range a row comes from) and `k` (its sort value) to order the two ranges, then each contact by its key.
 */
export function keysetRows(
  columns: string,
  where: string,
  sort: ContactSort,
  key: ContactKey,
  perPage: number,
  params: SqlParams,
): string {
  const { field, desc } = parts(sort);
  const dir = desc ? 'desc' : 'asc';
  const after = desc ? '<' : '>';
  const id = `${params.add(key.id)}::bigint`;
  if (field === 'createdAt') {
    return `select ${columns} from contacts c where ${where} and c.id ${after} ${id}
             order by c.id ${dir} limit ${perPage}`;
  }
  const { column, type } = COLUMNS[field];
  const valued = (part: number, condition: string) =>
    `(select c.id, ${part} as part, ${column} as k from contacts c where ${where} and ${condition}
       order by ${column} ${dir}, c.id ${dir} limit ${perPage})`;
  const absent = (part: number, condition: string) =>
    `(select c.id, ${part} as part, null::${type} as k from contacts c where ${where} and ${column} is null${condition}
       order by c.id ${dir} limit ${perPage})`;
  const ranges =
    key.value === null
      ? desc
        ? [absent(1, ` and c.id < ${id}`), valued(2, `${column} is not null`)]
        : [absent(2, ` and c.id > ${id}`)]
      : desc
        ? [valued(1, `(${column}, c.id) < (${params.add(key.value)}::${type}, ${id})`)]
        : [valued(1, `(${column}, c.id) > (${params.add(key.value)}::${type}, ${id})`), absent(2, '')];
  return `select ${columns}
      from (select id, part, k from (${ranges.join(' union all ')}) u
             order by part, k ${dir}, id ${dir} limit ${perPage}) ids
     cross join lateral (select * from contacts c where c.company_id = $1 and c.id = ids.id) c
     order by ids.part, ids.k ${dir}, ids.id ${dir}`;
}
