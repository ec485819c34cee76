import { createContext, useCallback, useContext, useEffect, useMemo, useRef, useState } from 'react';
import type { ReactNode } from 'react';
import { createPortal } from 'react-dom';
import styled, { useTheme } from 'styled-components';
import { useTexts } from '../../i18n';
import { Toast } from './Toast';
import type { ToastAction, ToastLevel } from './Toast';

export interface ToastOptions {
  /** Severity; defaults to `info`. */
  level?: ToastLevel;
  /** Main line. */
  message: ReactNode;
  /** Second line, e.g. the server message appended to an error. */
  detail?: ReactNode;
  /** A button under the message (e.g. "Open matter"); using it also closes the toast. */
  action?: ToastAction;
  /** Milliseconds until it closes by itself; -1 (the default, `timing.toastTimeoutMs`) keeps it open. */
  timeout?: number;
  /**
   * Gives the toast an identity of its own: it replaces only the toast of the same id and stays
   * apart from the others of its level (e.g. a standing reminder). Without an id, a toast
   * replaces the shown toast of its level.
   */
  id?: string;
}

export interface ToastItem extends Required<Pick<ToastOptions, 'level' | 'message' | 'timeout' | 'id'>> {
  detail?: ReactNode;
  action?: ToastAction;
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

/**
 * Where the toasts raised while a modal dialog is open show instead of the page's corner: an open
 * dialog registers a slot in its panel, so that a toast about the dialog's form lies in the
 * dialog's flow above its body and covers none of its controls. A toast belongs to the layer it
 * was raised in: one shown before the dialog opened (the last action's "sent") stays on the page
 * behind the dialog, where it cannot read as part of the dialog's question; when a dialog closes,
 * its toasts fall back to the layer below. The topmost dialog's slot takes the new toasts, except
 * that a question asked over a dialog (`question`: an alertdialog such as "discard?") leaves them
 * in the dialog they are about. `register` returns the undo.
 */
export interface ToastHost {
  register: (slot: HTMLElement, options?: { question?: boolean }) => () => void;
}

interface ToastSlot {
  element: HTMLElement;
  question: boolean;
}

export const ToastHostContext = createContext<ToastHost | null>(null);

interface StackItem extends ToastItem {
  /** Shown without an id of its own: the next toast of its level replaces it. */
  replaceable: boolean;
  /** The dialog slots open when it was raised, outermost first, up to the one it belongs to. */
  layers: readonly HTMLElement[];
}

export interface ToastProviderProps {
  /** Timeout for toasts that do not set one. Defaults to the theme's `toastTimeoutMs` (-1: until closed). */
  defaultTimeout?: number;
  /** Most toasts shown at once; older ones are dropped first. */
  max?: number;
  children?: ReactNode;
}

// In the page: fixed in the top-right corner under the header, behind the backdrop while a
// dialog is open. In a dialog's slot: in the flow.
const Viewport = styled.section<{ $docked: boolean; $behindDialog: boolean }>`
  display: flex;
  flex-direction: column;
  gap: ${({ theme }) => theme.space.sm}px;
  ${({ theme, $docked, $behindDialog }) =>
    $docked
      ? `
    padding: ${theme.space.xs}px ${theme.space.xl}px ${theme.space.sm}px;
  `
      : `
    position: fixed;
    top: ${theme.layout.headerHeight + theme.space.lg}px;
    right: ${theme.space.lg}px;
    z-index: ${$behindDialog ? theme.zIndex.popover : theme.zIndex.toast};
    width: min(${theme.layout.toastWidth}px, calc(100vw - ${theme.space.lg * 2}px));
    pointer-events: none;
  `}
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
      action={
        item.action && {
          label: item.action.label,
          onClick: () => {
            onDismiss(item.id);
            item.action?.onClick();
          },
        }
      }
      onClose={() => onDismiss(item.id)}
      onPause={() => setPaused(true)}
      onResume={() => setPaused(false)}
    />
  );
}

/**
 * Holds the toast stack and provides `useToast()`. Renders each toast in the top-right corner of
 * the page, or inside the open modal dialog it was raised in (see `ToastHost`). At most one toast per level is
 * shown, plus those shown with an id of their own.
 */
export function ToastProvider({ defaultTimeout, max = 5, children }: ToastProviderProps) {
  const theme = useTheme();
  const texts = useTexts();
  const fallbackTimeout = defaultTimeout ?? theme.timing.toastTimeoutMs;
  const [items, setItems] = useState<StackItem[]>([]);
  const [slots, setSlots] = useState<readonly ToastSlot[]>([]);
  // The slots as registered, for `show` to read synchronously (a toast raised in the same event
  // that opened a dialog belongs to it).
  const slotsNow = useRef<readonly ToastSlot[]>([]);
  const counter = useRef(0);
  const host = useMemo<ToastHost>(
    () => ({
      register: (element, options) => {
        const slot = { element, question: options?.question === true };
        slotsNow.current = [...slotsNow.current.filter((s) => s.element !== element), slot];
        setSlots(slotsNow.current);
        return () => {
          slotsNow.current = slotsNow.current.filter((s) => s.element !== element);
          setSlots(slotsNow.current);
        };
      },
    }),
    [],
  );

  const dismiss = useCallback((id: string) => setItems((list) => list.filter((t) => t.id !== id)), []);
  const clear = useCallback(() => setItems([]), []);
  const show = useCallback(
    (options: ToastOptions) => {
      counter.current += 1;
      const id = options.id ?? `toast-${counter.current}`;
      const open = slotsNow.current;
      const target = open.findLast((s) => !s.question) ?? open.at(-1);
      const item: StackItem = {
        id,
        level: options.level ?? 'info',
        message: options.message,
        detail: options.detail,
        action: options.action,
        timeout: options.timeout ?? fallbackTimeout,
        replaceable: options.id === undefined,
        layers: target ? open.slice(0, open.indexOf(target) + 1).map((s) => s.element) : [],
      };
      // A repeated warning or a newer result stands in for the older one instead of piling up.
      const replaces = (t: StackItem) =>
        t.id === id || (item.replaceable && t.replaceable && t.level === item.level);
      setItems((list) => [...list.filter((t) => !replaces(t)), item].slice(-max));
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

  const openSlots = new Set(slots.map((s) => s.element));
  const placeOf = (item: StackItem) => item.layers.findLast((layer) => openSlots.has(layer));
  const places = [undefined, ...slots.map((s) => s.element)];
  const viewports = places.map((place) => {
    const here = items.filter((item) => placeOf(item) === place);
    const behindDialog = place === undefined && slots.length > 0;
    const viewport = (
      <Viewport
        key={place === undefined ? 'page' : slots.findIndex((s) => s.element === place)}
        aria-label={texts.notifications}
        hidden={here.length === 0}
        // The page's stack stays usable above nothing but the page: behind an open modal dialog
        // it is out of reach like the rest of the page. A dialog's stack is inside the dialog.
        data-ui-keep-interactive=""
        inert={behindDialog}
        $docked={place !== undefined}
        $behindDialog={behindDialog}
      >
        {here.map((item) => (
          <TimedToast key={item.id} item={item} onDismiss={dismiss} />
        ))}
      </Viewport>
    );
    return createPortal(viewport, place ?? document.body);
  });

  return (
    <ToastContext.Provider value={api}>
      <ToastHostContext.Provider value={host}>{children}</ToastHostContext.Provider>
      {typeof document === 'undefined' ? null : viewports}
    </ToastContext.Provider>
  );
}

/** Shows and closes toasts. Must be used inside `ToastProvider` (which `UiProvider` includes). */
export function useToast(): ToastApi {
  const api = useContext(ToastContext);
  if (!api) throw new Error('useToast() needs a ToastProvider (or UiProvider) above it.');
  return api;
}
