/**
 * How many pixels of a virtual table's scroll box, under its header, no body row covers: the rows a frame shows
 * blank. Read once the frame is laid out and before it is painted (see EACH_FRAME_BEFORE_PAINT), it is what the frame
 * paints. Spacer rows are `aria-hidden` and do not count. Used by the contacts e2e and the scroll benchmark.
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

/**
 * Calls `measure` in every frame once the frame's animation callbacks have run and it is laid out, before it is
 * painted: in a ResizeObserver callback, which the browser runs after layout, for a probe element whose width every
 * animation frame changes. (An animation frame callback of its own would run before callbacks registered after it in
 * the same frame, such as a table following a keyboard's scroll animation.) Returns a function that stops it.
 *
 * Plain JavaScript source of a page function `(measure) => stop`, like BLANK_ROWS_PX.
 */
export const EACH_FRAME_BEFORE_PAINT = `(measure) => {
  const probe = document.createElement('div');
  probe.style.cssText = 'position: fixed; left: 0; top: 0; height: 1px; width: 1px; visibility: hidden; pointer-events: none';
  document.body.append(probe);
  let running = true;
  let wide = false;
  const observer = new ResizeObserver(() => { if (running) measure(); });
  const frame = () => {
    if (!running) return;
    wide = !wide;
    probe.style.width = wide ? '2px' : '1px';
    requestAnimationFrame(frame);
  };
  requestAnimationFrame(frame);
  observer.observe(probe);
  return () => { running = false; observer.disconnect(); probe.remove(); };
}`;
