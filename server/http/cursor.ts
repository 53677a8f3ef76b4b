import { invalid } from './errors.ts';

/**
 * Opaque positions in a list read newest first by id: base64url of `<list>:<id>`, where the list's name keeps a
 * cursor of one list from being taken for another's. A cursor only says where to continue; every query that uses
 * one is still scoped by company and parent, so a forged cursor reads nothing it could not read from page 1.
 */
export type CursorList = 'notes' | 'timeline' | 'messagelog' | 'recipients' | 'incoming';

export const INVALID_CURSOR = 'This position in the list is not valid; start again from the first page.';

export function encodeCursor(list: CursorList, id: number): string {
  return Buffer.from(`${list}:${id}`).toString('base64url');
}

/** The id a cursor continues after; a 422 on the `cursor` field when this list did not issue it. */
export function decodeCursor(list: CursorList, cursor: string): number {
  // Node's decoder skips characters outside the alphabet; a cursor holding any was not issued here.
  const text = /^[A-Za-z0-9_-]+$/.test(cursor) ? Buffer.from(cursor, 'base64url').toString('utf8') : '';
  const match = /^([a-z]+):([1-9][0-9]{0,15})$/.exec(text);
  const id = match && match[1] === list ? Number(match[2]) : NaN;
  if (!Number.isSafeInteger(id)) throw invalid({ cursor: [INVALID_CURSOR] });
  return id;
}
