import { useUpdateProjectMutation } from '@ipportal/api-client';
import type { UpdateProjectArgs } from '@ipportal/api-client';
import { useToast } from '@ipportal/ui';
import { useTranslation } from 'react-i18next';
import { failureDetail } from './failure-detail';

export type ProjectPatch = UpdateProjectArgs['body'];

/**
 * PATCH /projects/{id} with toasts: update successful / failed (with the server's message as the
 * detail). Answers whether it worked.
 */
export function useSaveProject(projectId: string) {
  const { t } = useTranslation();
  const toast = useToast();
  const [update] = useUpdateProjectMutation();
  return async (
    body: ProjectPatch,
    messages: { success: string; failure: string } = {
      success: 'projects.toast.updateSuccess',
      failure: 'projects.toast.updateFailed',
    },
  ): Promise<boolean> => {
    const result = await update({ id: projectId, body });
    if ('error' in result) {
      toast.error(t(messages.failure), { detail: failureDetail(result.error, t) });
      return false;
    }
    toast.info(t(messages.success));
    return true;
  };
}
