import { memo, useCallback, useEffect, useLayoutEffect, useRef } from 'react';
import { useVirtualizer } from '@tanstack/react-virtual';
import type { KeyboardEvent, MouseEvent, ReactElement } from 'react';
import { cssAlign } from '../../internal/table/align';
import type { TableColumn } from '../../internal/table/column';

interface RowProps<T> {
  row: T;
  index: number;
  start: number;
  columns: readonly TableColumn<T>[];
  focusable: boolean;
}

/**
 * One row. Memoized: while scrolling, rows that stay in view keep their props (same row object,
 * index, position and columns) and are skipped; only rows entering the view render.
 */
const VirtualRow = memo(function VirtualRow<T>({ row, index, start, columns, focusable }: RowProps<T>) {
  return (
    <div
      role="row"
      className="vt-row"
      aria-rowindex={index + 2}
      data-index={index}
      tabIndex={focusable ? 0 : undefined}
      style={{ transform: `translateY(${start}px)` }}
    >
      {columns.map((column) => (
        <div key={column.key} role="cell" className="vt-cell" data-align={cssAlign(column.align)}>
          {column.cell(row, index)}
        </div>
      ))}
    </div>
  );
}) as <T>(props: RowProps<T>) => ReactElement;

export interface VirtualBodyProps<T> {
  /** The table's scroll container; null until it is mounted. */
  scrollElement: HTMLDivElement | null;
  rows: readonly T[];
  columns: readonly TableColumn<T>[];
  getRowKey: (row: T) => string;
  rowHeight: number;
  overscan: number;
  /** The viewport height, the virtualizer's size until it has measured the container. */
  height: number;
  onRowClick?: (row: T) => void;
  onRangeChange?: (range: { start: number; end: number }) => void;
}

/**
 * The row group. It owns the virtualizer, so a scroll re-renders only this component (plain
 * elements and memoized rows), not the table's frame and header.
 */
export function VirtualBody<T>({
  scrollElement,
  rows,
  columns,
  getRowKey,
  rowHeight,
  overscan,
  height,
  onRowClick,
  onRangeChange,
}: VirtualBodyProps<T>) {
  // eslint-disable-next-line react-hooks/incompatible-library -- the virtualizer is designed to be re-read each render
  const virtualizer = useVirtualizer({
    count: rows.length,
    getScrollElement: () => scrollElement,
    estimateSize: () => rowHeight,
    overscan,
    initialRect: { width: 0, height },
    // Render the rows that come into view in the next task, not synchronously inside the scroll
    // event (flushSync there turns each wheel event into one long task).
    useFlushSync: false,
  });

  // One click and one key handler for every row (event delegation): rows take no callbacks, so
  // a new `onRowClick` from the caller does not re-render them.
  const latest = useRef({ rows, onRowClick });
  useLayoutEffect(() => {
    latest.current = { rows, onRowClick };
  });
  const rowOf = useCallback((target: EventTarget) => {
    const element = target instanceof Element ? target.closest<HTMLElement>('.vt-row') : null;
    const index = element ? Number(element.dataset.index) : NaN;
    return { element, row: Number.isNaN(index) ? undefined : latest.current.rows[index] };
  }, []);
  const onClick = useCallback(
    (event: MouseEvent<HTMLDivElement>) => {
      const { row } = rowOf(event.target);
      if (row !== undefined) latest.current.onRowClick?.(row);
    },
    [rowOf],
  );
  const onKeyDown = useCallback(
    (event: KeyboardEvent<HTMLDivElement>) => {
      if (event.key !== 'Enter' && event.key !== ' ') return;
      const { element, row } = rowOf(event.target);
      // Only a focused row itself: Enter on a control inside a cell is that control's.
      if (row === undefined || element !== event.target) return;
      event.preventDefault();
      latest.current.onRowClick?.(row);
    },
    [rowOf],
  );

  const items = virtualizer.getVirtualItems();
  const start = items[0]?.index ?? -1;
  const end = items.at(-1)?.index ?? -1;
  useEffect(() => {
    onRangeChange?.({ start, end });
  }, [onRangeChange, start, end]);

  const clickable = Boolean(onRowClick);
  return (
    <div
      role="rowgroup"
      className="vt-body"
      data-clickable={clickable || undefined}
      style={{ height: virtualizer.getTotalSize() }}
      onClick={clickable ? onClick : undefined}
      onKeyDown={clickable ? onKeyDown : undefined}
    >
      {items.map((item) => {
        const row = rows[item.index];
        if (row === undefined) return null;
        return (
          <VirtualRow
            key={getRowKey(row)}
            row={row}
            index={item.index}
            start={item.start}
            columns={columns}
            focusable={clickable}
          />
        );
      })}
    </div>
  );
}
