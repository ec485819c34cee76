export { Toast, toastLevels } from './Toast';
export type { ToastProps, ToastLevel } from './Toast';
export { ToastProvider, useToast } from './ToastProvider';
export type { ToastProviderProps, ToastOptions, ToastApi, ToastItem } from './ToastProvider';
