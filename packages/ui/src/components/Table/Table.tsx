import { useId, useMemo } from 'react';
import styled, { css } from 'styled-components';
import type { KeyboardEvent, ReactNode } from 'react';
import { useTexts, useUiText } from '../../i18n';
import { ChevronDownIcon, ChevronUpIcon, SortIcon } from '../../icons';
import { focusRing } from '../../internal/styles';
import { useControllableState } from '../../internal/use-controllable';
import { VisuallyHidden } from '../../internal/VisuallyHidden';
import { sortRows } from './sort';
import type { SortValue, TableSort } from './sort';

export interface TableColumn<T> {
  /** Unique key; also the sort key. */
  key: string;
  /** Header content. */
  header: ReactNode;
  /** Cell content for a row. */
  cell: (row: T, rowIndex: number) => ReactNode;
  /** Makes the header a sort button. */
  sortable?: boolean;
  /** Value used for built-in sorting (defaults to nothing: rows keep their order unless `manualSorting`). */
  sortValue?: (row: T) => SortValue;
  /** Horizontal alignment; use `end` for numbers and amounts. */
  align?: 'start' | 'center' | 'end';
  /** Column width (px number or any CSS length). */
  width?: number | string;
  /** Keeps the cell on one line (codes, dates). */
  nowrap?: boolean;
}

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

const StyledTable = styled.table`
  width: 100%;
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

const SortButton = styled.button<{ $align: string }>`
  display: inline-flex;
  align-items: center;
  gap: ${({ theme }) => theme.space.xs}px;
  flex-direction: ${({ $align }) => ($align === 'right' ? 'row-reverse' : 'row')};
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
  & > svg {
    flex: none;
  }
`;

// The button's baseline comes from the text, not from the icon: with the icon first (end-aligned
// columns use row-reverse) Chrome took the icon's bottom edge, lifting that header by 2 px.
const HeaderText = styled.span`
  align-self: baseline;
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

export function cssAlign(align: TableColumn<unknown>['align']): string {
  return align === 'end' ? 'right' : align === 'center' ? 'center' : 'left';
}

export function cssLength(value: number | string | undefined): string | undefined {
  return typeof value === 'number' ? `${value}px` : value;
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
  className,
}: TableProps<T>) {
  const texts = useTexts();
  const { locale } = useUiText();
  const [currentSort, setSort] = useControllableState<TableSort | null>(sort, defaultSort, onSortChange);

  const shownRows = useMemo(() => {
    if (manualSorting || !currentSort) return rows;
    const column = columns.find((c) => c.key === currentSort.key);
    if (!column?.sortValue) return rows;
    return sortRows(rows, column.sortValue, currentSort.direction, locale);
  }, [rows, columns, currentSort, manualSorting, locale]);

  const toggleSort = (key: string) => {
    if (currentSort?.key === key) {
      setSort({ key, direction: currentSort.direction === 'asc' ? 'desc' : 'asc' });
    } else {
      setSort({ key, direction: 'asc' });
    }
  };

  const onRowKeyDown = (event: KeyboardEvent<HTMLTableRowElement>, row: T) => {
    if (event.target !== event.currentTarget) return;
    if (event.key === 'Enter' || event.key === ' ') {
      event.preventDefault();
      onRowClick?.(row);
    }
  };

  const captionId = useId();
  const scrollable = maxHeight !== undefined;
  const CaptionTag = captionHidden ? HiddenCaption : Caption;

  return (
    <Scroll
      className={className}
      $maxHeight={cssLength(maxHeight)}
      tabIndex={scrollable ? 0 : undefined}
      role={scrollable ? 'region' : undefined}
      aria-labelledby={scrollable ? captionId : undefined}
    >
      <StyledTable>
        <CaptionTag id={captionId}>{caption}</CaptionTag>
        <thead>
          <tr>
            {columns.map((column) => {
              const align = cssAlign(column.align);
              const sorted = currentSort?.key === column.key ? currentSort.direction : null;
              const ariaSort = sorted === 'asc' ? 'ascending' : sorted === 'desc' ? 'descending' : undefined;
              return (
                <Th
                  key={column.key}
                  scope="col"
                  aria-sort={column.sortable ? (ariaSort ?? 'none') : undefined}
                  $align={align}
                  $sticky={stickyHeader}
                  $width={cssLength(column.width)}
                >
                  {column.sortable ? (
                    <SortButton type="button" $align={align} onClick={() => toggleSort(column.key)}>
                      <HeaderText>{column.header}</HeaderText>
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
