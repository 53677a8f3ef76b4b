import { invalid, notFound } from '../../http/errors.ts';
import type { components } from '../../../shared/contract/schema.d.ts';
import { attributeDefs } from './attributes.ts';
import { decodeContactCursor, keysetRows, nextContactCursor } from './keyset.ts';
import { compileSegment } from './segments/compile.ts';
import type { SegmentGroup } from './segments/types.ts';
import type { Scope } from '../scope.ts';
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
  const { rows } = await db.query<{ conditions: SegmentGroup }>(
    'select conditions from segments where company_id = $1 and id = $2',
    [companyId, segmentId],
  );
  if (!rows[0]) throw notFound();
  return rows[0].conditions;
}

export async function listMemberCount(db: Db, companyId: string, listId: number): Promise<number> {
  const { rows } = await db.query<{ member_count: number }>(
    'select member_count from lists where company_id = $1 and id = $2',
    [companyId, listId],
  );
  if (!rows[0]) throw notFound();
  return rows[0].member_count;
}

/**
 * The text a search looks in (see migration 010), spelt exactly as its trigram index is, so the planner uses the index.
 */
const SEARCH_TEXT = 'contact_search_text(c.email::text, c.first_name, c.last_name, c.phone_prefix, c.phone_number)';

/** Search text as typed: control characters (line breaks above all, which separate the fields) become spaces. */
export const searchText = (q: string | undefined) => (q ?? '').replace(/[\u0000-\u001f\u007f]+/g, ' ').trim();

/**
 * Search: email, first name, last name or "first last" contains the text, case-insensitively; so do the phone number
 * and prefix plus number. Digits typed with spaces, brackets, "+", "." or "-" also match as bare digits, anywhere in
 * the number (not only at its start: the trigram index serves "contains" alone, and a middle part is a fair search).
 */
