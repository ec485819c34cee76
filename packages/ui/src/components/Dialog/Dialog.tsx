import { useEffect, useEffectEvent, useId, useRef, useState } from 'react';
import type { KeyboardEvent, ReactNode, RefObject } from 'react';
import { createPortal } from 'react-dom';
import styled from 'styled-components';
import { useTexts } from '../../i18n';
import { CloseIcon } from '../../icons';
import { getFocusable } from '../../internal/focus';
import { IconButton } from '../IconButton/IconButton';

export type DialogCloseReason = 'escape' | 'backdrop' | 'close-button';

export interface DialogProps {
  /** Shows the dialog. */
  open: boolean;
  /** Called when the user asks to close: Escape, backdrop click or the close button. */
  onClose: (reason: DialogCloseReason) => void;
  /** Heading; names the dialog (aria-labelledby). */
  title: ReactNode;
  /** Optional text under the heading; describes the dialog (aria-describedby). */
  description?: ReactNode;
  /** Body content. */
  children?: ReactNode;
  /** Buttons at the bottom, right-aligned (e.g. Cancel / Create). */
  actions?: ReactNode;
  /** Maximum width in px; defaults to the theme's `dialogMaxWidth` (700). */
  maxWidth?: number;
  /** Element to focus when opened; defaults to the first focusable element. */
  initialFocusRef?: RefObject<HTMLElement | null>;
  /** Closes on a click outside the panel. Defaults to true. */
  closeOnBackdrop?: boolean;
  /** Hides the close (×) button in the header. */
  hideCloseButton?: boolean;
  /** `alertdialog` for confirmations that interrupt the user. */
  role?: 'dialog' | 'alertdialog';
  className?: string;
}

const Backdrop = styled.div`
  position: fixed;
  inset: 0;
  z-index: ${({ theme }) => theme.zIndex.overlay};
  display: flex;
  align-items: flex-start;
  justify-content: center;
  padding: ${({ theme }) => `${theme.space.xxxl}px ${theme.space.lg}px`};
  background: ${({ theme }) => theme.colors.overlay};
  overflow-y: auto;
`;

// A column whose body scrolls: with long content the title and the actions stay on screen.
const Panel = styled.div<{ $maxWidth?: number }>`
  position: relative;
  z-index: ${({ theme }) => theme.zIndex.dialog};
  display: flex;
  flex-direction: column;
  width: 100%;
  max-height: calc(100dvh - ${({ theme }) => theme.space.xxxl * 2}px);
  max-width: ${({ theme, $maxWidth }) => $maxWidth ?? theme.layout.dialogMaxWidth}px;
  background: ${({ theme }) => theme.colors.surface};
  color: ${({ theme }) => theme.colors.text};
  border-radius: ${({ theme }) => theme.radii.lg}px;
  box-shadow: ${({ theme }) => theme.shadows.lg};
  &:focus {
    outline: none;
  }
`;

const Header = styled.div`
  flex: none;
  display: flex;
  align-items: flex-start;
  gap: ${({ theme }) => theme.space.md}px;
  padding: ${({ theme }) => `${theme.space.lg}px ${theme.space.sm}px ${theme.space.sm}px ${theme.space.xl}px`};
`;

const Title = styled.h2`
  flex: 1;
  margin: ${({ theme }) => theme.space.xs}px 0 0;
  font-size: ${({ theme }) => theme.typography.fontSize.xl};
  font-weight: ${({ theme }) => theme.typography.fontWeight.bold};
  line-height: ${({ theme }) => theme.typography.lineHeight.tight};
`;

const Description = styled.p`
  flex: none;
  margin: 0;
  padding: 0 ${({ theme }) => theme.space.xl}px;
  color: ${({ theme }) => theme.colors.textMuted};
`;

const Body = styled.div`
  flex: 1 1 auto;
  min-height: 0;
  overflow-y: auto;
  &:focus-visible {
    outline: 2px solid ${({ theme }) => theme.colors.focus};
    outline-offset: -2px;
  }
  padding: ${({ theme }) => `${theme.space.md}px ${theme.space.xl}px ${theme.space.lg}px`};
`;

const Actions = styled.div`
  flex: none;
  display: flex;
  flex-wrap: wrap;
  justify-content: flex-end;
  gap: ${({ theme }) => theme.space.sm}px;
  padding: ${({ theme }) => `${theme.space.md}px ${theme.space.xl}px ${theme.space.lg}px`};
  border-top: 1px solid ${({ theme }) => theme.colors.divider};
`;

/**
 * Attribute of layers that stay usable while a modal is open: toasts and snackbars (a failed save
 * in a dialog reports there, and its close button must work).
 */
const keepInteractiveAttribute = 'data-ui-keep-interactive';

/**
 * Marks every other child of <body> `inert` (no focus, no clicks, hidden from assistive
 * technology) while a modal is open, so that the page behind it cannot be reached by Tab, a
 * screen reader's virtual cursor or the mouse. Returns the undo. Elements that were already inert
 * (e.g. behind an outer dialog) are left as they were, so nested dialogs unwind correctly.
 */
function makeRestInert(keep: HTMLElement): () => void {
  const others = Array.from(document.body.children).filter(
    (el): el is HTMLElement =>
      el instanceof HTMLElement &&
      el !== keep &&
      !el.hasAttribute('inert') &&
      !el.hasAttribute(keepInteractiveAttribute),
  );
  for (const el of others) el.setAttribute('inert', '');
  return () => {
    for (const el of others) el.removeAttribute('inert');
  };
}

