import styled from 'styled-components';
import type { ReactNode } from 'react';
import { useTexts } from '../../i18n';
import { ChevronDownIcon, ChevronUpIcon, SortIcon } from '../../icons';
import { focusRing } from '../styles';
import { VisuallyHidden } from '../VisuallyHidden';
import type { TableColumn } from './column';
import type { SortDirection, TableSort } from './sort';

const SortButton = styled.button<{ $iconFirst: boolean }>`
  display: inline-flex;
  align-items: center;
  gap: ${({ theme }) => theme.space.xs}px;
  flex-direction: ${({ $iconFirst }) => ($iconFirst ? 'row-reverse' : 'row')};
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

// The button's baseline comes from the text, not from the icon: with the icon first (row-reverse)
// Chrome took the icon's bottom edge, lifting that header by 2 px.
const HeaderText = styled.span`
  align-self: baseline;
`;

/** What the sort state needs to know of a column. */
type SortableColumn = Pick<TableColumn<unknown>, 'key' | 'sortable'>;

/** The direction `column` is sorted in, or null when another column (or none) is sorted. */
function directionOf(column: SortableColumn, sort: TableSort | null): SortDirection | null {
  return sort?.key === column.key ? sort.direction : null;
}

/** The header cell's `aria-sort`: only sortable columns carry one, `none` while unsorted. */
export function ariaSort(
  column: SortableColumn,
  sort: TableSort | null,
): 'ascending' | 'descending' | 'none' | undefined {
  if (!column.sortable) return undefined;
  const direction = directionOf(column, sort);
  return direction === 'asc' ? 'ascending' : direction === 'desc' ? 'descending' : 'none';
}

export interface SortHeaderProps<T> {
  column: TableColumn<T>;
  /** The table's current sort. */
  sort: TableSort | null;
  /** Called with the column's key when its sort button is activated. */
  onToggle: (key: string) => void;
  /**
   * Puts the icon before the text. `Table` does so in end-aligned columns, so that the header
   * text ends at the same edge as the numbers below it.
   */
  iconFirst?: boolean;
}

/**
 * The content of a header cell: the header as a sort button with the direction's icon and its
 * screen-reader text when the column is sortable, the plain header otherwise. The cell element
 * itself (`th` or a grid cell) and its `aria-sort` (`ariaSort`) belong to the table.
 */
export function SortHeader<T>({ column, sort, onToggle, iconFirst = false }: SortHeaderProps<T>): ReactNode {
  const texts = useTexts();
  if (!column.sortable) return column.header;
  const direction = directionOf(column, sort);
  return (
    <SortButton type="button" $iconFirst={iconFirst} onClick={() => onToggle(column.key)}>
      <HeaderText>{column.header}</HeaderText>
      {direction === 'asc' ? (
        <ChevronUpIcon size={16} />
      ) : direction === 'desc' ? (
        <ChevronDownIcon size={16} />
      ) : (
        <SortIcon size={16} />
      )}
      <VisuallyHidden>
        {direction === 'asc'
          ? texts.sortAscending
          : direction === 'desc'
            ? texts.sortDescending
            : texts.sortNone}
      </VisuallyHidden>
    </SortButton>
  );
}
