import { useEffect, useId, useState } from 'react';
import styled, { css } from 'styled-components';
import type { KeyboardEvent, ReactNode } from 'react';
import { useTexts } from '../../i18n';
import { cssAlign } from '../../internal/table/align';
import { cssLength } from '../../internal/table/column';
import type { TableColumn } from '../../internal/table/column';
import { SortHeader, ariaSort } from '../../internal/table/SortHeader';
import type { TableSort } from '../../internal/table/sort';
import { useTableSort } from '../../internal/table/use-table-sort';

export interface TableProps<T> {
  /** Column definitions. */
  columns: readonly TableColumn<T>[];
  /** Rows to show. */
  rows: readonly T[];
  /** Stable key of a row. */
  getRowKey: (row: T) => string;
  /** Caption naming the table (required for accessibility); hide it visually with `captionHidden`. */
  caption: ReactNode;
  /** Keeps the caption for screen readers only. */
  captionHidden?: boolean;
  /** Current sort (controlled); `null` for unsorted. */
  sort?: TableSort | null;
  /** Initial sort when uncontrolled. */
  defaultSort?: TableSort | null;
  /** Called when a sortable header is activated. */
  onSortChange?: (sort: TableSort | null) => void;
  /** The caller sorts `rows` itself (e.g. on the server); the table only shows the sort state. */
  manualSorting?: boolean;
  /** Makes rows clickable and keyboard-activatable (Enter / Space). */
  onRowClick?: (row: T) => void;
  /** Row key to mark as selected. */
  selectedRowKey?: string;
  /** Shown in place of rows when `rows` is empty. Defaults to the built-in "No data" text. */
  emptyText?: ReactNode;
  /** Keeps the header visible while the body scrolls; give `maxHeight` to scroll inside the table. */
  stickyHeader?: boolean;
  /** Height limit of the scroll area (px number or CSS length). */
  maxHeight?: number | string;
  /**
   * Narrowest the table gets (px): below it the table scrolls sideways instead of squeezing its
   * columns until Japanese text stands one character per line. The scroll area is then a
   * focusable region named by the caption, so keyboard users can scroll it too.
   */
  minWidth?: number;
  /** Keeps the first column (e.g. the document number) in view while the table scrolls sideways. */
  stickyFirstColumn?: boolean;
  className?: string;
}

const Scroll = styled.div<{ $maxHeight?: string }>`
  /* The containing block of the visually hidden caption: without it the caption is placed
     against the page and a table wider than the page widens the whole document. */
  position: relative;
  width: 100%;
  overflow: auto;
  ${({ $maxHeight }) =>
    $maxHeight &&
    css`
      max-height: ${$maxHeight};
    `}
  background: ${({ theme }) => theme.colors.surface};
  border: 1px solid ${({ theme }) => theme.colors.divider};
  border-radius: ${({ theme }) => theme.radii.md}px;
  &:focus-visible {
    outline: 2px solid ${({ theme }) => theme.colors.focus};
    outline-offset: 2px;
  }
`;

const StyledTable = styled.table<{ $minWidth?: number; $stickyFirst: boolean }>`
  width: 100%;
  ${({ $minWidth }) => $minWidth !== undefined && `min-width: ${$minWidth}px;`}
  ${({ $stickyFirst, theme }) =>
    $stickyFirst &&
    css`
      & > thead > tr > th:first-child,
      & > tbody > tr > td:first-child {
        position: sticky;
        left: 0;
        z-index: ${theme.zIndex.sticky};
        background: ${theme.colors.surface};
        box-shadow: inset -1px 0 0 ${theme.colors.divider};
      }
      & > thead > tr > th:first-child {
        z-index: ${theme.zIndex.sticky + 1};
        background: ${theme.colors.surfaceMuted};
      }
    `}
  border-collapse: separate;
  border-spacing: 0;
  font-size: ${({ theme }) => theme.typography.fontSize.sm};
  font-variant-numeric: tabular-nums;
`;

const Caption = styled.caption`
  padding: ${({ theme }) => `${theme.space.md}px ${theme.space.lg}px`};
  text-align: left;
  font-weight: ${({ theme }) => theme.typography.fontWeight.bold};
  font-size: ${({ theme }) => theme.typography.fontSize.md};
`;

const HiddenCaption = styled.caption`
  position: absolute;
  width: 1px;
  height: 1px;
  overflow: hidden;
  clip: rect(0 0 0 0);
  white-space: nowrap;
`;

const Th = styled.th<{ $align: string; $sticky: boolean; $width?: string }>`
  ${({ $sticky, theme }) =>
    $sticky &&
    css`
      position: sticky;
      top: 0;
      z-index: ${theme.zIndex.sticky};
    `}
  ${({ $width }) => $width && `width: ${$width};`}
  padding: ${({ theme }) => `${theme.space.sm}px ${theme.space.md}px`};
  background: ${({ theme }) => theme.colors.surfaceMuted};
  border-bottom: 1px solid ${({ theme }) => theme.colors.border};
  color: ${({ theme }) => theme.colors.text};
  font-weight: ${({ theme }) => theme.typography.fontWeight.bold};
  text-align: ${({ $align }) => $align};
  white-space: nowrap;
  vertical-align: middle;
`;