/** Whether `el` has more content than fits (then it scrolls and must be reachable by keyboard). */
function useOverflowing(el: HTMLElement | null): boolean {
  const [overflowing, setOverflowing] = useState(false);
  useEffect(() => {
    if (!el) return undefined;
    const check = () => setOverflowing(el.scrollHeight > el.clientHeight + 1);
    check();
    if (typeof ResizeObserver !== 'function') return undefined;
    const observer = new ResizeObserver(check);
    observer.observe(el);
    for (const child of Array.from(el.children)) observer.observe(child);
    return () => observer.disconnect();
  }, [el]);
  return overflowing;
}

/**
 * A modal dialog (max width 700 px by default). Focus moves into it and is trapped while open,
 * Escape closes it, and focus returns to the opener after closing. The rest of the page is
 * `inert` while it is open. Long content scrolls inside the body, between the fixed title and
 * actions. Rendered in a portal.
 */
export function Dialog({
  open,
  onClose,
  title,
  description,
  children,
  actions,
  maxWidth,
  initialFocusRef,
  closeOnBackdrop = true,
  hideCloseButton = false,
  role = 'dialog',
  className,
}: DialogProps) {
  const texts = useTexts();
  const id = useId();
  const panelRef = useRef<HTMLDivElement>(null);
  const backdropRef = useRef<HTMLDivElement>(null);
  const pressStartedOnBackdrop = useRef(false);
  const [body, setBody] = useState<HTMLDivElement | null>(null);
  const bodyScrolls = useOverflowing(body);

  useEffect(() => {
    if (!open) return undefined;
    const opener = document.activeElement instanceof HTMLElement ? document.activeElement : null;
    const undoInert = backdropRef.current ? makeRestInert(backdropRef.current) : () => {};
    const panel = panelRef.current;
    const target = initialFocusRef?.current ?? (panel ? getFocusable(panel)[0] : undefined) ?? panel;
    target?.focus();
    const { overflow } = document.body.style;
    document.body.style.overflow = 'hidden';
    return () => {
      document.body.style.overflow = overflow;
      // Before restoring focus: an inert opener cannot take it.
      undoInert();
      if (opener?.isConnected) opener.focus();
    };
  }, [open, initialFocusRef]);

  // Escape must close the dialog even when focus has left it (e.g. the page behind re-rendered
  // and dropped focus to <body> after a dialog opened with the page): listen on the document too.
  // Only the topmost dialog answers; the ones below are inert while another is open.
  const closeOnEscape = useEffectEvent(() => onClose('escape'));
  useEffect(() => {
    if (!open) return undefined;
    const onDocumentKeyDown = (event: globalThis.KeyboardEvent) => {
      const panel = panelRef.current;
      const backdrop = backdropRef.current;
      if (event.key !== 'Escape' || event.defaultPrevented || !panel || !backdrop) return;
      if (event.target instanceof Node && panel.contains(event.target)) return; // handled below
      if (backdrop.hasAttribute('inert')) return;
      closeOnEscape();
    };
    document.addEventListener('keydown', onDocumentKeyDown);
    return () => document.removeEventListener('keydown', onDocumentKeyDown);
  }, [open]);

  if (!open || typeof document === 'undefined') return null;

  const onKeyDown = (event: KeyboardEvent<HTMLDivElement>) => {
    if (event.key === 'Escape') {
      event.stopPropagation();
      onClose('escape');
      return;
    }
    if (event.key !== 'Tab' || !panelRef.current) return;
    const focusable = getFocusable(panelRef.current);
    const first = focusable[0];
    const last = focusable[focusable.length - 1];
    if (!first || !last) {
      event.preventDefault();
      return;
    }
    const active = document.activeElement;
    if (event.shiftKey && (active === first || active === panelRef.current)) {
      event.preventDefault();
      last.focus();
    } else if (!event.shiftKey && active === last) {
      event.preventDefault();
      first.focus();
    }
  };

  return createPortal(
    <Backdrop
      ref={backdropRef}
      data-testid="dialog-backdrop"
      onMouseDown={(event) => {
        pressStartedOnBackdrop.current = event.target === event.currentTarget;
      }}
      onClick={(event) => {
        if (closeOnBackdrop && pressStartedOnBackdrop.current && event.target === event.currentTarget) {
          onClose('backdrop');
        }
      }}
    >
      <Panel
        ref={panelRef}
        className={className}
        role={role}
        aria-modal="true"
        aria-labelledby={`${id}-title`}
        aria-describedby={description ? `${id}-desc` : undefined}
        tabIndex={-1}
        $maxWidth={maxWidth}
        onKeyDown={onKeyDown}
      >
        <Header>
          <Title id={`${id}-title`}>{title}</Title>
          {!hideCloseButton && (
            <IconButton label={texts.close} icon={<CloseIcon />} onClick={() => onClose('close-button')} />
          )}
        </Header>
        {description && <Description id={`${id}-desc`}>{description}</Description>}
        {children !== undefined && (
          // Focusable only when it scrolls, so that keyboard users can scroll it too.
          <Body ref={setBody} tabIndex={bodyScrolls ? 0 : undefined}>
            {children}
          </Body>
        )}
        {actions && <Actions>{actions}</Actions>}
      </Panel>
    </Backdrop>,
    document.body,
  );
}
