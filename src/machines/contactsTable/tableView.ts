import type { ContactAttribute, ContactList, ContactSort, Segment } from './contacts.types.ts';

/**
 * The contacts table's view state (search, sort, list or segment filter, attribute columns) and its address form:
 * `?q=ada&sort=lastName&dir=asc&list=12&columns=3,7` (or `segment=5` instead of `list`). Pure: no router, no API.
 * Reading never throws; what cannot be used falls back to the default and is reported as a notice code.
 */

export interface ContactQuery {
  sort: ContactSort;
  /** As typed (the search box is controlled by it); trimmed wherever it is used. */
  q: string;
  listId: number | null;
  segmentId: number | null;
}

export interface TableView extends ContactQuery {
  /** Attribute ids shown as extra columns, in order. */
  columns: number[];
}

/** Why the shown view differs from the one the address asked for. */
export type ViewNotice =
  | 'sortInvalid'
  | 'searchTooLong'
  | 'listNotFound'
  | 'segmentNotFound'
  | 'filterConflict'
  | 'columnsNotFound'
  | 'viewRejected';

export interface ParsedView {
  view: TableView;
  notices: ViewNotice[];
}

export type SortField = 'createdAt' | 'email' | 'firstName' | 'lastName';
export type SortDirection = 'asc' | 'desc';

export const DEFAULT_SORT: ContactSort = '-createdAt';
export const SEARCH_MAX_LENGTH = 100;
export const DEFAULT_QUERY: ContactQuery = { sort: DEFAULT_SORT, q: '', listId: null, segmentId: null };
export const DEFAULT_VIEW: TableView = { ...DEFAULT_QUERY, columns: [] };

const SORT_FIELDS: readonly SortField[] = ['createdAt', 'email', 'firstName', 'lastName'];
const DIRECTIONS: readonly SortDirection[] = ['asc', 'desc'];
const isSortField = (value: string): value is SortField => (SORT_FIELDS as readonly string[]).includes(value);
const isDirection = (value: string): value is SortDirection => (DIRECTIONS as readonly string[]).includes(value);

export function sortParts(sort: ContactSort): { field: SortField; dir: SortDirection } {
  return sort.startsWith('-')
    ? { field: sort.slice(1) as SortField, dir: 'desc' }
    : { field: sort as SortField, dir: 'asc' };
}

export const toSort = (field: SortField, dir: SortDirection): ContactSort =>
  (dir === 'desc' ? `-${field}` : field) as ContactSort;

/** A database id: digits only, positive, a safe integer. */
export function parseId(value: string | null): number | null {
  if (value === null || !/^[0-9]{1,16}$/.test(value)) return null;
  const id = Number(value);
  return id >= 1 && Number.isSafeInteger(id) ? id : null;
}

const add = (notices: ViewNotice[], notice: ViewNotice): ViewNotice[] =>
  notices.includes(notice) ? notices : [...notices, notice];

function readSort(params: URLSearchParams, notices: ViewNotice[]): { sort: ContactSort; notices: ViewNotice[] } {
  const field = params.get('sort');
  const dir = params.get('dir');
  if (field === null && dir === null) return { sort: DEFAULT_SORT, notices };
  if ((field !== null && !isSortField(field)) || (dir !== null && !isDirection(dir)))
    return { sort: DEFAULT_SORT, notices: add(notices, 'sortInvalid') };
  // Only a direction: the default field; only a field: ascending, as a column header click would.
  return {
    sort: toSort((field as SortField | null) ?? sortParts(DEFAULT_SORT).field, (dir as SortDirection | null) ?? 'asc'),
    notices,
  };
}

function readFilter(params: URLSearchParams, notices: ViewNotice[]) {
  // `listId`/`segmentId` are older names of the same filters: links and bookmarks made with them keep working.
  const rawList = params.get('list') ?? params.get('listId');
  const rawSegment = params.get('segment') ?? params.get('segmentId');
  const listId = parseId(rawList);
  const segmentId = parseId(rawSegment);
  if (rawList !== null && listId === null) notices = add(notices, 'listNotFound');
  if (rawSegment !== null && segmentId === null) notices = add(notices, 'segmentNotFound');
  if (listId !== null && segmentId !== null)
    return { listId, segmentId: null, notices: add(notices, 'filterConflict') };
  return { listId, segmentId, notices };
}

