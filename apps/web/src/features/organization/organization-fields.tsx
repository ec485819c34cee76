import { TextField } from '@ipportal/ui';
import { useTranslation } from 'react-i18next';
import type { FieldProps } from '../../shared/forms/use-form';
import type { OrganizationField } from './organization-support';

export const organizationFieldIds: Record<OrganizationField, string> = {
  name: 'organization-name',
  representativeName: 'organization-representative-name',
};

/** Name and representative name, for the create page and the edit dialog (`useForm`'s fields). */
export function OrganizationFields({ field }: { field: (name: OrganizationField) => FieldProps<string> }) {
  const { t } = useTranslation();
  return (
    <>
      <TextField
        label={t('organization.field.name')}
        required
        fullWidth
        maxLength={100}
        autoComplete="organization"
        {...field('name')}
      />
      <TextField
        label={t('organization.field.representativeName')}
        required
        fullWidth
        maxLength={100}
        autoComplete="name"
        {...field('representativeName')}
      />
    </>
  );
}
