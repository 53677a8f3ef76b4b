import { Table } from '@mantine/core';
import { useState, type ReactNode, type UIEvent } from 'react';

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

/**
 * A table that renders only the rows in view (fixed row height, a scroll container, spacer rows above and below), so
 * tens of thousands of loaded rows stay cheap. `aria-rowcount` tells assistive technology the full size.
 */
export function VirtualTable({ rowCount, rowHeight, height, head, renderRow, onEndReached, overscan = 10, label }: VirtualTableProps) {
  const [scrollTop, setScrollTop] = useState(0);
  const first = Math.max(0, Math.floor(scrollTop / rowHeight) - overscan);
  const last = Math.min(rowCount, Math.ceil((scrollTop + height) / rowHeight) + overscan);
  const onScroll = (event: UIEvent<HTMLDivElement>) => {
    const top = event.currentTarget.scrollTop;
    setScrollTop(top);
    if (onEndReached && top + height >= rowCount * rowHeight - rowHeight * 5) onEndReached();
  };
  const rows: ReactNode[] = [];
  for (let i = first; i < last; i++) rows.push(renderRow(i));
  return (
    <div style={{ maxHeight: height, overflowY: 'auto' }} onScroll={onScroll} data-testid="virtual-scroll">
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
