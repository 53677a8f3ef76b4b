import { Table } from '@mantine/core';
import { observeElementOffset, useVirtualizer, type Virtualizer } from '@tanstack/react-virtual';
import { useState, type CSSProperties, type MouseEvent, type ReactNode } from 'react';
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
  /** Called when the rows in view come within `END_ROWS` of the last row. */
  onEndReached?: () => void;
  overscan?: number;
  label?: string;
}

/** How close to the last row the view comes before the table asks for more rows (`onEndReached`). */
export const END_ROWS = 5;

/** The grid columns of the rows: fixed widths as given, the others `minmax(0, 1fr)`, as a fixed table layout shares them. */
export function gridColumns(columns: Array<number | null>): string {
  return columns.map((width) => (width === null ? 'minmax(0, 1fr)' : `${width}px`)).join(' ');
}

/**
 * TanStack's scroll observer (the box's scroll events), plus the box's position read in every animation frame from a
 * key press, a pointer press or a scroll until it has not moved for two frames. Chromium animates a key's scroll
 * (PageDown, End…) on the main thread and fires each step's scroll event only as the next frame begins, so rows
 * rendered on scroll events alone would come a frame late at every step: the box blank where they do not reach yet.
 * The scroll event that follows reports a position the virtualizer already has, and it ignores it.
 */
function observeOffsetEachFrame(
  instance: Virtualizer<HTMLDivElement, Element>,
  report: (offset: number, isScrolling: boolean) => void,
) {
  const stopEvents = observeElementOffset(instance, report);
  const box = instance.scrollElement;
  if (!box) return stopEvents;
  let frame = 0;
  const follow = () => {
    cancelAnimationFrame(frame);
    let last = instance.scrollOffset ?? box.scrollTop;
    let still = 0;
    const check = () => {
      const top = box.scrollTop;
      if (top !== last) {
        last = top;
        still = 0;
        report(top, true);
      } else if (++still === 2) return;
      frame = requestAnimationFrame(check);
    };
    frame = requestAnimationFrame(check);
  };
  const starts = ['keydown', 'pointerdown', 'scroll'] as const;
  for (const type of starts) box.addEventListener(type, follow, { passive: true });
  return () => {
    stopEvents?.();
    for (const type of starts) box.removeEventListener(type, follow);
    cancelAnimationFrame(frame);
  };
}

/**
 * A table that renders only the rows in view and `overscan` more on each side (TanStack Virtual over a scroll box of
 * `height` pixels, fixed row height, spacer rows above and below), so tens of thousands of loaded rows stay cheap.
 * `aria-rowcount` tells assistive technology the full size. Only the body (VirtualBody) renders on scroll: Mantine's
 * Table and the header around it do not. Each row is laid out on its own (VirtualTable.module.css), so the rows that
 * enter the window cost their own layout only. Links in rows marked as in-app (`PlainAnchor`) navigate without
 * reloading, through one click handler on the table instead of a router link per row.
 */
export function VirtualTable({
  rowCount,
  rowHeight,
  height,
  columns,
  head,
  renderRow,
  onEndReached,
  overscan = 10,
  label,
}: VirtualTableProps) {
  const navigate = useNavigate();
  // State rather than a ref: the body's virtualizer attaches to the box in its layout effect, which React runs before
  // it sets the box's ref; a state update renders the body again with the box.
  const [scroller, setScroller] = useState<HTMLDivElement | null>(null);
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
      ref={setScroller}
      tabIndex={0}
      role="region"
      aria-label={label}
      className="mantine-focus-auto"
      style={{ maxHeight: height, overflowY: 'auto', overflowAnchor: 'none', contain: 'content' }}
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
        style={
          {
            '--virtual-table-columns': gridColumns(columns),
            '--virtual-table-row-height': `${rowHeight}px`,
          } as CSSProperties
        }
      >
        <Table.Thead role="rowgroup">{head}</Table.Thead>
        <VirtualBody
          scroller={scroller}
          rowCount={rowCount}
          rowHeight={rowHeight}
          height={height}
          overscan={overscan}
          renderRow={renderRow}
          onEndReached={onEndReached}
        />
      </Table>
    </div>
  );
}

type BodyProps = 'rowCount' | 'rowHeight' | 'height' | 'renderRow' | 'onEndReached';

interface VirtualBodyProps extends Pick<VirtualTableProps, BodyProps> {
  scroller: HTMLDivElement | null;
  overscan: number;
}

/**
 * The rows of the window between two spacer rows. The virtualizer renders the body again when the window changes,
 * synchronously within the scroll event (flushSync), so the rows a scroll brings into view are drawn in the frame
 * that scrolls to them.
 */
function VirtualBody({ scroller, rowCount, rowHeight, height, overscan, renderRow, onEndReached }: VirtualBodyProps) {
  const virtualizer = useVirtualizer({
    count: rowCount,
    getScrollElement: () => scroller,
    estimateSize: () => rowHeight,
    overscan,
    observeElementOffset: observeOffsetEachFrame,
    // The box's height before it is observed, so the first render already holds the rows in view.
    initialRect: { width: 0, height },
    onChange: (instance: Virtualizer<HTMLDivElement, Element>) => {
      const lastInView = instance.range?.endIndex;
      if (onEndReached && lastInView !== undefined && lastInView >= rowCount - END_ROWS) onEndReached();
    },
  });
  const items = virtualizer.getVirtualItems();
  const before = items[0]?.start ?? 0;
  const after = items.length > 0 ? virtualizer.getTotalSize() - items[items.length - 1]!.end : 0;
  return (
    // Not Mantine's Tbody: see VirtualTable.module.css.
    <tbody role="rowgroup" className={`mantine-Table-tbody ${classes.body}`}>
      {before > 0 ? <tr aria-hidden style={{ height: before }} /> : null}
      {items.map((item) => renderRow(item.index))}
      {after > 0 ? <tr aria-hidden style={{ height: after }} /> : null}
    </tbody>
  );
}
