import {
  createContext,
  useCallback,
  useContext,
  useEffect,
  useEffectEvent,
  useId,
  useMemo,
  useRef,
  useState,
} from 'react';
import type { KeyboardEvent, ReactNode, RefObject } from 'react';
import { createPortal } from 'react-dom';
import styled from 'styled-components';
import { useTexts } from '../../i18n';
import { CloseIcon, WarningIcon } from '../../icons';
import { getFocusable } from '../../internal/focus';
import { Button } from '../Button/Button';
import { IconButton } from '../IconButton/IconButton';
import { ToastHostContext } from '../Toast/ToastProvider';

export type DialogCloseReason = 'escape' | 'backdrop' | 'close-button';

export interface DialogProps {
  /** Shows the dialog. */
  open: boolean;
  /**
   * Called when the user asks to close: Escape, backdrop click or the close button. With unsaved
   * changes, only once the user has confirmed that they may be discarded.
   */
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
  /**
   * Element to focus when opened. Defaults to the first field of the body (also when it appears
   * after the dialog opened, e.g. a form that loads), else the dialog itself, never the close
   * button.
   */
  initialFocusRef?: RefObject<HTMLElement | null>;
  /**
   * The dialog holds input that closing would lose: Escape, the close button and the backdrop
   * first ask whether to discard it. A form inside can report the same with
   * `useDialogUnsavedChanges`.
   */
  unsavedChanges?: boolean;
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

/** Where the toasts show while this dialog is the topmost one (see ToastProvider). */
const ToastSlot = styled.div`
  flex: none;
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

const DiscardMessage = styled.div`
  display: flex;
  gap: ${({ theme }) => theme.space.md}px;
  align-items: flex-start;
  & > svg {
    flex: none;
    margin-top: 2px;
    color: ${({ theme }) => theme.colors.warning};
  }
`;

interface UnsavedChangesReport {
  /** Records whether the reporter `key` holds unsaved input. */
  report: (key: string, unsaved: boolean) => void;
}

const UnsavedChangesContext = createContext<UnsavedChangesReport | null>(null);

/**
 * Tells the enclosing Dialog that the calling component (e.g. a form loaded into the dialog)
 * holds unsaved input: while `unsaved` is true, closing the dialog by Escape, the close button or
 * the backdrop asks first. Outside a Dialog it does nothing.
 */
export function useDialogUnsavedChanges(unsaved: boolean): void {
  const context = useContext(UnsavedChangesContext);
  const key = useId();
  useEffect(() => {
    if (!context) return undefined;
    context.report(key, unsaved);
    return () => context.report(key, false);
  }, [context, key, unsaved]);
}

export interface DiscardChangesDialogProps {
  open: boolean;
  /** What discarding does: closes a dialog (default) or leaves the page. */
  action?: 'close' | 'leave';
  /** Stay: Escape, the backdrop and "Keep editing" (which has the initial focus). */
  onKeepEditing: () => void;
  /** Leave and lose the input. */
  onDiscard: () => void;
}

/**
 * Asks whether to discard unsaved input before a dialog closes or a page in edit mode is left.
 * Keeping is the safe default: it has the focus, and Escape keeps too.
 */
export function DiscardChangesDialog({
  open,
  action = 'close',
  onKeepEditing,
  onDiscard,
}: DiscardChangesDialogProps) {
  const texts = useTexts();
  const keepRef = useRef<HTMLButtonElement>(null);
  return (
    <Dialog
      open={open}
      role="alertdialog"
      title={texts.discardChanges.title}
      maxWidth={480}
      hideCloseButton
      initialFocusRef={keepRef}
      onClose={onKeepEditing}
      actions={
        <>
          <Button ref={keepRef} variant="secondary" onClick={onKeepEditing}>
            {texts.discardChanges.keepEditing}
          </Button>
          <Button variant="danger" onClick={onDiscard}>
            {action === 'leave' ? texts.discardChanges.discardAndLeave : texts.discardChanges.discard}
          </Button>
        </>
      }
    >
      <DiscardMessage>
        <WarningIcon />
        <div>{texts.discardChanges.message}</div>
      </DiscardMessage>
    </Dialog>
  );
}

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
 * Moves focus to the first field of the dialog's body, or to the panel when the body has none
 * yet; in that case the first field that appears later (content loaded after opening) takes the
 * focus, unless the user has moved it meanwhile. Returns the undo.
 */
function focusInitially(panel: HTMLElement, explicit: HTMLElement | null | undefined): () => void {
  if (explicit) {
    explicit.focus();
    return () => {};
  }
  const body = panel.querySelector<HTMLElement>('[data-dialog-body]');
  const firstField = () => (body ? getFocusable(body)[0] : undefined);
  const field = firstField();
  if (field) {
    field.focus();
    return () => {};
  }
  panel.focus();
  if (!body || typeof MutationObserver !== 'function') return () => {};
  const observer = new MutationObserver(() => {
    if (document.activeElement !== panel) {
      observer.disconnect();
      return;
    }
    const late = firstField();
    if (late) {
      observer.disconnect();
      late.focus();
    }
  });
  observer.observe(body, { childList: true, subtree: true });
  return () => observer.disconnect();
}

/**
 * A modal dialog (max width 700 px by default). Focus moves into it (to the first field) and is
 * trapped while open, Escape closes it, and focus returns to the opener after closing. Escape
 * closes only the innermost open thing: a list, calendar or menu inside that handles Escape marks
 * the event handled (`preventDefault`) and the dialog then stays. With unsaved changes, closing
 * asks first. The rest of the page is `inert` while it is open; toasts show inside it, above the
 * body. Long content scrolls inside the body, between the fixed title and actions. Rendered in a
 * portal.
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
  unsavedChanges = false,
  className,
}: DialogProps) {
  const texts = useTexts();
  const id = useId();
  const panelRef = useRef<HTMLDivElement>(null);
  const backdropRef = useRef<HTMLDivElement>(null);
  const pressStartedOnBackdrop = useRef(false);
  const [body, setBody] = useState<HTMLDivElement | null>(null);
  const bodyScrolls = useOverflowing(body);

  // Reporters (forms inside) that hold unsaved input.
  const [unsavedReporters, setUnsavedReporters] = useState<ReadonlySet<string>>(() => new Set());
  const unsavedReport = useMemo<UnsavedChangesReport>(
    () => ({
      report: (key, unsaved) =>
        setUnsavedReporters((current) => {
          if (current.has(key) === unsaved) return current;
          const next = new Set(current);
          if (unsaved) next.add(key);
          else next.delete(key);
          return next;
        }),
    }),
    [],
  );
  const hasUnsavedChanges = unsavedChanges || unsavedReporters.size > 0;
  // The close the user asked for while there were unsaved changes, awaiting "discard?".
  const [pendingClose, setPendingClose] = useState<DialogCloseReason | null>(null);
  const [wasOpen, setWasOpen] = useState(open);
  if (wasOpen !== open) {
    setWasOpen(open);
    if (!open) setPendingClose(null);
  }
  const requestClose = (reason: DialogCloseReason) => {
    if (hasUnsavedChanges) setPendingClose(reason);
    else onClose(reason);
  };

  const toastHost = useContext(ToastHostContext);
  const setToastSlot = useCallback(
    (slot: HTMLDivElement | null) =>
      slot && toastHost ? toastHost.register(slot, { question: role === 'alertdialog' }) : undefined,
    [toastHost, role],
  );

  useEffect(() => {
    if (!open) return undefined;
    const opener = document.activeElement instanceof HTMLElement ? document.activeElement : null;
    const undoInert = backdropRef.current ? makeRestInert(backdropRef.current) : () => {};
    const panel = panelRef.current;
    const stopFocusing = panel ? focusInitially(panel, initialFocusRef?.current) : () => {};
    const { overflow } = document.body.style;
    document.body.style.overflow = 'hidden';
    return () => {
      stopFocusing();
      document.body.style.overflow = overflow;
      // Before restoring focus: an inert opener cannot take it.
      undoInert();
      if (opener?.isConnected) opener.focus();
    };
  }, [open, initialFocusRef]);

  // Escape must close the dialog even when focus has left it (e.g. the page behind re-rendered
  // and dropped focus to <body> after a dialog opened with the page): listen on the document too.
  // Only the topmost dialog answers; the ones below are inert while another is open.
  const closeOnEscape = useEffectEvent(() => requestClose('escape'));
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
      // An open list, calendar or menu inside took this Escape to close itself.
      if (event.defaultPrevented) return;
      event.preventDefault();
      event.stopPropagation();
      requestClose('escape');
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

  const dialog = createPortal(
    <Backdrop
      ref={backdropRef}
      data-testid="dialog-backdrop"
      onMouseDown={(event) => {
        pressStartedOnBackdrop.current = event.target === event.currentTarget;
      }}
      onClick={(event) => {
        if (closeOnBackdrop && pressStartedOnBackdrop.current && event.target === event.currentTarget) {
          requestClose('backdrop');
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
            <IconButton
              label={texts.close}
              icon={<CloseIcon />}
              onClick={() => requestClose('close-button')}
            />
          )}
        </Header>
        {description && <Description id={`${id}-desc`}>{description}</Description>}
        <ToastSlot ref={setToastSlot} />
        {children !== undefined && (
          // Focusable only when it scrolls, so that keyboard users can scroll it too.
          <Body ref={setBody} tabIndex={bodyScrolls ? 0 : undefined} data-dialog-body="">
            <UnsavedChangesContext.Provider value={unsavedReport}>{children}</UnsavedChangesContext.Provider>
          </Body>
        )}
        {actions && <Actions>{actions}</Actions>}
      </Panel>
    </Backdrop>,
    document.body,
  );

  const discardReason = pendingClose;
  return (
    <>
      {dialog}
      {discardReason !== null && (
        <DiscardChangesDialog
          open
          onKeepEditing={() => setPendingClose(null)}
          onDiscard={() => {
            setPendingClose(null);
            onClose(discardReason);
          }}
        />
      )}
    </>
  );
}
