export { Table } from './Table';
export type { TableProps } from './Table';
export type { TableColumn } from '../../internal/table/column';
export { sortRows, compareSortValues } from '../../internal/table/sort';
export type { SortDirection, TableSort, SortValue } from '../../internal/table/sort';
