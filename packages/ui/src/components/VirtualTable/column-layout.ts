import type { TableColumn } from '../../internal/table/column';
import { cssLength } from '../../internal/table/column';

/** Share of a column without a width, in the header grid and in the rows alike. */
const flexibleMinWidth = '120px';

export interface ColumnLayout {
  /** The header row's `grid-template-columns`. */
  template: string;
  /** CSS rules giving each column's body cells the width of its header track. */
  columnRules: string;
  /** The rows' minimum width (`--vt-min-width`). */
  minWidth: string;
}

/**
 * The column widths of a `VirtualTable`. The header is a grid, the rows are flex lines (cheaper to
 * lay out while scrolling), so each width is written twice, once for each, from the same columns.
 */
export function columnLayout(columns: readonly Pick<TableColumn<unknown>, 'width'>[]): ColumnLayout {
  const template = columns.map((c) => cssLength(c.width) ?? `minmax(${flexibleMinWidth}, 1fr)`).join(' ');
  // Each column's cell width, as the header's grid tracks: a fixed width, or a share of the rest.
  const columnRules = columns
    .map((c, i) => {
      const width = cssLength(c.width);
      const size = width ? `width: ${width};` : `flex: 1 1 0; min-width: ${flexibleMinWidth};`;
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
  return { template, columnRules, minWidth };
}