function readColumns(params: URLSearchParams, notices: ViewNotice[]) {
  const raw = params.get('columns');
  if (raw === null || raw === '') return { columns: [], notices };
  const parts = raw.split(',');
  const ids = parts.map((part) => parseId(part.trim()));
  const columns = [...new Set(ids.filter((id): id is number => id !== null))];
  return { columns, notices: ids.includes(null) ? add(notices, 'columnsNotFound') : notices };
}

/** The view an address asks for (`location.search`, with or without `?`), and what had to be left out. */
export function parseTableView(search: string | URLSearchParams): ParsedView {
  const params = typeof search === 'string' ? new URLSearchParams(search) : search;
  let notices: ViewNotice[] = [];
  let q = (params.get('q') ?? '').trim();
  if (q.length > SEARCH_MAX_LENGTH) {
    q = q.slice(0, SEARCH_MAX_LENGTH).trim();
    notices = add(notices, 'searchTooLong');
  }
  const sorted = readSort(params, notices);
  const filter = readFilter(params, sorted.notices);
  const columns = readColumns(params, filter.notices);
  return {
    view: { q, sort: sorted.sort, listId: filter.listId, segmentId: filter.segmentId, columns: columns.columns },
    notices: columns.notices,
  };
}

/** Spaces as `+`, commas kept: `q=ada+lovelace&columns=3,7`. */
const encode = (value: string) => encodeURIComponent(value).replace(/%20/g, '+').replace(/%2C/gi, ',');

/** The address form of a view, without `?`; the default view is the empty string. */
export function serializeTableView(view: TableView): string {
  const pairs: Array<[string, string]> = [];
  const q = view.q.trim();
  if (q) pairs.push(['q', q]);
  if (view.sort !== DEFAULT_SORT) {
    const { field, dir } = sortParts(view.sort);
    pairs.push(['sort', field], ['dir', dir]);
  }
  if (view.listId !== null) pairs.push(['list', String(view.listId)]);
  else if (view.segmentId !== null) pairs.push(['segment', String(view.segmentId)]);
  if (view.columns.length) pairs.push(['columns', view.columns.join(',')]);
  return pairs.map(([key, value]) => `${key}=${encode(value)}`).join('&');
}

/** Same rows: same trimmed search, sort and filter. */
export function sameQuery(a: ContactQuery, b: ContactQuery): boolean {
  return a.q.trim() === b.q.trim() && a.sort === b.sort && a.listId === b.listId && a.segmentId === b.segmentId;
}

export const sameColumns = (a: number[], b: number[]) => a.length === b.length && a.every((id, i) => id === b[i]);

export interface ViewOptions {
  lists: ContactList[];
  segments: Segment[];
  attributes: ContactAttribute[];
  /** The lists are all of the company's (not the first page of many): a missing one does not exist. */
  listsComplete: boolean;
}

/** Against the company's lists, segments and attributes: drops what does not exist, so no request is made for it. */
export function checkView(view: TableView, options: ViewOptions): ParsedView {
  let notices: ViewNotice[] = [];
  let { listId, segmentId } = view;
  if (listId !== null && options.listsComplete && !options.lists.some((l) => l.id === listId)) {
    listId = null;
    notices = add(notices, 'listNotFound');
  }
  if (segmentId !== null && !options.segments.some((s) => s.id === segmentId)) {
    segmentId = null;
    notices = add(notices, 'segmentNotFound');
  }
  const columns = view.columns.filter((id) => options.attributes.some((a) => a.id === id));
  if (columns.length !== view.columns.length) notices = add(notices, 'columnsNotFound');
  return { view: { ...view, listId, segmentId, columns }, notices };
}

/** The API refused a query (404: its list or segment is gone; 422: a value it does not accept). */
export type QueryRejection = 'notFound' | 'invalid';

/** The query to show instead of a refused one, or null when even the default was refused. */
export function fallbackQuery(
  query: ContactQuery,
  reason: QueryRejection,
): { query: ContactQuery; notice: ViewNotice } | null {
  if (reason === 'notFound' && query.listId !== null)
    return { query: { ...query, listId: null }, notice: 'listNotFound' };
  if (reason === 'notFound' && query.segmentId !== null)
    return { query: { ...query, segmentId: null }, notice: 'segmentNotFound' };
  if (sameQuery(query, DEFAULT_QUERY)) return null;
  return { query: DEFAULT_QUERY, notice: 'viewRejected' };
}

export function mergeNotices(current: ViewNotice[], more: ViewNotice[]): ViewNotice[] {
  return more.reduce(add, current);
}
