import { memo, useCallback, useEffect, useId, useLayoutEffect, useMemo, useRef, useState } from 'react';
import { useVirtualizer } from '@tanstack/react-virtual';
import styled, { css, useTheme } from 'styled-components';
import type { CSSProperties, KeyboardEvent, MouseEvent, ReactElement, ReactNode } from 'react';
import { useTexts, useUiText } from '../../i18n';
import { ChevronDownIcon, ChevronUpIcon, SortIcon } from '../../icons';
import { focusRing } from '../../internal/styles';
import { useControllableState } from '../../internal/use-controllable';
import { VisuallyHidden } from '../../internal/VisuallyHidden';
import { cssAlign, cssLength } from '../Table/Table';
import type { TableColumn } from '../Table/Table';
import { sortRows } from '../Table/sort';
import type { TableSort } from '../Table/sort';

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
  className?: string;
}

/**
 * Rows and cells are plain elements styled from here (by class), not styled components: a fast
 * scroll mounts dozens of rows per frame, and a styled component per row and cell would cost more
 * than the row itself. Row height and minimum width come as custom properties.
 */
const bodyStyles = css`
  position: relative;
  width: 100%;
  & > .vt-row {
    position: absolute;
    top: 0;
    left: 0;
    display: flex;
    width: 100%;
    min-width: var(--vt-min-width);
    height: var(--vt-row-height);
    border-bottom: 1px solid ${({ theme }) => theme.colors.divider};
    /* A row's content never changes another row's layout: keep style and layout work per row. */
    contain: layout style;
  }
  &[data-clickable] > .vt-row {
    cursor: pointer;
    &:hover {
      background: ${({ theme }) => theme.colors.surfaceMuted};
    }
    &:focus-visible {
      outline: 2px solid ${({ theme }) => theme.colors.focus};
      outline-offset: -2px;
    }
  }
  /*
   * A row is a flex line of cells whose widths are set per column (columnRules): cheaper to lay
   * out than a grid. Cells are blocks centred by line height: text that does not fit ends in an
   * ellipsis without a wrapper element. A cell's size never depends on its content (contain: strict).
   */
  & > .vt-row > .vt-cell {
    flex: none;
    min-width: 0;
    padding: 0 ${({ theme }) => theme.space.md}px;
    line-height: calc(var(--vt-row-height) - 1px);
    overflow: hidden;
    white-space: nowrap;
    text-overflow: ellipsis;
    contain: strict;
  }
  & > .vt-row > .vt-cell[data-align='right'] {
    text-align: right;
  }
  & > .vt-row > .vt-cell[data-align='center'] {
    text-align: center;
  }
`;

const Scroll = styled.div<{ $height: number; $columnRules: string }>`
  position: relative;
  height: ${({ $height }) => $height}px;
  overflow: auto;
  background: ${({ theme }) => theme.colors.surface};
  border: 1px solid ${({ theme }) => theme.colors.divider};
  border-radius: ${({ theme }) => theme.radii.md}px;
  font-size: ${({ theme }) => theme.typography.fontSize.sm};
  font-variant-numeric: tabular-nums;
  contain: strict;
  /* Scroll on the compositor: the rows already painted move without being painted again. */
  will-change: scroll-position;
  &:focus-visible {
    outline: 2px solid ${({ theme }) => theme.colors.focus};
    outline-offset: 2px;
  }
  & .vt-body {
    ${bodyStyles}
  }
  /* While scrolling, rows take no pointer events: the browser skips hover hit tests and restyles
     of the rows passing under a resting pointer, the main-thread work left in a fast scroll. */
  &[data-scrolling] .vt-body {
    pointer-events: none;
  }
  ${({ $columnRules }) => $columnRules}
`;

/** How long after the last scroll event rows take pointer events again. */
const scrollSettleMs = 150;

/**
 * Marks the element with `data-scrolling` while it scrolls. An attribute set directly, not React
 * state: a scroll must not re-render the table.
 */
function useScrollingFlag(element: HTMLElement | null): void {
  useEffect(() => {
    if (!element) return undefined;
    let timer: ReturnType<typeof setTimeout> | undefined;
    const onScroll = () => {
      if (timer === undefined) element.setAttribute('data-scrolling', '');
      else clearTimeout(timer);
      timer = setTimeout(() => {
        timer = undefined;
        element.removeAttribute('data-scrolling');
      }, scrollSettleMs);
    };
    element.addEventListener('scroll', onScroll, { passive: true });
    return () => {
      element.removeEventListener('scroll', onScroll);
      if (timer !== undefined) clearTimeout(timer);
      element.removeAttribute('data-scrolling');
    };
  }, [element]);
}

const Grid = styled.div<{ $template: string; $minWidth: string }>`
  display: grid;
  grid-template-columns: ${({ $template }) => $template};
  min-width: ${({ $minWidth }) => $minWidth};
`;

// The row group (not the row) is sticky: a sticky element only sticks within its parent.
const HeaderGroup = styled.div`
  position: sticky;
  top: 0;
  z-index: ${({ theme }) => theme.zIndex.sticky};
`;

const HeaderRow = styled(Grid)`
  background: ${({ theme }) => theme.colors.surfaceMuted};
  border-bottom: 1px solid ${({ theme }) => theme.colors.border};
`;

