import { useEffect, useRef, useState } from 'react';
import type { PointerEvent as ReactPointerEvent, ReactNode, TouchEvent as ReactTouchEvent } from 'react';
import { createPortal } from 'react-dom';
import styled, { useTheme } from 'styled-components';
import { useTexts } from '../../i18n';
import { CloseIcon } from '../../icons';
import { focusRing } from '../../internal/styles';

export type SnackbarCloseReason = 'timeout' | 'swipe' | 'close-button';

export interface SnackbarProps {
  /** Shows the snackbar. */
  open: boolean;
  /** The short message. */
  message: ReactNode;
  /** Called when it should close: after the timeout, on a swipe beyond the threshold, or by the close button. */
  onClose: (reason: SnackbarCloseReason) => void;
  /** Auto-hide delay in ms; defaults to the theme's `snackbarTimeoutMs` (5000). -1 keeps it open. */
  timeout?: number;
  /** Horizontal swipe distance in px that dismisses it; defaults to the theme's `swipeDismissThresholdPx` (50). */
  swipeThreshold?: number;
  /** An optional action button (e.g. "Undo"). */
  action?: ReactNode;
  /** Shows a close button. Defaults to true. */
  showClose?: boolean;
  /** Renders in place instead of in a portal fixed to the bottom of the viewport (for docs). */
  inline?: boolean;
  className?: string;
}

const Root = styled.div<{ $inline: boolean }>`
  ${({ $inline, theme }) =>
    $inline
      ? ''
      : `
    position: fixed;
    left: 50%;
    bottom: ${theme.space.xl}px;
    margin-left: calc(min(560px, 100vw - ${theme.space.lg * 2}px) / -2);
    z-index: ${theme.zIndex.snackbar};
  `}
  display: flex;
  align-items: center;
  gap: ${({ theme }) => theme.space.md}px;
  width: min(560px, calc(100vw - ${({ theme }) => theme.space.lg * 2}px));
  min-height: 48px;
  padding: ${({ theme }) => `${theme.space.sm}px ${theme.space.sm}px ${theme.space.sm}px ${theme.space.lg}px`};
  background: ${({ theme }) => theme.colors.inverseSurface};
  color: ${({ theme }) => theme.colors.inverseText};
  border-radius: ${({ theme }) => theme.radii.md}px;
  box-shadow: ${({ theme }) => theme.shadows.lg};
  touch-action: pan-y;
  user-select: none;
  cursor: grab;
`;

const Message = styled.div`
  flex: 1;
  min-width: 0;
`;

const Close = styled.button`
  display: inline-flex;
  align-items: center;
  justify-content: center;
  width: 32px;
  height: 32px;
  flex: none;
  border: none;
  border-radius: ${({ theme }) => theme.radii.sm}px;
  background: transparent;
  color: inherit;
  cursor: pointer;
  &:hover {
    background: ${({ theme }) => theme.colors.inverseHover};
  }
  ${focusRing}
  &:focus-visible {
    outline-color: ${({ theme }) => theme.colors.inverseText};
  }
`;

/**
 * A brief message at the bottom of the screen. It hides itself after `timeout` (5000 ms by
 * default) and can be swiped away sideways with a mouse, pen or finger beyond `swipeThreshold`
 * (50 px). The timer pauses while the pointer is over it or it has focus.
 */
export function Snackbar({
  open,
  message,
  onClose,
  timeout,
  swipeThreshold,
  action,
  showClose = true,
  inline = false,
  className,
}: SnackbarProps) {
  const theme = useTheme();
  const texts = useTexts();
  const delay = timeout ?? theme.timing.snackbarTimeoutMs;
  const threshold = swipeThreshold ?? theme.timing.swipeDismissThresholdPx;
  const [offset, setOffset] = useState(0);
  const [paused, setPaused] = useState(false);
  const startX = useRef<number | null>(null);
  const onCloseRef = useRef(onClose);
  useEffect(() => {
    onCloseRef.current = onClose;
  }, [onClose]);

  useEffect(() => {
    if (!open || delay < 0 || paused) return undefined;
    const handle = setTimeout(() => onCloseRef.current('timeout'), delay);
    return () => clearTimeout(handle);
  }, [open, delay, paused, message]);

  if (!open || typeof document === 'undefined') return null;

  const begin = (x: number) => {
    startX.current = x;
    setPaused(true);
  };
  const moveTo = (x: number) => {
    if (startX.current !== null) setOffset(x - startX.current);
  };
  const end = (x: number | null) => {
    if (startX.current === null) return;
    const distance = x === null ? offset : x - startX.current;
    startX.current = null;
    setPaused(false);
    setOffset(0);
    if (Math.abs(distance) > threshold) onCloseRef.current('swipe');
  };

  // Touch input arrives as touch events; mouse and pen as pointer events (touch pointers are skipped to avoid double handling).
  const isTouchPointer = (event: ReactPointerEvent<HTMLDivElement>) => event.pointerType === 'touch';
  const touchX = (event: ReactTouchEvent<HTMLDivElement>) =>
    (event.touches[0] ?? event.changedTouches[0])?.clientX ?? null;

  const content = (
    <Root
      className={className}
      // Stays usable above an open modal dialog (which makes the rest of the page inert).
      data-ui-keep-interactive={inline ? undefined : ''}
      $inline={inline}
      role="status"
      aria-live="polite"
      data-swipe-offset={offset}
      style={{
        transform: offset ? `translateX(${offset}px)` : undefined,
        opacity: offset ? Math.max(0.2, 1 - Math.abs(offset) / (threshold * 3)) : undefined,
      }}
      onPointerDown={(event) => {
        if (!isTouchPointer(event)) begin(event.clientX);
      }}
      onPointerMove={(event) => {
        if (!isTouchPointer(event)) moveTo(event.clientX);
      }}
      onPointerUp={(event) => {
        if (!isTouchPointer(event)) end(event.clientX);
      }}
      onPointerCancel={() => end(null)}
      onTouchStart={(event) => {
        const x = touchX(event);
        if (x !== null) begin(x);
      }}
      onTouchMove={(event) => {
        const x = touchX(event);
        if (x !== null) moveTo(x);
      }}
      onTouchEnd={(event) => end(touchX(event))}
      onTouchCancel={() => end(null)}
      onMouseEnter={() => setPaused(true)}
      onMouseLeave={() => {
        if (startX.current === null) setPaused(false);
      }}
      onFocus={() => setPaused(true)}
      onBlur={() => setPaused(false)}
    >
      <Message>{message}</Message>
      {action}
      {showClose && (
        <Close
          type="button"
          aria-label={texts.close}
          title={texts.close}
          onClick={() => onCloseRef.current('close-button')}
        >
          <CloseIcon size={18} />
        </Close>
      )}
    </Root>
  );

  return inline ? content : createPortal(content, document.body);
}
