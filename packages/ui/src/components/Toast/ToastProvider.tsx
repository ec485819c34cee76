import { createContext, useCallback, useContext, useEffect, useMemo, useRef, useState } from 'react';
import type { ReactNode } from 'react';
import { createPortal } from 'react-dom';
import styled, { useTheme } from 'styled-components';
import { useTexts } from '../../i18n';
import { Toast } from './Toast';
import type { ToastLevel } from './Toast';

export interface ToastOptions {
  /** Severity; defaults to `info`. */
  level?: ToastLevel;
  /** Main line. */
  message: ReactNode;
  /** Second line, e.g. the server message appended to an error. */
  detail?: ReactNode;
  /** Milliseconds until it closes by itself; -1 (the default, `timing.toastTimeoutMs`) keeps it open. */
  timeout?: number;
  /** Reuse an id to replace a toast instead of stacking a new one. */
  id?: string;
}

export interface ToastItem extends Required<Pick<ToastOptions, 'level' | 'message' | 'timeout' | 'id'>> {
  detail?: ReactNode;
}

export interface ToastApi {
  /** Shows a toast and returns its id. */
  show: (options: ToastOptions) => string;
  error: (message: ReactNode, options?: Omit<ToastOptions, 'message' | 'level'>) => string;
  warn: (message: ReactNode, options?: Omit<ToastOptions, 'message' | 'level'>) => string;
  info: (message: ReactNode, options?: Omit<ToastOptions, 'message' | 'level'>) => string;
  /** Closes one toast. */
  dismiss: (id: string) => void;
  /** Closes every toast. */
  clear: () => void;
}

const ToastContext = createContext<ToastApi | null>(null);

export interface ToastProviderProps {
  /** Timeout for toasts that do not set one. Defaults to the theme's `toastTimeoutMs` (-1: until closed). */
  defaultTimeout?: number;
  /** Most toasts shown at once; older ones are dropped first. */
  max?: number;
  children?: ReactNode;
}

const Viewport = styled.section`
  position: fixed;
  top: ${({ theme }) => theme.layout.headerHeight + theme.space.lg}px;
  right: ${({ theme }) => theme.space.lg}px;
  z-index: ${({ theme }) => theme.zIndex.toast};
  display: flex;
  flex-direction: column;
  gap: ${({ theme }) => theme.space.sm}px;
  width: min(400px, calc(100vw - ${({ theme }) => theme.space.lg * 2}px));
  pointer-events: none;
  &:empty {
    display: none;
  }
`;

function TimedToast({ item, onDismiss }: { item: ToastItem; onDismiss: (id: string) => void }) {
  const [paused, setPaused] = useState(false);
  useEffect(() => {
    if (item.timeout < 0 || paused) return undefined;
    const handle = setTimeout(() => onDismiss(item.id), item.timeout);
    return () => clearTimeout(handle);
  }, [item.id, item.timeout, paused, onDismiss]);
  return (
    <Toast
      level={item.level}
      message={item.message}
      detail={item.detail}
      onClose={() => onDismiss(item.id)}
      onPause={() => setPaused(true)}
      onResume={() => setPaused(false)}
    />
  );
}

/** Holds the toast stack, renders it in the top-right corner and provides `useToast()`. */
export function ToastProvider({ defaultTimeout, max = 5, children }: ToastProviderProps) {
  const theme = useTheme();
  const texts = useTexts();
  const fallbackTimeout = defaultTimeout ?? theme.timing.toastTimeoutMs;
  const [items, setItems] = useState<ToastItem[]>([]);
  const counter = useRef(0);

  const dismiss = useCallback((id: string) => setItems((list) => list.filter((t) => t.id !== id)), []);
  const clear = useCallback(() => setItems([]), []);
  const show = useCallback(
    (options: ToastOptions) => {
      counter.current += 1;
      const id = options.id ?? `toast-${counter.current}`;
      const item: ToastItem = {
        id,
        level: options.level ?? 'info',
        message: options.message,
        detail: options.detail,
        timeout: options.timeout ?? fallbackTimeout,
      };
      setItems((list) => [...list.filter((t) => t.id !== id), item].slice(-max));
      return id;
    },
    [fallbackTimeout, max],
  );
  const api = useMemo<ToastApi>(
    () => ({
      show,
      dismiss,
      clear,
      error: (message, options) => show({ ...options, message, level: 'error' }),
      warn: (message, options) => show({ ...options, message, level: 'warn' }),
      info: (message, options) => show({ ...options, message, level: 'info' }),
    }),
    [show, dismiss, clear],
  );

  const viewport = (
    // Stays usable above an open modal dialog (which makes the rest of the page inert).
    <Viewport aria-label={texts.notifications} hidden={items.length === 0} data-ui-keep-interactive="">
      {items.map((item) => (
        <TimedToast key={item.id} item={item} onDismiss={dismiss} />
      ))}
    </Viewport>
  );

  return (
    <ToastContext.Provider value={api}>
      {children}
      {typeof document === 'undefined' ? null : createPortal(viewport, document.body)}
    </ToastContext.Provider>
  );
}

/** Shows and closes toasts. Must be used inside `ToastProvider` (which `UiProvider` includes). */
export function useToast(): ToastApi {
  const api = useContext(ToastContext);
  if (!api) throw new Error('useToast() needs a ToastProvider (or UiProvider) above it.');
  return api;
}
