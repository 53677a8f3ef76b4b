import { invalid, notFound } from '../../http/errors.ts';
import type { components } from '../../../src/api/schema.d.ts';
import { attributeDefs } from './attributes.ts';
import { compileSegment } from './segments/compile.ts';
import type { SegmentGroup } from './segments/types.ts';
import { iso, likeEscape, SqlParams, type Db } from './sql.ts';

export type ContactFilter = components['schemas']['ContactFilter'];
export type ContactSelection = components['schemas']['ContactSelection'];
export type ContactSort = components['schemas']['ContactSort'];
export type ContactRow = components['schemas']['Contact'];

/** Contact columns in the contract's shape; `c` is the contacts alias. */
export const CONTACT_COLUMNS = `c.id, c.email::text as email, c.first_name as "firstName", c.last_name as "lastName",
  c.phone_prefix as "phonePrefix", c.phone_number as "phoneNumber", c.country, c.language, c.address, c.attributes,
  c.blocked_at is not null as blocked, ${iso('c.blocked_at')} as "blockedAt", ${iso('c.anonymised_at')} as "anonymisedAt",
  ${iso('c.created_at')} as "createdAt", ${iso('c.updated_at')} as "updatedAt"`;

/** Orders served by an index each; createdAt follows ids, which grow with creation. */
const ORDERS: Record<ContactSort, string> = {
  createdAt: 'c.id asc',
  '-createdAt': 'c.id desc',
  email: 'c.email asc, c.id asc',
  '-email': 'c.email desc, c.id desc',
  firstName: 'c.first_name asc, c.id asc',
  '-firstName': 'c.first_name desc, c.id desc',
  lastName: 'c.last_name asc, c.id asc',
  '-lastName': 'c.last_name desc, c.id desc',
};

export async function segmentConditions(db: Db, companyId: string, segmentId: number): Promise<SegmentGroup> {
  const { rows } = await db.query<{ conditions: SegmentGroup }>('select conditions from segments where company_id = $1 and id = $2', [companyId, segmentId]);
  if (!rows[0]) throw notFound();
  return rows[0].conditions;
}

export async function listMemberCount(db: Db, companyId: string, listId: number): Promise<number> {
  const { rows } = await db.query<{ member_count: number }>('select member_count from lists where company_id = $1 and id = $2', [companyId, listId]);
  if (!rows[0]) throw notFound();
  return rows[0].member_count;
}

/** Search: email and names contain the text (case-insensitive); digits also match the start of the phone number. */
function searchClause(q: string, params: SqlParams): string | undefined {
  const text = q.trim();
  if (!text) return undefined;
  const pattern = params.add(`%${likeEscape(text)}%`);
  const parts = [`c.email::text ilike ${pattern}`, `c.first_name ilike ${pattern}`, `c.last_name ilike ${pattern}`];
  if (text.includes(' ')) parts.push(`(c.first_name || ' ' || c.last_name) ilike ${pattern}`);
  const digits = text.replace(/[\s()+.-]/g, '');
  if (/^\d{3,}$/.test(digits)) parts.push(`c.phone_number like ${params.add(`${digits}%`)}`);
  return `(${parts.join(' or ')})`;
}

/**
 * WHERE clauses (contacts alias `c`, company as $1) for a filter: a list, a segment, a search, blocklist status.
 * A list or segment of another company is 404. Answers the list's size too, when filtering by a list.
 */
export async function filterQuery(
  db: Db,
  companyId: string,
  filter: ContactFilter,
  params: SqlParams,
  options: { checkList?: boolean } = {},
): Promise<{ where: string[]; listSize?: number }> {
  const where = ['c.company_id = $1'];
  let listSize: number | undefined;
  if (filter.listId !== undefined) {
    if (options.checkList !== false) listSize = await listMemberCount(db, companyId, filter.listId);
    where.push(`exists (select 1 from list_members m where m.company_id = c.company_id and m.list_id = ${params.add(filter.listId)}::bigint and m.contact_id = c.id)`);
  }
  if (filter.segmentId !== undefined) {
    const conditions = await segmentConditions(db, companyId, filter.segmentId);
    where.push(compileSegment(conditions, { params, attributes: await attributeDefs(db, companyId) }));
  }
  if (filter.blocked !== undefined) where.push(filter.blocked ? 'c.blocked_at is not null' : 'c.blocked_at is null');
  const search = filter.q === undefined ? undefined : searchClause(filter.q, params);
  if (search) where.push(search);
  return { where, listSize };
}

