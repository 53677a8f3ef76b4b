import { decodeCursor, encodeCursor, type CursorList } from '../../http/cursor.ts';

/** A page asked for by number, or by the cursor of the previous page (which wins when both are given). */
export interface PageRequest {
  page: number;
  perPage: number;
  cursor?: string | undefined;
}

/** A page of a list read newest first by id, with what its Pagination header says. */
export interface Page<T> {
  rows: T[];
  page: number;
  total: number;
  nextCursor: string | null;
}

/**
 * Where a page of `list` starts, as SQL for a query whose items are `alias.id`, newest first: the id condition to add
 * after a cursor (`and alias.id < $n`) or the offset of a page number, and the count of items on earlier pages
 * (`count(*) filter (…)` over the same rows) that gives a cursor's page its number. `bind` answers a placeholder.
 */
export function pagePosition(list: CursorList, request: PageRequest, alias: string, bind: (value: unknown) => string) {
  if (request.cursor === undefined) {
    return { after: null, where: '', offset: (request.page - 1) * request.perPage, earlier: '0' };
  }
  const after = bind(decodeCursor(list, request.cursor));
  return {
    after,
    where: `and ${alias}.id < ${after}`,
    offset: 0,
    earlier: `count(*) filter (where ${alias}.id >= ${after})`,
  };
}

/** The page of `perPage` rows out of up to `perPage + 1` read (the extra one says that more follow). */
export function pageOf<T extends { id: number }>(
  list: CursorList,
  read: T[],
  request: PageRequest,
  total: number,
  earlier: number,
): Page<T> {
  const rows = read.slice(0, request.perPage);
  const more = read.length > request.perPage;
  const page = request.cursor === undefined ? request.page : Math.floor(earlier / request.perPage) + 1;
  return { rows, page, total, nextCursor: more ? encodeCursor(list, rows[rows.length - 1]!.id) : null };
}
