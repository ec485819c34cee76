import { useUpdateOrganizationMutation } from '@ipportal/api-client';
import type { MessageDescriptor, Organization } from '@ipportal/domain';
import { Button, Dialog, useToast } from '@ipportal/ui';
import { useState } from 'react';
import type { FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { FormStack } from '../../shared/forms/form-layout';
import { useFormWarning } from '../../shared/form-warning';
import { changedFrom, useUnsavedChanges } from '../../shared/unsaved-changes';
import { OrganizationFields, organizationFieldIds } from './organization-fields';
import { serverDetail, validateOrganization } from './organization-support';
import type { OrganizationField, OrganizationValues } from './organization-support';

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
  const [values, setValues] = useState<OrganizationValues>(initial);
  const [errors, setErrors] = useState<Partial<Record<OrganizationField, MessageDescriptor>>>({});
  const warning = useFormWarning();
  const unsaved = open && changedFrom(initial, values);
  useUnsavedChanges(unsaved);

  const close = () => {
    if (isLoading) return;
    setValues(initial);
    setErrors({});
    warning.dismiss();
    onClose();
  };

  async function submit(event: FormEvent) {
    event.preventDefault();
    const found = validateOrganization(values);
    setErrors(found);
    const first = (['name', 'representativeName'] as const).find((field) => found[field]);
    if (first) {
      warning.warn(t('organization.toast.validationErrors'));
      document.getElementById(organizationFieldIds[first])?.focus();
      return;
    }
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
      <form id={formId} noValidate onSubmit={(event) => void submit(event)}>
        <FormStack>
          <OrganizationFields
            values={values}
            errors={errors}
            onChange={(field, value) => {
              setValues((current) => ({ ...current, [field]: value }));
              setErrors((current) => ({ ...current, [field]: undefined }));
            }}
          />
        </FormStack>
      </form>
    </Dialog>
  );
}
