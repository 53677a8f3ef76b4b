import { Table } from '@mantine/core';
import { useEffect, useLayoutEffect, useRef, useState, type CSSProperties, type MouseEvent, type ReactNode, type UIEvent } from 'react';
import { flushSync } from 'react-dom';
import { useNavigate } from 'react-router';
import { inAppLink } from './PlainCells.tsx';
import classes from './VirtualTable.module.css';

export interface VirtualTableProps {
  rowCount: number;
  rowHeight: number;
  height: number;
  /** Column widths in pixels, in order; `null` columns share the rest of the width equally. */
  columns: Array<number | null>;
  /** The header row: a `<tr role="row">` of `<th role="columnheader">` cells. */
  head: ReactNode;
  /**
   * A body row: a `<tr role="row">` of `<td role="cell">` cells. The table makes it `rowHeight` pixels tall and clips its
   * content to that (VirtualTable.module.css), so a row needs no style of its own.
   */
  renderRow: (index: number) => ReactNode;
  /** Called when the visible window reaches the last rows. */
  onEndReached?: () => void;
  overscan?: number;
  label?: string;
}

/** Which way the table is being scrolled; null once it has been still for SETTLE_MS. */
export type ScrollDirection = 'down' | 'up' | null;

/** How long after the last scroll event the table counts as still and renders `overscan` rows on both sides. */
export const SETTLE_MS = 150;

/**
 * How many rows the window may grow on a side per step: per scroll event ahead of the view once a fast scroll slows
 * down, and per frame on both sides once the table has come to rest.
 */
export const AHEAD_GROWTH = 4;

/** Where the table was last scrolled to, which way, and how many rows it renders ahead of the view and behind it. */
export interface ScrollState {
  top: number;
  direction: ScrollDirection;
  ahead: number;
  behind: number;
}

/** The table still at `top`: the overscan on both sides. */
export const atRest = (top: number, overscan: number): ScrollState => ({ top, direction: null, ahead: overscan, behind: overscan });

/**
 * The state after a scroll event to `top`: one row behind the view (rows behind are leaving it). When the step went
 * past the overscan, rows rendered ahead would be passed over by the next step of that speed too: one row ahead only,
 * so a fast wheel mounts at most the rows in view and one on each side a frame (16), not 24. Otherwise the rows ahead
 * grow back to `overscan`, `AHEAD_GROWTH` per scroll event, so a scroll that slows down does not mount a whole
 * overscan in one frame. From rest the overscan is already rendered ahead; a scroll that turns starts from the rows it
 * kept behind.
 */
export function scrolledTo(previous: ScrollState, top: number, rowHeight: number, overscan: number): ScrollState {
  const direction: ScrollDirection = top > previous.top ? 'down' : top < previous.top ? 'up' : previous.direction;
  const from = previous.direction === null || direction === previous.direction ? previous.ahead : previous.behind;
  const ahead = Math.abs(top - previous.top) > overscan * rowHeight ? 1 : Math.min(overscan, from + AHEAD_GROWTH);
  return { top, direction, ahead, behind: 1 };
}

/**
 * One step of a table coming to rest: `AHEAD_GROWTH` more rows on each side, up to the overscan, then at rest. The
 * table takes one step a frame, so coming to rest after a fast scroll mounts a few rows a frame instead of some 20 in
 * one task.
 */
export function settledBy(state: ScrollState, overscan: number): ScrollState {
  const ahead = Math.min(overscan, state.ahead + AHEAD_GROWTH);
  const behind = Math.min(overscan, state.behind + AHEAD_GROWTH);
  return ahead === overscan && behind === overscan ? atRest(state.top, overscan) : { ...state, ahead, behind };
}

/** Rows `first` (included) to `last` (excluded). */
export interface RowRange {
  first: number;
  last: number;
}

