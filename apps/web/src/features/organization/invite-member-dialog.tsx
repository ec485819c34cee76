import { useInviteMemberMutation } from '@ipportal/api-client';
import { emailSchema, describeIssue } from '@ipportal/domain';
import type { Locale, MessageDescriptor } from '@ipportal/domain';
import { Button, Dialog, Select, TextField, useToast } from '@ipportal/ui';
import { useState } from 'react';
import type { FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { FormStack } from '../../shared/forms/form-layout';
import { useFormWarning } from '../../shared/form-warning';
import { useUnsavedChanges } from '../../shared/unsaved-changes';
import { serverDetail, serverFieldError } from './organization-support';

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
  const [email, setEmail] = useState('');
  const [role, setRole] = useState<'0' | '1'>('1');
  const [locale, setLocale] = useState<Locale>(i18n.language === 'en' ? 'en' : 'ja');
  const [error, setError] = useState<MessageDescriptor | string | null>(null);
  const warning = useFormWarning();
  // The address is what the user typed; the role and language are quick to choose again.
  const unsaved = open && email !== '';
  useUnsavedChanges(unsaved);

  const close = () => {
    if (isLoading) return;
    setEmail('');
    setRole('1');
    setError(null);
    warning.dismiss();
    onClose();
  };

  async function submit(event: FormEvent) {
    event.preventDefault();
    const checked = emailSchema.safeParse(email);
    if (!checked.success) {
      const issue = checked.error.issues[0];
      setError(issue ? describeIssue(issue) : null);
      warning.warn(t('organization.toast.validationErrors'));
      document.getElementById('invite-email')?.focus();
      return;
    }
    warning.dismiss();
    const result = await invite({
      organizationId,
      body: { email: checked.data, roleInOrganizationCode: role === '0' ? 0 : 1, locale },
    });
    if ('error' in result) {
      const fieldMessage = serverFieldError(result.error, 'email');
      if (fieldMessage) setError(fieldMessage);
      toast.error(t('organization.toast.inviteFailed'), { detail: serverDetail(result.error) });
      return;
    }
    toast.info(t('organization.toast.invited', { email: result.data.email }));
    close();
  }

  const errorText =
    error === null ? undefined : typeof error === 'string' ? error : t(error.key, error.params);

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
      <form id={formId} noValidate onSubmit={(event) => void submit(event)}>
        <FormStack>
          <TextField
            id="invite-email"
            type="email"
            label={t('organization.field.email')}
            required
            fullWidth
            autoComplete="off"
            value={email}
            error={errorText}
            onChange={(event) => {
              setEmail(event.target.value);
              setError(null);
            }}
          />
          <Select
            label={t('organization.field.role')}
            placeholder={null}
            value={role}
            options={[
              { value: '1', label: t('organization.role.1') },
              { value: '0', label: t('organization.role.0') },
            ]}
            onChange={(event) => setRole(event.target.value === '0' ? '0' : '1')}
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
            onChange={(event) => setLocale(event.target.value === 'en' ? 'en' : 'ja')}
          />
        </FormStack>
      </form>
    </Dialog>
  );
}
