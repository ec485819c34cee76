import { useRef } from 'react';
import type { ReactNode } from 'react';
import styled from 'styled-components';
import { useTexts } from '../../i18n';
import { WarningIcon } from '../../icons';
import { Button } from '../Button/Button';
import { Dialog } from '../Dialog/Dialog';

export interface ConfirmDialogProps {
  /** Shows the dialog. */
  open: boolean;
  /** Question as a heading, e.g. "この案件を削除しますか？". */
  title: ReactNode;
  /** Explanation of the consequences. */
  message?: ReactNode;
  /** Label of the confirm button; defaults to the built-in "Confirm". */
  confirmLabel?: ReactNode;
  /** Label of the cancel button; defaults to the built-in "Cancel". */
  cancelLabel?: ReactNode;
  /** Called when the user confirms. */
  onConfirm: () => void;
  /** Called on Cancel, Escape, the close button or a backdrop click. */
  onCancel: () => void;
  /**
   * `danger` for irreversible actions (delete): red confirm button, warning icon, and the
   * initial focus on Cancel so Enter does not destroy anything by accident.
   */
  tone?: 'default' | 'danger';
  /** Shows a spinner in the confirm button and blocks closing while the action runs. */
  loading?: boolean;
}

const Message = styled.div`
  display: flex;
  gap: ${({ theme }) => theme.space.md}px;
  align-items: flex-start;
  & > svg {
    flex: none;
    margin-top: 2px;
    color: ${({ theme }) => theme.colors.danger};
  }
`;

/** Asks the user to confirm an action such as duplicating a matter or deleting it irreversibly. */
export function ConfirmDialog({
  open,
  title,
  message,
  confirmLabel,
  cancelLabel,
  onConfirm,
  onCancel,
  tone = 'default',
  loading = false,
}: ConfirmDialogProps) {
  const texts = useTexts();
  const cancelRef = useRef<HTMLButtonElement>(null);
  const confirmRef = useRef<HTMLButtonElement>(null);
  const danger = tone === 'danger';
  return (
    <Dialog
      open={open}
      role="alertdialog"
      title={title}
      maxWidth={480}
      hideCloseButton
      closeOnBackdrop={!loading}
      initialFocusRef={danger ? cancelRef : confirmRef}
      onClose={() => {
        if (!loading) onCancel();
      }}
      actions={
        <>
          <Button ref={cancelRef} variant="secondary" onClick={onCancel} disabled={loading}>
            {cancelLabel ?? texts.cancel}
          </Button>
          <Button
            ref={confirmRef}
            variant={danger ? 'danger' : 'primary'}
            onClick={onConfirm}
            loading={loading}
          >
            {confirmLabel ?? texts.confirm}
          </Button>
        </>
      }
    >
      {message && (
        <Message>
          {danger && <WarningIcon />}
          <div>{message}</div>
        </Message>
      )}
    </Dialog>
  );
}
