export { Dialog, DiscardChangesDialog, useDialogUnsavedChanges } from './Dialog';
export type { DialogProps, DialogCloseReason, DiscardChangesDialogProps } from './Dialog';
