import { useId, useMemo, useRef } from 'react';
import { useVirtualizer } from '@tanstack/react-virtual';
import styled, { css, useTheme } from 'styled-components';
import type { KeyboardEvent, ReactNode } from 'react';
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

const Scroll = styled.div<{ $height: number }>`
  position: relative;
  height: ${({ $height }) => $height}px;
  overflow: auto;
  background: ${({ theme }) => theme.colors.surface};
  border: 1px solid ${({ theme }) => theme.colors.divider};
  border-radius: ${({ theme }) => theme.radii.md}px;
  font-size: ${({ theme }) => theme.typography.fontSize.sm};
  font-variant-numeric: tabular-nums;
  contain: strict;
  &:focus-visible {
    outline: 2px solid ${({ theme }) => theme.colors.focus};
    outline-offset: 2px;
  }
`;

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

const Body = styled.div`
  position: relative;
  width: 100%;
`;

const Row = styled(Grid)<{ $clickable: boolean; $height: number }>`
  position: absolute;
  top: 0;
  left: 0;
  width: 100%;
  height: ${({ $height }) => $height}px;
  border-bottom: 1px solid ${({ theme }) => theme.colors.divider};
  background: ${({ theme }) => theme.colors.surface};
  ${({ $clickable, theme }) =>
    $clickable &&
    css`
      cursor: pointer;
      &:hover {
        background: ${theme.colors.surfaceMuted};
      }
      &:focus-visible {
        outline: 2px solid ${theme.colors.focus};
        outline-offset: -2px;
      }
    `}
`;

const Cell = styled.div<{ $align: string }>`
  display: flex;
  align-items: center;
  justify-content: ${({ $align }) => ($align === 'right' ? 'flex-end' : $align === 'center' ? 'center' : 'flex-start')};
  padding: 0 ${({ theme }) => theme.space.md}px;
  overflow: hidden;
  white-space: nowrap;
  text-overflow: ellipsis;
`;

const Empty = styled.div`
  padding: ${({ theme }) => `${theme.space.xxl}px ${theme.space.lg}px`};
  text-align: center;
  color: ${({ theme }) => theme.colors.textMuted};
`;

/**
 * A table that renders only the visible rows (@tanstack/react-virtual), for 10,000 rows and
 * more. It keeps table semantics (role table/row/cell with aria-rowcount and aria-rowindex) and
 * a sticky header; the scroll area is focusable so it scrolls with the keyboard.
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
  const scrollRef = useRef<HTMLDivElement>(null);
  const [currentSort, setSort] = useControllableState<TableSort | null>(sort, defaultSort, onSortChange);

  const shownRows = useMemo(() => {
    if (manualSorting || !currentSort) return rows;
    const column = columns.find((c) => c.key === currentSort.key);
    if (!column?.sortValue) return rows;
    return sortRows(rows, column.sortValue, currentSort.direction, locale);
  }, [rows, columns, currentSort, manualSorting, locale]);

  // eslint-disable-next-line react-hooks/incompatible-library -- the virtualizer is designed to be re-read each render
  const virtualizer = useVirtualizer({
    count: shownRows.length,
    getScrollElement: () => scrollRef.current,
    estimateSize: () => rowHeight,
    overscan,
    initialRect: { width: 0, height },
  });

  const template = columns.map((c) => cssLength(c.width) ?? 'minmax(120px, 1fr)').join(' ');
  const minWidth = columns.some((c) => c.width === undefined) ? '100%' : 'max-content';

  const toggleSort = (key: string) => {
    setSort(
      currentSort?.key === key
        ? { key, direction: currentSort.direction === 'asc' ? 'desc' : 'asc' }
        : { key, direction: 'asc' },
    );
  };

  const onRowKeyDown = (event: KeyboardEvent<HTMLDivElement>, row: T) => {
    if (event.key === 'Enter' || event.key === ' ') {
      event.preventDefault();
      onRowClick?.(row);
    }
  };

  return (
    <Scroll
      ref={scrollRef}
      className={className}
      $height={height}
      tabIndex={0}
      role="region"
      aria-labelledby={labelId}
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
        <Body role="rowgroup" style={{ height: virtualizer.getTotalSize() }}>
          {virtualizer.getVirtualItems().map((item) => {
            const row = shownRows[item.index];
            if (row === undefined) return null;
            return (
              <Row
                key={getRowKey(row)}
                role="row"
                aria-rowindex={item.index + 2}
                data-index={item.index}
                $template={template}
                $minWidth={minWidth}
                $height={item.size}
                $clickable={Boolean(onRowClick)}
                style={{ transform: `translateY(${item.start}px)` }}
                tabIndex={onRowClick ? 0 : undefined}
                onClick={onRowClick ? () => onRowClick(row) : undefined}
                onKeyDown={onRowClick ? (event) => onRowKeyDown(event, row) : undefined}
              >
                {columns.map((column) => (
                  <Cell key={column.key} role="cell" $align={cssAlign(column.align)}>
                    {column.cell(row, item.index)}
                  </Cell>
                ))}
              </Row>
            );
          })}
        </Body>
      </div>
      {shownRows.length === 0 && <Empty>{emptyText ?? texts.emptyTable}</Empty>}
    </Scroll>
  );
}
