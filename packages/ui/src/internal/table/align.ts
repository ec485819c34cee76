import type { TableColumn } from './column';

/** The CSS `text-align` of a column. */
export type CssAlign = 'left' | 'center' | 'right';

/**
 * A column's logical alignment as CSS. The portal is left-to-right in both languages, so `end`
 * is `right`.
 */
export function cssAlign(align: TableColumn<unknown>['align']): CssAlign {
  return align === 'end' ? 'right' : align === 'center' ? 'center' : 'left';
}