const HeaderCell = styled.div<{ $align: string }>`
  display: flex;
  align-items: center;
  justify-content: ${({ $align }) => ($align === 'right' ? 'flex-end' : $align === 'center' ? 'center' : 'flex-start')};
  padding: ${({ theme }) => `${theme.space.sm}px ${theme.space.md}px`};
  font-weight: ${({ theme }) => theme.typography.fontWeight.bold};
  white-space: nowrap;
`;

const SortButton = styled.button`
  display: inline-flex;
  align-items: center;
  gap: ${({ theme }) => theme.space.xs}px;
  padding: ${({ theme }) => theme.space.xxs}px ${({ theme }) => theme.space.xs}px;
  margin: -${({ theme }) => theme.space.xxs}px -${({ theme }) => theme.space.xs}px;
  border: none;
  border-radius: ${({ theme }) => theme.radii.sm}px;
  background: transparent;
  font: inherit;
  color: inherit;
  cursor: pointer;
  &:hover {
    background: ${({ theme }) => theme.colors.surfaceSelected};
  }
  ${focusRing}
`;

const Empty = styled.div`
  padding: ${({ theme }) => `${theme.space.xxl}px ${theme.space.lg}px`};
  text-align: center;
  color: ${({ theme }) => theme.colors.textMuted};
`;

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

interface BodyProps<T> {
  scrollElement: HTMLDivElement | null;
  rows: readonly T[];
  columns: readonly TableColumn<T>[];
  getRowKey: (row: T) => string;
  rowHeight: number;
  overscan: number;
  height: number;
  onRowClick?: (row: T) => void;
}

/**
 * The row group. It owns the virtualizer, so a scroll re-renders only this component (plain
 * elements and memoized rows), not the table's frame and header.
 */
function VirtualBody<T>({
  scrollElement,
  rows,
  columns,
  getRowKey,
  rowHeight,
  overscan,
  height,
  onRowClick,
}: BodyProps<T>) {
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
      {virtualizer.getVirtualItems().map((item) => {
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
  className,
}: VirtualTableProps<T>) {
  const theme = useTheme();
  const texts = useTexts();
  const { locale } = useUiText();
  const rowHeight = rowHeightProp ?? theme.layout.controlHeight.lg - theme.space.xs;
  const labelId = useId();
  // State, not a ref: the body's virtualizer (a child) must see the element once it exists, and a
  // child's layout effects run before its parent's ref is set.
  const [scrollElement, setScrollElement] = useState<HTMLDivElement | null>(null);
  useScrollingFlag(scrollElement);
  const [currentSort, setSort] = useControllableState<TableSort | null>(sort, defaultSort, onSortChange);

  const shownRows = useMemo(() => {
    if (manualSorting || !currentSort) return rows;
    const column = columns.find((c) => c.key === currentSort.key);
    if (!column?.sortValue) return rows;
    return sortRows(rows, column.sortValue, currentSort.direction, locale);
  }, [rows, columns, currentSort, manualSorting, locale]);

  const template = columns.map((c) => cssLength(c.width) ?? 'minmax(120px, 1fr)').join(' ');
  // Each column's cell width, as the header's grid tracks: a fixed width, or a share of the rest.
  const columnRules = columns
    .map((c, i) => {
      const width = cssLength(c.width);
      const size = width ? `width: ${width};` : 'flex: 1 1 0; min-width: 120px;';
      return `& .vt-body > .vt-row > .vt-cell:nth-child(${i + 1}) { ${size} }`;
    })
    .join('\n');
  // Rows are as wide as their columns (they scroll sideways when the viewport is narrower). With
  // px widths that is a fixed length: 'max-content' would make every row measure its cells.
  const pxWidths = columns.map((c) => c.width).filter((w): w is number => typeof w === 'number');
  const minWidth = columns.some((c) => c.width === undefined)
    ? '100%'
    : pxWidths.length === columns.length
      ? `${pxWidths.reduce((sum, w) => sum + w, 0)}px`
      : 'max-content';
  const bodyVariables = {
    '--vt-min-width': minWidth,
    '--vt-row-height': `${rowHeight}px`,
  } as CSSProperties;

  const toggleSort = (key: string) => {
    setSort(
      currentSort?.key === key
        ? { key, direction: currentSort.direction === 'asc' ? 'desc' : 'asc' }
        : { key, direction: 'asc' },
    );
  };

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
            {columns.map((column) => {
              const align = cssAlign(column.align);
              const sorted = currentSort?.key === column.key ? currentSort.direction : null;
              return (
                <HeaderCell
                  key={column.key}
                  role="columnheader"
                  aria-sort={
                    column.sortable
                      ? sorted === 'asc'
                        ? 'ascending'
                        : sorted === 'desc'
                          ? 'descending'
                          : 'none'
                      : undefined
                  }
                  $align={align}
                >
                  {column.sortable ? (
                    <SortButton type="button" onClick={() => toggleSort(column.key)}>
                      {column.header}
                      {sorted === 'asc' ? (
                        <ChevronUpIcon size={16} />
                      ) : sorted === 'desc' ? (
                        <ChevronDownIcon size={16} />
                      ) : (
                        <SortIcon size={16} />
                      )}
                      <VisuallyHidden>
                        {sorted === 'asc'
                          ? texts.sortAscending
                          : sorted === 'desc'
                            ? texts.sortDescending
                            : texts.sortNone}
                      </VisuallyHidden>
                    </SortButton>
                  ) : (
                    column.header
                  )}
                </HeaderCell>
              );
            })}
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
        />
      </div>
      {shownRows.length === 0 && <Empty>{emptyText ?? texts.emptyTable}</Empty>}
    </Scroll>
  );
}
