import type { RequestDetail, RequestType } from '@ipportal/domain';
import { Dialog, LoadingText } from '@ipportal/ui';
import { lazy, Suspense } from 'react';
import { useTranslation } from 'react-i18next';

// The form brings the region list, the domain's schemas and the directory: load it on first open.
const RequestForm = lazy(() => import('./request-form').then((m) => ({ default: m.RequestForm })));

export interface RequestFormDialogProps {
  open: boolean;
  /** Called with the new request after a success, or null when cancelled. */
  onClose: (created: RequestDetail | null) => void;
  projectId?: string;
  initialType?: RequestType;
}

/**
 * The request form in a dialog: from the matter's request tab, from /requests, and opened with
 * type estimate for /projects?project-id=<id>&estimate=true. Closing unmounts the form, so each
 * opening starts empty. The caller loads the request texts (the title is one of them).
 */
export function RequestFormDialog({ open, onClose, projectId, initialType }: RequestFormDialogProps) {
  const { t } = useTranslation();
  return (
    <Dialog
      open={open}
      title={t('requests.form.title')}
      onClose={() => onClose(null)}
      closeOnBackdrop={false}
    >
      <Suspense fallback={<LoadingText>{t('shell.loading')}</LoadingText>}>
        {open && (
          <RequestForm
            {...(projectId ? { projectId } : {})}
            {...(initialType ? { initialType } : {})}
            onDone={onClose}
          />
        )}
      </Suspense>
    </Dialog>
  );
}
