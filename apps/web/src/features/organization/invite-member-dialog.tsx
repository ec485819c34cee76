import { useInviteMemberMutation } from '@ipportal/api-client';
import { emailSchema } from '@ipportal/domain';
import type { Locale } from '@ipportal/domain';
import { Button, Dialog, Select, TextField, useToast } from '@ipportal/ui';
import { useTranslation } from 'react-i18next';
import { FormStack } from '../../shared/forms/form-layout';
import { useFormWarning } from '../../shared/form-warning';
import { serverFieldErrors } from '../../shared/forms/server-refusals';
import { useForm } from '../../shared/forms/use-form';
import { validateEmail } from '../../shared/forms/validation';
import { useUnsavedChanges } from '../../shared/unsaved-changes';
import { serverDetail } from './organization-support';

const formId = 'invite-member-form';

/** Email, role and the mail's language (for someone without an account); sends the invitation. */
export function InviteMemberDialog({
  organizationId,
  open,
  onClose,
}: {
  organizationId: string;
  open: boolean;
  onClose: () => void;
}) {
  const { t, i18n } = useTranslation();
  const toast = useToast();
  const [invite, { isLoading }] = useInviteMemberMutation();
  const warning = useFormWarning();
  const form = useForm<{ email: string; role: '0' | '1'; locale: Locale }>({
    defaultValues: { email: '', role: '1', locale: i18n.language === 'en' ? 'en' : 'ja' },
    ids: { email: 'invite-email' },
    resolver: ({ email }) => {
      const error = validateEmail(email);
      if (error) warning.warn(t('organization.toast.validationErrors'));
      return { email: error };
    },
    onSubmit: submit,
  });
  const { role, locale } = form.values;
  // The address is what the user typed; the role and language are quick to choose again.
  const unsaved = open && form.values.email !== '';
  useUnsavedChanges(unsaved);

  const close = () => {
    if (isLoading) return;
    // The language stays as chosen last.
    form.reset({ ...form.values, email: '', role: '1' });
    warning.dismiss();
    onClose();
  };

  async function submit({ email }: { email: string }) {
    const checked = emailSchema.safeParse(email);
    if (!checked.success) return;
    warning.dismiss();
    const result = await invite({
      organizationId,
      body: { email: checked.data, roleInOrganizationCode: role === '0' ? 0 : 1, locale },
    });
    if ('error' in result) {
      form.setFieldErrors(serverFieldErrors(result.error, (path) => (path === 'email' ? path : null)));
      toast.error(t('organization.toast.inviteFailed'), { detail: serverDetail(result.error) });
      return;
    }
    toast.info(t('organization.toast.invited', { email: result.data.email }));
    close();
  }

  return (
    <Dialog
      open={open}
      onClose={close}
      unsavedChanges={unsaved}
      title={t('organization.inviteDialog.title')}
      description={t('organization.inviteDialog.description')}
      maxWidth={560}
      actions={
        <>
          <Button variant="secondary" onClick={close} disabled={isLoading}>
            {t('organization.common.cancel')}
          </Button>
          <Button type="submit" form={formId} loading={isLoading}>
            {t('organization.inviteDialog.submit')}
          </Button>
        </>
      }
    >
      <form id={formId} noValidate onSubmit={(event) => void form.handleSubmit(event)}>
        <FormStack>
          <TextField
            type="email"
            label={t('organization.field.email')}
            required
            fullWidth
            autoComplete="off"
            {...form.field('email')}
          />
          <Select
            label={t('organization.field.role')}
            placeholder={null}
            value={role}
            options={[
              { value: '1', label: t('organization.role.1') },
              { value: '0', label: t('organization.role.0') },
            ]}
            onChange={(event) => form.setValue('role', event.target.value === '0' ? '0' : '1')}
          />
          <Select
            label={t('organization.field.mailLocale')}
            placeholder={null}
            value={locale}
            helpText={t('organization.inviteDialog.mailLocaleHelp')}
            options={[
              { value: 'ja', label: t('organization.locale.ja') },
              { value: 'en', label: t('organization.locale.en') },
            ]}
            onChange={(event) => form.setValue('locale', event.target.value === 'en' ? 'en' : 'ja')}
          />
        </FormStack>
      </form>
    </Dialog>
  );
}
