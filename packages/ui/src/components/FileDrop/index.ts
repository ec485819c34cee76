export { FileDrop } from './FileDrop';
export type { FileDropProps, FileDropItem } from './FileDrop';
export { validateFiles, matchesAccept, formatBytes } from './file-rules';
export type { FileRejection, FileRejectionReason, FileRules } from './file-rules';
