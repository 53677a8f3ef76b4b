import { Table } from '@mantine/core';
import { useState, type MouseEvent, type ReactNode, type UIEvent } from 'react';
import { useNavigate } from 'react-router';
import { inAppLink } from './PlainCells.tsx';

export interface VirtualTableProps {
  rowCount: number;
  rowHeight: number;
  height: number;
  head: ReactNode;
  renderRow: (index: number) => ReactNode;
  /** Called when the visible window reaches the last rows. */
  onEndReached?: () => void;
  overscan?: number;
  label?: string;
}

/** The rows to render for a scroll position: those in view and `overscan` more on each side. */
export function rowWindow(scrollTop: number, rowCount: number, rowHeight: number, height: number, overscan: number): { first: number; last: number } {
  return {
    first: Math.max(0, Math.floor(scrollTop / rowHeight) - overscan),
    last: Math.min(rowCount, Math.ceil((scrollTop + height) / rowHeight) + overscan),
  };
}

/**
 * A table that renders only the rows in view (fixed row height, a scroll container, spacer rows above and below), so
 * tens of thousands of loaded rows stay cheap. `aria-rowcount` tells assistive technology the full size. A scroll
 * event renders only when the window of rows changes. Links in rows marked as in-app (`PlainAnchor`) navigate
 * without reloading, through one click handler on the table instead of a router link per row.
 */
export function VirtualTable({ rowCount, rowHeight, height, head, renderRow, onEndReached, overscan = 10, label }: VirtualTableProps) {
  const navigate = useNavigate();
  const [scrollTop, setScrollTop] = useState(0);
  const { first, last } = rowWindow(scrollTop, rowCount, rowHeight, height, overscan);
  const onScroll = (event: UIEvent<HTMLDivElement>) => {
    const top = event.currentTarget.scrollTop;
    const next = rowWindow(top, rowCount, rowHeight, height, overscan);
    if (next.first !== first || next.last !== last) setScrollTop(top);
    if (onEndReached && top + height >= rowCount * rowHeight - rowHeight * 5) onEndReached();
  };
  const onClick = (event: MouseEvent<HTMLDivElement>) => {
    const path = inAppLink(event);
    if (path === null) return;
    event.preventDefault();
    navigate(path);
  };
  const rows: ReactNode[] = [];
  for (let i = first; i < last; i++) rows.push(renderRow(i));
  return (
    <div style={{ maxHeight: height, overflowY: 'auto', contain: 'content' }} onScroll={onScroll} onClick={onClick} data-testid="virtual-scroll">
      <Table stickyHeader highlightOnHover aria-rowcount={rowCount + 1} aria-label={label} layout="fixed" miw={700}>
        <Table.Thead>{head}</Table.Thead>
        <Table.Tbody>
          {first > 0 ? <tr aria-hidden style={{ height: first * rowHeight }} /> : null}
          {rows}
          {last < rowCount ? <tr aria-hidden style={{ height: (rowCount - last) * rowHeight }} /> : null}
        </Table.Tbody>
      </Table>
    </div>
  );
}