export async function filterClauses(db: Db, companyId: string, filter: ContactFilter, params: SqlParams): Promise<string[]> {
  return (await filterQuery(db, companyId, filter, params)).where;
}

/** WHERE clauses for a selection: explicit ids, or a filter minus excluded ids. Nothing selected is a 422. */
export async function selectionClauses(db: Db, companyId: string, selection: ContactSelection, params: SqlParams): Promise<string[]> {
  if (selection.ids !== undefined && selection.filter !== undefined) {
    throw invalid({ selection: ['Give either ids or a filter'] });
  }
  if (!selection.filter && !selection.ids?.length) {
    throw invalid({ selection: ['Select one or more contacts first'] }, 'Select one or more contacts first');
  }
  const where = selection.filter ? await filterClauses(db, companyId, selection.filter, params) : ['c.company_id = $1', `c.id = any(${params.add(selection.ids)}::bigint[])`];
  if (selection.excludeIds?.length) where.push(`not (c.id = any(${params.add(selection.excludeIds)}::bigint[]))`);
  return where;
}

export interface PageQuery extends ContactFilter {
  page: number;
  perPage: number;
  sort?: ContactSort;
  /** False skips the total (it is then undefined). */
  withTotal?: boolean;
}

/** A contact as the contract's JSON, built by PostgreSQL; `c` is the contacts alias. */
const CONTACT_JSON = `json_build_object('id', c.id, 'email', c.email::text, 'firstName', c.first_name, 'lastName', c.last_name,
  'phonePrefix', c.phone_prefix, 'phoneNumber', c.phone_number, 'country', c.country, 'language', c.language, 'address', c.address,
  'attributes', c.attributes, 'blocked', c.blocked_at is not null, 'blockedAt', c.blocked_at, 'anonymisedAt', c.anonymised_at,
  'createdAt', c.created_at, 'updatedAt', c.updated_at)`;

/**
 * A page of contacts as the JSON text of the response: PostgreSQL builds it, so the hot path never turns fifty rows
 * into objects and back. The total comes from maintained counters when the page is unfiltered or filtered by one
 * list only (read in the same statement), so the common pages never count a million rows; other filters count
 * exactly, in parallel with the page, unless the caller opts out (a segment's count has its own operation).
 * A list or segment of another company is 404.
 */
export async function pageContacts(db: Db, companyId: string, query: PageQuery): Promise<{ json: string; total: number | undefined }> {
  const params = new SqlParams([companyId]);
  const { page, perPage, sort, withTotal = true, ...filter } = query;
  const { where: clauses } = await filterQuery(db, companyId, filter, params, { checkList: false });
  const where = clauses.join(' and ');
  const order = ORDERS[sort ?? '-createdAt'];
  const whereValues = [...params.values];
  const listSize = filter.listId === undefined ? 'null' : `(select member_count from lists where company_id = $1 and id = ${params.add(filter.listId)}::bigint)`;
  const rowsQuery = db.query<{ json: string; list_size: number | null }>(
    `select coalesce((select json_agg(p.j order by p.n) from (
                        select s.j, row_number() over () as n
                          from (select ${CONTACT_JSON} as j from contacts c where ${where} order by ${order} limit ${perPage} offset ${(page - 1) * perPage}) s) p),
                     '[]')::text as json,
            ${listSize} as list_size`,
    params.values,
  );
  const searched = Boolean(filter.q?.trim());
  const onlyList = filter.listId !== undefined && filter.segmentId === undefined && filter.blocked === undefined && !searched;
  const unfiltered = filter.listId === undefined && filter.segmentId === undefined && filter.blocked === undefined && !searched;
  const countQuery: Promise<number | undefined> =
    !withTotal || onlyList
      ? Promise.resolve(undefined)
      : unfiltered
        ? db.query<{ total: number }>('select total from contact_counters where company_id = $1', [companyId]).then((r) => r.rows[0]?.total ?? 0)
        : db.query<{ total: number }>(`select count(*)::int as total from contacts c where ${where}`, whereValues).then((r) => r.rows[0]?.total ?? 0);
  const [{ rows }, counted] = await Promise.all([rowsQuery, countQuery]);
  const row = rows[0]!;
  if (filter.listId !== undefined && row.list_size === null) throw notFound();
  return { json: row.json, total: withTotal ? (onlyList ? Number(row.list_size) : counted) : undefined };
}
