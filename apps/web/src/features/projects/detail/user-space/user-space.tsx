import type { ProjectDetail } from '@ipportal/domain';
import { useTranslation } from 'react-i18next';
import { FormAlert } from '../../../../shared/forms/form-alert';
import { Stack } from '../layout';
import { CommentsSection } from './comments-section';
import { FilesSection } from './files-section';

/**
 * The user space: comments and files private to the client side. The
 * page shows this tab to REGULAR users only; the server refuses it to firms and concierges.
 */
export function UserSpace({ detail }: { detail: ProjectDetail }) {
  const { t } = useTranslation();
  const readOnly = detail.deletedAt !== null;
  return (
    <Stack $gap="xl">
      <FormAlert tone="info">{t('projects.userSpace.privateNote')}</FormAlert>
      <CommentsSection projectId={detail.id} readOnly={readOnly} />
      <FilesSection projectId={detail.id} readOnly={readOnly} />
    </Stack>
  );
}
