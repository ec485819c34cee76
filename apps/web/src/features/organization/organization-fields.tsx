import type { MessageDescriptor } from '@ipportal/domain';
import { TextField } from '@ipportal/ui';
import { useTranslation } from 'react-i18next';
import type { OrganizationField, OrganizationValues } from './organization-support';

export const organizationFieldIds: Record<OrganizationField, string> = {
  name: 'organization-name',
  representativeName: 'organization-representative-name',
};

/** Name and representative name, for the create page and the edit dialog. */
export function OrganizationFields({
  values,
  errors,
  onChange,
}: {
  values: OrganizationValues;
  errors: Partial<Record<OrganizationField, MessageDescriptor>>;
  onChange: (field: OrganizationField, value: string) => void;
}) {
  const { t } = useTranslation();
  const errorText = (field: OrganizationField) => {
    const descriptor = errors[field];
    return descriptor ? t(descriptor.key, descriptor.params) : undefined;
  };
  return (
    <>
      <TextField
        id={organizationFieldIds.name}
        label={t('organization.field.name')}
        required
        fullWidth
        maxLength={100}
        autoComplete="organization"
        value={values.name}
        error={errorText('name')}
        onChange={(event) => onChange('name', event.target.value)}
      />
      <TextField
        id={organizationFieldIds.representativeName}
        label={t('organization.field.representativeName')}
        required
        fullWidth
        maxLength={100}
        autoComplete="name"
        value={values.representativeName}
        error={errorText('representativeName')}
        onChange={(event) => onChange('representativeName', event.target.value)}
      />
    </>
  );
}
