export { VirtualTable } from './VirtualTable';
export type { VirtualTableProps } from './VirtualTable';
