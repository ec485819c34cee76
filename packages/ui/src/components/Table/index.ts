export { Table } from './Table';
export type { TableProps, TableColumn } from './Table';
export { sortRows, compareSortValues } from './sort';
export type { SortDirection, TableSort, SortValue } from './sort';
