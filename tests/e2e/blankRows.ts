/**
 * How many pixels of a virtual table's scroll box, under its header, no body row covers: the rows a frame shows
 * blank. Read in an animation frame callback (after the frame's scroll events, before its paint), it is what that
 * frame paints. Spacer rows are `aria-hidden` and do not count. Used by the contacts e2e and the scroll benchmark.
 *
 * Plain JavaScript source of a page function `(box) => px`: tsx would wrap named functions of a page function in a
 * helper the page does not have.
 */
export const BLANK_ROWS_PX = `(box) => {
  const view = box.getBoundingClientRect();
  const top = box.querySelector('thead th').getBoundingClientRect().bottom;
  const rows = box.querySelectorAll('tbody tr:not([aria-hidden])');
  if (rows.length === 0) return view.bottom - top;
  return Math.max(0, rows[0].getBoundingClientRect().top - top) + Math.max(0, view.bottom - rows[rows.length - 1].getBoundingClientRect().bottom);
}`;
