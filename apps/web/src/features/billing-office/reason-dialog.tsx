import { Button, Dialog, TextArea } from '@ipportal/ui';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';

export interface ReasonDialogProps {
  open: boolean;
  title: string;
  description: string;
  label: string;
  /** The danger button's label. */
  confirmLabel: string;
  /** Set when a reason must be given: the message shown on the empty field instead of confirming. */
  requiredMessage?: string;
  loading: boolean;
  /** The reason as typed (empty when none was given and none is required). */
  onConfirm: (reason: string) => void;
  onClose: () => void;
}

/** Asks for the reason of a step on a stored document (withdrawing an estimate, voiding an invoice). */
export function ReasonDialog({
  open,
  title,
  description,
  label,
  confirmLabel,
  requiredMessage,
  loading,
  onConfirm,
  onClose,
}: ReasonDialogProps) {
  const { t } = useTranslation();
  const [reason, setReason] = useState('');
  const [error, setError] = useState<string | undefined>();
  const confirm = () => {
    if (requiredMessage && reason.trim() === '') setError(requiredMessage);
    else onConfirm(reason);
  };
  return (
    <Dialog
      open={open}
      onClose={() => !loading && onClose()}
      title={title}
      description={description}
      actions={
        <>
          <Button variant="secondary" disabled={loading} onClick={onClose}>
            {t('billingOffice.common.cancel')}
          </Button>
          <Button variant="danger" loading={loading} onClick={confirm}>
            {confirmLabel}
          </Button>
        </>
      }
    >
      <TextArea
        label={label}
        required={requiredMessage !== undefined}
        value={reason}
        maxLength={1000}
        rows={3}
        error={error}
        onChange={(e) => {
          setReason(e.target.value);
          setError(undefined);
        }}
      />
    </Dialog>
  );
}
