import { useUpdateOrganizationMutation } from '@ipportal/api-client';
import type { Organization } from '@ipportal/domain';
import { Button, Dialog, useToast } from '@ipportal/ui';
import { useTranslation } from 'react-i18next';
import { FormStack } from '../../shared/forms/form-layout';
import { useFormWarning } from '../../shared/form-warning';
import { useGuardedForm } from '../../shared/forms/use-guarded-form';
import { OrganizationFields, organizationFieldIds } from './organization-fields';
import { serverDetail, validateOrganization } from './organization-support';
import type { OrganizationValues } from './organization-support';

const formId = 'edit-organization-form';

/** Renames the organization or changes its representative (administrators). */
export function EditOrganizationDialog({
  organization,
  open,
  onClose,
}: {
  organization: Organization;
  open: boolean;
  onClose: () => void;
}) {
  const { t } = useTranslation();
  const toast = useToast();
  const [update, { isLoading }] = useUpdateOrganizationMutation();
  const initial = { name: organization.name, representativeName: organization.representativeName };
  const warning = useFormWarning();
  const form = useGuardedForm<OrganizationValues>({
    defaultValues: initial,
    ids: organizationFieldIds,
    guardWhile: open,
    resolver: (values) => {
      const found = validateOrganization(values);
      if (Object.values(found).some(Boolean)) warning.warn(t('organization.toast.validationErrors'));
      return found;
    },
    onSubmit: submit,
  });
  const unsaved = open && form.formState.isDirty;

  const close = () => {
    if (isLoading) return;
    form.reset(initial);
    warning.dismiss();
    onClose();
  };

  async function submit(values: OrganizationValues) {
    warning.dismiss();
    const result = await update({
      id: organization.id,
      body: { name: values.name.trim(), representativeName: values.representativeName.trim() },
    });
    if ('error' in result) {
      toast.error(t('organization.toast.updateFailed'), { detail: serverDetail(result.error) });
      return;
    }
    toast.info(t('organization.toast.updated'));
    form.reset();
    onClose();
  }

  return (
    <Dialog
      open={open}
      onClose={close}
      unsavedChanges={unsaved}
      title={t('organization.editDialog.title')}
      maxWidth={560}
      actions={
        <>
          <Button variant="secondary" onClick={close} disabled={isLoading}>
            {t('organization.common.cancel')}
          </Button>
          <Button type="submit" form={formId} loading={isLoading}>
            {t('organization.editDialog.submit')}
          </Button>
        </>
      }
    >
      <form id={formId} noValidate onSubmit={(event) => void form.handleSubmit(event)}>
        <FormStack>
          <OrganizationFields field={form.field} />
        </FormStack>
      </form>
    </Dialog>
  );
}
