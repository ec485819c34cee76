export { VirtualTable } from './VirtualTable';
export type { VirtualRange, VirtualTableProps } from './VirtualTable';