/**
 * The rows to render for a scroll position: those in view, `ahead` more in the direction of scrolling and `behind`
 * on the other side (one while scrolling: rows behind are leaving the view); at rest `overscan` more on each side.
 * While scrolling, each frame then mounts only the rows the scroll is heading for: a jump (End, the scrollbar) mounts
 * a third fewer rows.
 */
export function rowWindow(
  scrollTop: number,
  rowCount: number,
  rowHeight: number,
  height: number,
  overscan: number,
  direction: ScrollDirection = null,
  ahead = overscan,
  behind = 1,
): RowRange {
  const before = direction === 'down' ? behind : direction === 'up' ? ahead : overscan;
  const after = direction === 'up' ? behind : direction === 'down' ? ahead : overscan;
  return {
    first: Math.max(0, Math.floor(scrollTop / rowHeight) - before),
    last: Math.min(rowCount, Math.ceil((scrollTop + height) / rowHeight) + after),
  };
}

/** The grid columns of the rows: fixed widths as given, the others `minmax(0, 1fr)`, as a fixed table layout shares them. */
export function gridColumns(columns: Array<number | null>): string {
  return columns.map((width) => (width === null ? 'minmax(0, 1fr)' : `${width}px`)).join(' ');
}

/**
 * A table that renders only the rows in view (fixed row height, a scroll container, spacer rows above and below), so
 * tens of thousands of loaded rows stay cheap. `aria-rowcount` tells assistive technology the full size. A scroll
 * event renders only when the window of rows changes, and then only the body (VirtualBody): the table around it,
 * Mantine's Table and header, is not rendered again on scroll. Each row is laid out on its own
 * (VirtualTable.module.css), so the rows that enter the window cost their own layout only. Links in rows marked as
 * in-app (`PlainAnchor`) navigate without reloading, through one click handler on the table instead of a router link
 * per row.
 */
