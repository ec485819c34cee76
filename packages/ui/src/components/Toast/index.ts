export { Toast, toastLevels } from './Toast';
export type { ToastProps, ToastLevel, ToastAction } from './Toast';
export { ToastProvider, useToast } from './ToastProvider';
export type { ToastProviderProps, ToastOptions, ToastApi, ToastItem } from './ToastProvider';
