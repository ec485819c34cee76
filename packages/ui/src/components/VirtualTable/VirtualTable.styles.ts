import styled, { css } from 'styled-components';

/**
 * VirtualBody's rows and cells are plain elements (`.vt-body`, `.vt-row`, `.vt-cell`) styled from
 * here by class, not styled components: a fast scroll mounts dozens of rows per frame, and a
 * styled component per row and cell would cost more than the row itself. Row height and minimum
 * width come as custom properties.
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

export const Scroll = styled.div<{ $height: number; $columnRules: string }>`
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

const Grid = styled.div<{ $template: string; $minWidth: string }>`
  display: grid;
  grid-template-columns: ${({ $template }) => $template};
  min-width: ${({ $minWidth }) => $minWidth};
`;

// The row group (not the row) is sticky: a sticky element only sticks within its parent.
export const HeaderGroup = styled.div`
  position: sticky;
  top: 0;
  z-index: ${({ theme }) => theme.zIndex.sticky};
`;

export const HeaderRow = styled(Grid)`
  background: ${({ theme }) => theme.colors.surfaceMuted};
  border-bottom: 1px solid ${({ theme }) => theme.colors.border};
`;

export const HeaderCell = styled.div<{ $align: string }>`
  display: flex;
  align-items: center;
  justify-content: ${({ $align }) => ($align === 'right' ? 'flex-end' : $align === 'center' ? 'center' : 'flex-start')};
  padding: ${({ theme }) => `${theme.space.sm}px ${theme.space.md}px`};
  font-weight: ${({ theme }) => theme.typography.fontWeight.bold};
  white-space: nowrap;
`;

export const Empty = styled.div`
  padding: ${({ theme }) => `${theme.space.xxl}px ${theme.space.lg}px`};
  text-align: center;
  color: ${({ theme }) => theme.colors.textMuted};
`;