export function VirtualTable({ rowCount, rowHeight, height, columns, head, renderRow, onEndReached, overscan = 10, label }: VirtualTableProps) {
  const navigate = useNavigate();
  // The last scroll state seen, the one the body was last given (it renders a new one only when its window changes),
  // the body's setter, and the timers that bring the table to rest.
  const seen = useRef(atRest(0, overscan));
  const given = useRef(seen.current);
  const show = useRef<(state: ScrollState) => void>(() => undefined);
  const settle = useRef<ReturnType<typeof setTimeout>>(undefined);
  const settleFrame = useRef(0);
  const followFrame = useRef(0);
  const scroller = useRef<HTMLDivElement>(null);
  useEffect(
    () => () => {
      clearTimeout(settle.current);
      cancelAnimationFrame(settleFrame.current);
      cancelAnimationFrame(followFrame.current);
    },
    [],
  );
  // The rows of a scroll state, with the current row count (the body derives its rows with this too).
  const windowOf = (state: ScrollState) => rowWindow(state.top, rowCount, rowHeight, height, overscan, state.direction, state.ahead, state.behind);
  const give = (state: ScrollState) => show.current((given.current = state));
  // Coming to rest: one step a frame until the overscan is rendered on both sides.
  const settleStep = () => {
    if (seen.current.direction === null) return;
    give((seen.current = settledBy(seen.current, overscan)));
    settleFrame.current = requestAnimationFrame(settleStep);
  };
  // A new scroll position (false when the table already followed it): the window of rows it needs, rendered before
  // this frame is painted. A scroll event is fired as the frame begins, and React would render a scroll's update in a
  // task after it, so every frame of a fast scroll would show the rows of the last one (the box blank where they do
  // not reach).
  const scrolled = (top: number): boolean => {
    if (top === seen.current.top) return false;
    cancelAnimationFrame(settleFrame.current);
    const state = (seen.current = scrolledTo(seen.current, top, rowHeight, overscan));
    const next = windowOf(state);
    const current = windowOf(given.current);
    if (next.first !== current.first || next.last !== current.last) flushSync(() => give(state));
    clearTimeout(settle.current);
    settle.current = setTimeout(settleStep, SETTLE_MS);
    if (onEndReached && top + height >= rowCount * rowHeight - rowHeight * 5) onEndReached();
    return true;
  };
  // Following a scroll in the frames' animation callbacks, until it has stopped for two frames. Chromium animates a
  // key's scroll (PageDown, End…) on the main thread: each frame moves the box and fires that step's scroll event only
  // as the next frame begins, so rows rendered on scroll events would come a frame late at every step. Started by a
  // key or a pointer press in the box (the animation's first frame has no scroll event before it) and by scrolling.
  const follow = () => {
    cancelAnimationFrame(followFrame.current);
    let still = 0;
    const check = () => {
      const top = scroller.current?.scrollTop;
      if (top === undefined) return;
      if (scrolled(top)) still = 0;
      else if (++still === 2) return;
      followFrame.current = requestAnimationFrame(check);
    };
    followFrame.current = requestAnimationFrame(check);
  };
  const onScroll = (event: UIEvent<HTMLDivElement>) => {
    scrolled(event.currentTarget.scrollTop);
    follow();
  };
  const onClick = (event: MouseEvent<HTMLDivElement>) => {
    const path = inAppLink(event);
    if (path === null) return;
    event.preventDefault();
    navigate(path);
  };
  return (
    // No scroll anchoring: the spacer rows already keep every row where it was, and Chromium would otherwise look for
    // an anchor row after each layout while the table scrolls. A focusable region named like its table, so that the
    // keys scroll it: a click on a row's text focuses the box, and Tab reaches it.
    <div
      ref={scroller}
      tabIndex={0}
      role="region"
      aria-label={label}
      className="mantine-focus-auto"
      style={{ maxHeight: height, overflowY: 'auto', overflowAnchor: 'none', contain: 'content' }}
      onScroll={onScroll}
      onKeyDown={follow}
      onPointerDown={follow}
      onClick={onClick}
      data-testid="virtual-scroll"
    >
      <Table
        stickyHeader
        highlightOnHover
        role="table"
        aria-rowcount={rowCount + 1}
        aria-label={label}
        miw={700}
        className={classes.table}
        style={{ '--virtual-table-columns': gridColumns(columns), '--virtual-table-row-height': `${rowHeight}px` } as CSSProperties}
      >
        <Table.Thead role="rowgroup">{head}</Table.Thead>
        <VirtualBody initial={given.current} show={show} windowOf={windowOf} rowCount={rowCount} rowHeight={rowHeight} renderRow={renderRow} />
      </Table>
    </div>
  );
}

interface VirtualBodyProps extends Pick<VirtualTableProps, 'rowCount' | 'rowHeight' | 'renderRow'> {
  /** The scroll state of the first render. */
  initial: ScrollState;
  /** Where the body puts the setter the table calls with each new scroll state. */
  show: { current: (state: ScrollState) => void };
  /** The table's rows of a scroll state (derived on each render: the row count changes as pages load). */
  windowOf: (state: ScrollState) => RowRange;
}

/** The rows of the window of a scroll state, between the two spacer rows. */
function VirtualBody({ initial, show, windowOf, rowCount, rowHeight, renderRow }: VirtualBodyProps) {
  const [view, setView] = useState(initial);
  useLayoutEffect(() => {
    show.current = setView;
  }, [show]);
  const { first, last } = windowOf(view);
  const rows: ReactNode[] = [];
  for (let i = first; i < last; i++) rows.push(renderRow(i));
  return (
    // Not Mantine's Tbody: see VirtualTable.module.css.
    <tbody role="rowgroup" className={`mantine-Table-tbody ${classes.body}`}>
      {first > 0 ? <tr aria-hidden style={{ height: first * rowHeight }} /> : null}
      {rows}
      {last < rowCount ? <tr aria-hidden style={{ height: (rowCount - last) * rowHeight }} /> : null}
    </tbody>
  );
}
