// Types shared by the pagedList machine, its actors and the screens that give it a page reader.
import type { Pagination } from '../../api/client.ts';

/** What a list is asked for: filters by name (strings; empty means no filter). */
export type ListQuery = Record<string, string>;

/** Where a page starts: a page number, or the cursor the previous page's Pagination header gave. */
export interface PagePosition {
  page: number;
  cursor: string | null;
}

export interface PageInput {
  query: ListQuery;
  position: PagePosition;
}

export interface PageOutput<Row> {
  rows: Row[];
  pagination: Pagination | null;
}

export interface PagedListContext<Row = unknown> {
  query: ListQuery;
  position: PagePosition;
  rows: Row[];
  pagination: Pagination | null;
  /** Bumped on each read, so a live refresh can tell its rows from a newer filter's. */
  reads: number;
}

export type PagedListEvent =
  | { type: 'list.query'; query: ListQuery }
  | { type: 'list.page'; page: number }
  | { type: 'list.next' }
  | { type: 'list.retry' }
  | { type: 'list.refresh' };

export interface PagedListInput {
  query?: ListQuery;
}
