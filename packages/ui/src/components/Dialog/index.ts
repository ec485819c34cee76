export { Dialog } from './Dialog';
export type { DialogProps, DialogCloseReason } from './Dialog';
