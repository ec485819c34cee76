export { ProjectRequests } from './project-requests';
export type { ProjectRequestsProps } from './project-requests';
export { RequestFormDialog } from './request-form-dialog';
export type { RequestFormDialogProps } from './request-form-dialog';
export { RequestTable } from './request-table';
export type { RequestTableProps } from './request-table';
export { officeName, requestStatusTone, useRequestFormats } from './request-format';
