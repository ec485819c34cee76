import { useCallback, useId, useLayoutEffect, useRef, useState } from 'react';
import { useTheme } from 'styled-components';
import type { CSSProperties, ReactNode } from 'react';
import { useTexts } from '../../i18n';
import { cssAlign } from '../../internal/table/align';
import type { TableColumn } from '../../internal/table/column';
import { SortHeader, ariaSort } from '../../internal/table/SortHeader';
import type { TableSort } from '../../internal/table/sort';
import { useTableSort } from '../../internal/table/use-table-sort';
import { VisuallyHidden } from '../../internal/VisuallyHidden';
import { columnLayout } from './column-layout';
import { useScrollingFlag } from './use-scrolling-flag';
import { VirtualBody } from './VirtualBody';
import { Empty, HeaderCell, HeaderGroup, HeaderRow, Scroll } from './VirtualTable.styles';

export interface VirtualTableProps<T> {
  /** Column definitions (same shape as `Table`). Widths become grid tracks; columns without one share the rest. */
  columns: readonly TableColumn<T>[];
  /** Every row; only the visible ones (plus `overscan`) are in the DOM. */
  rows: readonly T[];
  /** Stable key of a row. */
  getRowKey: (row: T) => string;
  /** Accessible name of the table. */
  label: string;
  /** Height of the scroll viewport in px. */
  height?: number;
  /** Fixed row height in px (rows are not measured, which keeps scrolling smooth). */
  rowHeight?: number;
  /** Rows rendered beyond the viewport on each side. */
  overscan?: number;
  /** Current sort (controlled). */
  sort?: TableSort | null;
  /** Initial sort when uncontrolled. */
  defaultSort?: TableSort | null;
  /** Called when a sortable header is activated. */
  onSortChange?: (sort: TableSort | null) => void;
  /** The caller sorts `rows`; the table only shows the state. */
  manualSorting?: boolean;
  /** Makes rows clickable and keyboard-activatable. */
  onRowClick?: (row: T) => void;
  /** Shown when there are no rows. */
  emptyText?: ReactNode;
  /**
   * Called with the rows in view (plus `overscan`) whenever they change, so a caller that holds
   * only some rows can fetch the ones the viewport needs.
   */
  onRangeChange?: (range: VirtualRange) => void;
  /** Receives the scroll container (to remember and restore its position); null on unmount. */
  scrollRef?: (element: HTMLDivElement | null) => void;
  className?: string;
}

/** Indexes of the first and last rendered row (inclusive); -1 for both when there are none. */
export interface VirtualRange {
  start: number;
  end: number;
}

/**
 * A table that renders only the visible rows (@tanstack/react-virtual), for 10,000 rows and
 * more. It keeps table semantics (role table/row/cell with aria-rowcount and aria-rowindex) and
 * a sticky header; the scroll area is focusable so it scrolls with the keyboard.
 * For smooth scrolling pass stable `columns` (memoized) whose cells are cheap: a row re-renders
 * only when its row object, index or the columns change.
 */
export function VirtualTable<T>({
  columns,
  rows,
  getRowKey,
  label,
  height = 480,
  rowHeight: rowHeightProp,
  overscan = 8,
  sort,
  defaultSort = null,
  onSortChange,
  manualSorting = false,
  onRowClick,
  emptyText,
  onRangeChange,
  scrollRef,
  className,
}: VirtualTableProps<T>) {
  const theme = useTheme();
  const texts = useTexts();
  const rowHeight = rowHeightProp ?? theme.layout.controlHeight.lg - theme.space.xs;
  const labelId = useId();
  // State, not a ref: the body's virtualizer (a child) must see the element once it exists, and a
  // child's layout effects run before its parent's ref is set.
  const [scrollElement, setScrollElementState] = useState<HTMLDivElement | null>(null);
  const latestScrollRef = useRef(scrollRef);
  useLayoutEffect(() => {
    latestScrollRef.current = scrollRef;
  });
  const setScrollElement = useCallback((element: HTMLDivElement | null) => {
    setScrollElementState(element);
    latestScrollRef.current?.(element);
  }, []);
  useScrollingFlag(scrollElement);
  const { currentSort, shownRows, toggleSort } = useTableSort({
    rows,
    columns,
    sort,
    defaultSort,
    onSortChange,
    manualSorting,
  });

  const { template, columnRules, minWidth } = columnLayout(columns);
  const bodyVariables = {
    '--vt-min-width': minWidth,
    '--vt-row-height': `${rowHeight}px`,
  } as CSSProperties;

  return (
    <Scroll
      ref={setScrollElement}
      className={className}
      $height={height}
      $columnRules={columnRules}
      tabIndex={0}
      role="region"
      aria-labelledby={labelId}
      style={bodyVariables}
    >
      <VisuallyHidden id={labelId}>{label}</VisuallyHidden>
      <div role="table" aria-labelledby={labelId} aria-rowcount={shownRows.length + 1}>
        <HeaderGroup role="rowgroup">
          <HeaderRow role="row" aria-rowindex={1} $template={template} $minWidth={minWidth}>
            {columns.map((column) => (
              <HeaderCell
                key={column.key}
                role="columnheader"
                aria-sort={ariaSort(column, currentSort)}
                $align={cssAlign(column.align)}
              >
                <SortHeader column={column} sort={currentSort} onToggle={toggleSort} />
              </HeaderCell>
            ))}
          </HeaderRow>
        </HeaderGroup>
        <VirtualBody
          scrollElement={scrollElement}
          rows={shownRows}
          columns={columns}
          getRowKey={getRowKey}
          rowHeight={rowHeight}
          overscan={overscan}
          height={height}
          onRowClick={onRowClick}
          onRangeChange={onRangeChange}
        />
      </div>
      {shownRows.length === 0 && <Empty>{emptyText ?? texts.emptyTable}</Empty>}
    </Scroll>
  );
}
