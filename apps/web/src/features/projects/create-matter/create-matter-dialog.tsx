import { Dialog, LoadingText } from '@ipportal/ui';
import { QueryStatus } from '@reduxjs/toolkit/query';
import { lazy, Suspense } from 'react';
import { useTranslation } from 'react-i18next';
import { useAppSelector } from '../../../app/hooks';
import { selectUserType } from '../../auth';

// The form brings the region list, the domain's schemas and the matters API: load it when the
// dialog first opens so the first visit (e.g. /login) does not download it.
const CreateMatterForm = lazy(() =>
  import('./create-matter-form').then((m) => ({ default: m.CreateMatterForm })),
);

export interface CreateMatterDialogProps {
  open: boolean;
  /** Asks to close: Cancel, Escape, or a matter created. */
  onClose: () => void;
}

/**
 * The Create Matter dialog; the shell opens it from the sidebar's Create Matter button and keeps
 * whether it is open. The dialog's content is unmounted when it closes, so every opening starts
 * with an empty form.
 */
export function CreateMatterDialog({ open, onClose }: CreateMatterDialogProps) {
  const { t } = useTranslation();
  const userType = useAppSelector(selectUserType);
  // While the matter is being saved the dialog stays open (its result is shown in it).
  const saving = useAppSelector((state) =>
    Object.values(state.api.mutations).some(
      (m) => m?.endpointName === 'createProject' && m.status === QueryStatus.pending,
    ),
  );
  // Firms (PATENT users) do not create matters: there is no dialog for them to open.
  if (userType === 'PATENT') return null;
  return (
    <Dialog
      open={open}
      title={t('createMatter.title')}
      onClose={() => {
        if (!saving) onClose();
      }}
      closeOnBackdrop={false}
    >
      <Suspense fallback={<LoadingText>{t('shell.loading')}</LoadingText>}>
        <CreateMatterForm onClose={onClose} />
      </Suspense>
    </Dialog>
  );
}