function searchClause(q: string, params: SqlParams): string | undefined {
  const text = searchText(q);
  if (!text) return undefined;
  const parts = [`${SEARCH_TEXT} like lower(${params.add(`%${likeEscape(text)}%`)})`];
  const digits = text.replace(/[\s()+.-]/g, '');
  if (digits !== text && /^\d{3,}$/.test(digits)) parts.push(`${SEARCH_TEXT} like ${params.add(`%${digits}%`)}`);
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
    where.push(
      `exists (select 1 from list_members m where m.company_id = c.company_id and m.list_id = ${params.add(filter.listId)}::bigint and m.contact_id = c.id)`,
    );
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

export async function filterClauses(
  db: Db,
  companyId: string,
  filter: ContactFilter,
  params: SqlParams,
): Promise<string[]> {
  return (await filterQuery(db, companyId, filter, params)).where;
}

/** WHERE clauses for a selection: explicit ids, or a filter minus excluded ids. Nothing selected is a 422. */
export async function selectionClauses(
  db: Db,
  companyId: string,
  selection: ContactSelection,
  params: SqlParams,
): Promise<string[]> {
  if (selection.ids !== undefined && selection.filter !== undefined) {
    throw invalid({ selection: ['Give either ids or a filter'] });
  }
  if (!selection.filter && !selection.ids?.length) {
    throw invalid({ selection: ['Select one or more contacts first'] }, 'Select one or more contacts first');
  }
  const where = selection.filter
    ? await filterClauses(db, companyId, selection.filter, params)
    : ['c.company_id = $1', `c.id = any(${params.add(selection.ids)}::bigint[])`];
  if (selection.excludeIds?.length) where.push(`not (c.id = any(${params.add(selection.excludeIds)}::bigint[]))`);
  return where;
}

export interface PageQuery extends ContactFilter {
  page: number;
  perPage: number;
  sort?: ContactSort;
  /** False skips the total (it is then undefined). */
  withTotal?: boolean;
  /** The page after this cursor's row (see keyset.ts) instead of page number `page`. */
  cursor?: string;
}

/** A contact's columns named as the contract names them, for PostgreSQL to turn into JSON; `c` is the contacts alias. */
const CONTACT_JSON_COLUMNS = `c.id, c.email::text as email, c.first_name as "firstName", c.last_name as "lastName",
  c.phone_prefix as "phonePrefix", c.phone_number as "phoneNumber", c.country, c.language, c.address, c.attributes,
  c.blocked_at is not null as blocked, c.blocked_at as "blockedAt", c.anonymised_at as "anonymisedAt",
  c.created_at as "createdAt", c.updated_at as "updatedAt"`;

/**
 * The response body for a page: json_agg over the ordered, limited rows (an aggregate over a sorted subquery takes
 * its rows in that order), plus the list's size when a list is given (null when the company has no such list).
 */
const pageStatement = (rowsSql: string, listParam: string | undefined) =>
  `select coalesce((select json_agg(t) from (${rowsSql}) t), '[]')::text as json,
          ${listParam ? `(select member_count from lists where company_id = $1 and id = ${listParam}::bigint)` : 'null'} as list_size`;

/** A list page in creation order, either way: the same two statements for every list, prepared once per connection. */
const LIST_PAGE = (direction: 'asc' | 'desc') =>
  pageStatement(
    `select ${CONTACT_JSON_COLUMNS}
       from (select m.contact_id from list_members m where m.company_id = $1 and m.list_id = $2::bigint
              order by m.contact_id ${direction} limit $3 offset $4) ids
       cross join lateral (select * from contacts c where c.company_id = $1 and c.id = ids.contact_id) c
      order by ids.contact_id ${direction}`,
    '$2',
  );
const LIST_PAGE_SQL = { asc: LIST_PAGE('asc'), desc: LIST_PAGE('desc') };

/** The same after a cursor's contact ($4): the list's index is entered at that id instead of skipping an offset. */
const LIST_AFTER = (direction: 'asc' | 'desc') =>
  pageStatement(
    `select ${CONTACT_JSON_COLUMNS}
       from (select m.contact_id from list_members m where m.company_id = $1 and m.list_id = $2::bigint
                and m.contact_id ${direction === 'asc' ? '>' : '<'} $4::bigint
              order by m.contact_id ${direction} limit $3) ids
       cross join lateral (select * from contacts c where c.company_id = $1 and c.id = ids.contact_id) c
      order by ids.contact_id ${direction}`,
    '$2',
  );
const LIST_AFTER_SQL = { asc: LIST_AFTER('asc'), desc: LIST_AFTER('desc') };

/**
 * A list page in name or email order, when the list holds enough of the company for the walk to be short: the
 * company's index in that order is read from the start, each contact checked for membership, until the page is full.
 * Prepared once per connection, so it is never planned again; `serial_plan()` keeps its generic plan this walk
 * (see migration 009). The page size is part of the text: the planner reads a literal LIMIT, not a guess.
 */
const LIST_WALK = (sort: ContactSort, perPage: number) =>
  pageStatement(
    `select ${CONTACT_JSON_COLUMNS} from contacts c
      where c.company_id = $1 and serial_plan()
        and exists (select 1 from list_members m where m.company_id = $1 and m.list_id = $2::bigint and m.contact_id = c.id)
      order by ${ORDERS[sort]} limit ${perPage} offset $3`,
    '$2',
  );

/** Membership checks a walk may make before the planner's own plan is the better choice (about 20 ms of probes). */
const WALK_PROBES = 20_000;
const SIZES_TTL_MS = 5_000;
const sizes = new Map<string, { list: number | null; company: number; at: number }>();

/**
 * The list's size and the company's, a few seconds old at most: they only choose a plan, and an import can move
 * them by thousands a second. Null when the company has no such list.
 */
async function listAndCompanySize(
  db: Db,
  companyId: string,
  listId: number,
): Promise<{ list: number | null; company: number }> {
  const key = `${companyId}:${listId}`;
  const now = Date.now();
  const known = sizes.get(key);
  if (known && now - known.at < SIZES_TTL_MS) return known;
  const { rows } = await db.query<{ list: number | null; company: number | null }>(
    `select (select member_count from lists where company_id = $1 and id = $2) as list,
            (select total from contact_counters where company_id = $1) as company`,
    [companyId, listId],
  );
  const fresh = { list: rows[0]?.list ?? null, company: Number(rows[0]?.company ?? 0), at: now };
  if (sizes.size > 10_000) sizes.clear();
  sizes.set(key, fresh);
  return fresh;
}

/** Whether walking the company's sorted index to fill `rows` rows of the list takes few membership checks. */
async function walkIsShort(db: Db, companyId: string, listId: number, rows: number): Promise<boolean> {
  const { list, company } = await listAndCompanySize(db, companyId, listId);
  if (!list) return false; // no such list (the planned query answers 404) or an empty one
  return (rows * company) / list <= WALK_PROBES;
}

/**
 * A page of contacts as the JSON text of the response: PostgreSQL builds it, so the hot path never turns fifty rows
 * into objects and back. The total comes from maintained counters when the page is unfiltered or filtered by one
 * list only (read in the same statement), so the common pages never count a million rows; other filters count
 * exactly, in parallel with the page, unless the caller opts out (a segment's count has its own operation).
 * A list or segment of another company is 404.
 */
export async function pageContacts(
  db: Db,
  companyId: string,
  query: PageQuery,
): Promise<{ json: string; total: number | undefined; nextCursor: string | null }> {
  const params = new SqlParams([companyId]);
  const { page, perPage, sort = '-createdAt', withTotal = true, cursor, ...filter } = query;
  const key = cursor === undefined ? undefined : decodeContactCursor(sort, cursor);
  const searched = searchText(filter.q) !== '';
  const onlyList =
    filter.listId !== undefined && filter.segmentId === undefined && filter.blocked === undefined && !searched;
  const unfiltered =
    filter.listId === undefined && filter.segmentId === undefined && filter.blocked === undefined && !searched;
  let where = '';
  let whereValues: unknown[] = [];
  let rowsQuery: Promise<{ rows: { json: string; list_size: number | null }[] }>;
  if (onlyList && (sort === 'createdAt' || sort === '-createdAt')) {
    // A list page in creation order: the list's own index gives the contact ids in order, then each contact is
    // fetched by its key. Fifty index probes whatever the list's size, and no plan for the statistics to spoil (they
    // lag far behind a list that an import is filling), so the plan is prepared once.
    const direction = sort === 'createdAt' ? 'asc' : 'desc';
    rowsQuery = key
      ? db.query({
          name: `contacts-list-after-${direction}`,
          text: LIST_AFTER_SQL[direction],
          values: [companyId, filter.listId, perPage, key.id],
        })
      : db.query({
          name: `contacts-list-page-${direction}`,
          text: LIST_PAGE_SQL[direction],
          values: [companyId, filter.listId, perPage, (page - 1) * perPage],
        });
  } else if (!key && onlyList && (await walkIsShort(db, companyId, filter.listId!, page * perPage))) {
    // By name or email in a list that is a good part of the company: the prepared walk (see LIST_WALK).
    rowsQuery = db.query({
      name: `contacts-list-walk-${sort}-${perPage}`,
      text: LIST_WALK(sort, perPage),
      values: [companyId, filter.listId, (page - 1) * perPage],
    });
  } else {
    const { where: clauses } = await filterQuery(db, companyId, filter, params, { checkList: false });
    where = clauses.join(' and ');
    whereValues = [...params.values];
    const listParam = filter.listId === undefined ? undefined : params.add(filter.listId);
    const rowsSql = key
      ? keysetRows(CONTACT_JSON_COLUMNS, where, sort, key, perPage, params)
      : `select ${CONTACT_JSON_COLUMNS} from contacts c where ${where}
          order by ${ORDERS[sort]} limit ${perPage} offset ${(page - 1) * perPage}`;
    rowsQuery = db.query(pageStatement(rowsSql, listParam), params.values);
  }
  const countQuery: Promise<number | undefined> =
    !withTotal || onlyList
      ? Promise.resolve(undefined)
      : unfiltered
        ? db
            .query<{ total: number }>('select total from contact_counters where company_id = $1', [companyId])
            .then((r) => r.rows[0]?.total ?? 0)
        : db
            .query<{ total: number }>(`select count(*)::int as total from contacts c where ${where}`, whereValues)
            .then((r) => r.rows[0]?.total ?? 0);
  const [{ rows }, counted] = await Promise.all([rowsQuery, countQuery]);
  const row = rows[0]!;
  if (filter.listId !== undefined && row.list_size === null) throw notFound();
  const total = withTotal ? (onlyList ? Number(row.list_size) : counted) : undefined;
  return { json: row.json, total, nextCursor: nextContactCursor(sort, row.json, perPage) };
}

/** A page of the scope's company's contacts (see pageContacts). */
export function listContacts(
  scope: Scope,
  query: PageQuery,
): Promise<{ json: string; total: number | undefined; nextCursor: string | null }> {
  return pageContacts(scope.db, scope.companyId, query);
}
