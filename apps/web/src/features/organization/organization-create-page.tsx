import { useCreateOrganizationMutation, userApi } from '@ipportal/api-client';
import { Button, Card, useToast } from '@ipportal/ui';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useAppDispatch } from '../../app/hooks';
import { organizationTexts } from './organization-texts';
import { FormPage, FormStack } from '../../shared/forms/form-layout';
import { FormActions, FormLead } from '../../shared/forms/form-parts';
import { domainMessages, useMessages } from '../../shared/lazy-messages';
import { useFormWarning } from '../../shared/form-warning';
import { useGuardedForm } from '../../shared/forms/use-guarded-form';
import { OrganizationFields, organizationFieldIds } from './organization-fields';
import { serverDetail, validateOrganization } from './organization-support';
import type { OrganizationValues } from './organization-support';

/**
 * /organization/create (REGULAR users without an organization; the guard sends others to /).
 * The creator becomes the administrator: the cached user changes at once, so the sidebar shows
 * organization management instead of setup, and the guard leads on to / (setup is for users
 * without an organization).
 */
export function OrganizationCreatePage() {
  useMessages(organizationTexts, domainMessages);
  const { t } = useTranslation();
  const toast = useToast();
  const [create, { isLoading }] = useCreateOrganizationMutation();
  const dispatch = useAppDispatch();
  const [created, setCreated] = useState(false);
  const warning = useFormWarning();
  const form = useGuardedForm<OrganizationValues>({
    defaultValues: { name: '', representativeName: '' },
    ids: organizationFieldIds,
    guardWhile: !created,
    resolver: (values) => {
      const found = validateOrganization(values);
      if (Object.values(found).some(Boolean)) warning.warn(t('organization.toast.validationErrors'));
      return found;
    },
    onSubmit: submit,
  });

  async function submit(values: OrganizationValues) {
    warning.dismiss();
    const result = await create({
      name: values.name.trim(),
      representativeName: values.representativeName.trim(),
    });
    if ('error' in result) {
      toast.error(t('organization.create.failed'), { detail: serverDetail(result.error) });
      return;
    }
    toast.info(t('organization.create.success', { name: result.data.name }));
    setCreated(true);
    // The creator is the administrator now: the cached user says so at once, so the sidebar
    // swaps setup for management and this page's guard (no organization allowed) leads to /.
    // (Navigating to the users page instead races that guard: whichever renders first wins.)
    const organizationId = result.data.id;
    dispatch(
      userApi.util.updateQueryData('getUser', undefined, (draft) => {
        draft.organizationId = organizationId;
        draft.roleInOrganizationCode = 0;
      }),
    );
  }

  return (
    <FormPage $width={640}>
      <Card>
        <form noValidate onSubmit={(event) => void form.handleSubmit(event)}>
          <FormStack>
            <FormLead>{t('organization.create.lead')}</FormLead>
            <FormLead>{t('organization.create.movesMatters')}</FormLead>
            <OrganizationFields field={form.field} />
            <FormActions>
              <Button type="submit" loading={isLoading}>
                {t('organization.create.submit')}
              </Button>
            </FormActions>
          </FormStack>
        </form>
      </Card>
    </FormPage>
  );
}
