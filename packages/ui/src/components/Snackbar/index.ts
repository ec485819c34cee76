export { Snackbar } from './Snackbar';
export type { SnackbarProps, SnackbarCloseReason } from './Snackbar';