const Td = styled.td<{ $align: string; $nowrap: boolean }>`
  padding: ${({ theme }) => `${theme.space.sm}px ${theme.space.md}px`};
  border-bottom: 1px solid ${({ theme }) => theme.colors.divider};
  text-align: ${({ $align }) => $align};
  vertical-align: middle;
  ${({ $nowrap }) => $nowrap && 'white-space: nowrap;'}
`;

const Tr = styled.tr<{ $clickable: boolean }>`
  ${({ $clickable, theme }) =>
    $clickable &&
    css`
      cursor: pointer;
      &:hover > td {
        background: ${theme.colors.surfaceMuted};
      }
      &:focus-visible {
        outline: 2px solid ${theme.colors.focus};
        outline-offset: -2px;
      }
    `}
  &[aria-current='true'] > td {
    background: ${({ theme }) => theme.colors.surfaceSelected};
  }
  &:last-child > td {
    border-bottom: none;
  }
`;

const EmptyCell = styled.td`
  padding: ${({ theme }) => `${theme.space.xxl}px ${theme.space.lg}px`};
  text-align: center;
  color: ${({ theme }) => theme.colors.textMuted};
`;

/** Whether `el` has more content than it shows, followed as its size or its content's changes. */
function useOverflowing(el: HTMLElement | null): boolean {
  const [overflowing, setOverflowing] = useState(false);
  useEffect(() => {
    if (!el) return undefined;
    const check = () =>
      setOverflowing(el.scrollWidth > el.clientWidth + 1 || el.scrollHeight > el.clientHeight + 1);
    check();
    if (typeof ResizeObserver !== 'function') return undefined;
    const observer = new ResizeObserver(check);
    observer.observe(el);
    for (const child of Array.from(el.children)) observer.observe(child);
    return () => observer.disconnect();
  }, [el]);
  return overflowing;
}

/**
 * A data table with sortable headers, an empty-text slot, clickable rows and an optional sticky
 * header. For thousands of rows use `VirtualTable`.
 */
export function Table<T>({
  columns,
  rows,
  getRowKey,
  caption,
  captionHidden = false,
  sort,
  defaultSort = null,
  onSortChange,
  manualSorting = false,
  onRowClick,
  selectedRowKey,
  emptyText,
  stickyHeader = false,
  maxHeight,
  minWidth,
  stickyFirstColumn = false,
  className,
}: TableProps<T>) {
  const texts = useTexts();
  const { currentSort, shownRows, toggleSort } = useTableSort({
    rows,
    columns,
    sort,
    defaultSort,
    onSortChange,
    manualSorting,
  });

  const onRowKeyDown = (event: KeyboardEvent<HTMLTableRowElement>, row: T) => {
    if (event.target !== event.currentTarget) return;
    if (event.key === 'Enter' || event.key === ' ') {
      event.preventDefault();
      onRowClick?.(row);
    }
  };

  const captionId = useId();
  const [scroll, setScroll] = useState<HTMLDivElement | null>(null);
  const overflowing = useOverflowing(scroll);
  // A table that scrolls (by its own limits, or because a narrow screen cannot fit it) is a
  // named region reachable by keyboard, so its hidden part can be scrolled into view without a mouse.
  const scrollable = maxHeight !== undefined || minWidth !== undefined || overflowing;
  const CaptionTag = captionHidden ? HiddenCaption : Caption;

  return (
    <Scroll
      ref={setScroll}
      className={className}
      $maxHeight={cssLength(maxHeight)}
      tabIndex={scrollable ? 0 : undefined}
      role={scrollable ? 'region' : undefined}
      aria-labelledby={scrollable ? captionId : undefined}
    >
      <StyledTable $minWidth={minWidth} $stickyFirst={stickyFirstColumn}>
        <CaptionTag id={captionId}>{caption}</CaptionTag>
        <thead>
          <tr>
            {columns.map((column) => {
              const align = cssAlign(column.align);
              return (
                <Th
                  key={column.key}
                  scope="col"
                  aria-sort={ariaSort(column, currentSort)}
                  $align={align}
                  $sticky={stickyHeader}
                  $width={cssLength(column.width)}
                >
                  <SortHeader
                    column={column}
                    sort={currentSort}
                    onToggle={toggleSort}
                    iconFirst={align === 'right'}
                  />
                </Th>
              );
            })}
          </tr>
        </thead>
        <tbody>
          {shownRows.length === 0 ? (
            <tr>
              <EmptyCell colSpan={columns.length}>{emptyText ?? texts.emptyTable}</EmptyCell>
            </tr>
          ) : (
            shownRows.map((row, rowIndex) => {
              const key = getRowKey(row);
              return (
                <Tr
                  key={key}
                  $clickable={Boolean(onRowClick)}
                  tabIndex={onRowClick ? 0 : undefined}
                  aria-current={selectedRowKey !== undefined && key === selectedRowKey ? 'true' : undefined}
                  onClick={onRowClick ? () => onRowClick(row) : undefined}
                  onKeyDown={onRowClick ? (event) => onRowKeyDown(event, row) : undefined}
                >
                  {columns.map((column) => (
                    <Td key={column.key} $align={cssAlign(column.align)} $nowrap={Boolean(column.nowrap)}>
                      {column.cell(row, rowIndex)}
                    </Td>
                  ))}
                </Tr>
              );
            })
          )}
        </tbody>
      </StyledTable>
    </Scroll>
  );
}
