// What other features use of the requests feature: the matter's request tab (projects), and the
// deliverable table with the office name and the detail texts it needs (the /deliverables page).
export { ProjectRequests } from './project-requests';
export type { ProjectRequestsProps } from './project-requests';
export { DeliverableTable } from './detail/deliverable-table';
export type { DeliverableTableProps } from './detail/deliverable-table';
export { requestDetailTexts } from './detail/request-detail-texts';
export { officeName } from './request-format';
