export { Pagination, paginationRange } from './Pagination';
export type { PaginationProps } from './Pagination';
