// What other features use of the requests feature: the matter's request tab (projects) and the
// deliverable table with the office name (the /deliverables page).
export { ProjectRequests } from './project-requests';
export type { ProjectRequestsProps } from './project-requests';
export { DeliverableTable } from './detail/deliverable-table';
export type { DeliverableTableProps } from './detail/deliverable-table';
export { officeName } from './request-format';
