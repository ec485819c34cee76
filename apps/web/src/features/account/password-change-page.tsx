import { Button, Card, TextField } from '@ipportal/ui';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { useAuthPort } from '../auth';
import { authErrorKey, errorMessagesReady } from '../../shared/forms/auth-errors';
import { pathTo } from '../../routes/paths';
import { FormAlert } from '../../shared/forms/form-alert';
import { FormPage, FormStack } from '../../shared/forms/form-layout';
import { ButtonLink, FormActions } from '../../shared/forms/form-parts';
import { NewPasswordFields } from '../../shared/forms/new-password-fields';
import { useForm } from '../../shared/forms/use-form';
import { validateNewPassword, validateRequired } from '../../shared/forms/validation';
import type { AccountLocationState } from './account-notice';
import { accountTexts } from './account-texts';
import { domainMessages, useMessages } from '../../shared/lazy-messages';
import { formTexts } from '../../shared/forms/form-texts';

const ids = {
  current: 'password-change-current',
  password: 'password-change-new',
  confirmation: 'password-change-confirmation',
} as const;

/** The identity service's answers that mean "the current password is wrong" here. */
const wrongCurrentPassword = 'auth.error.incorrectCredentials';

/** /profile/password-change: the current password, then the new one twice (policy hints as typed). */
export function PasswordChangePage() {
  useMessages(accountTexts, formTexts, domainMessages);
  const { t, i18n } = useTranslation();
  const port = useAuthPort();
  const navigate = useNavigate();
  const [failure, setFailure] = useState<string | null>(null);
  // Changed, the form stays busy while the profile page loads.
  const [done, setDone] = useState(false);
  const form = useForm({
    defaultValues: { current: '', password: '', confirmation: '' },
    ids,
    resolver: ({ current, password, confirmation }) => {
      setFailure(null);
      return { current: validateRequired(current), ...validateNewPassword(password, confirmation) };
    },
    onSubmit: async ({ current, password }) => {
      try {
        await port.identity.changePassword(current, password);
        setDone(true);
        void navigate(pathTo('profile'), {
          state: { notice: 'passwordChanged' } satisfies AccountLocationState,
        });
      } catch (error) {
        await errorMessagesReady(i18n);
        const key = authErrorKey(error);
        if (key === wrongCurrentPassword) {
          form.setFieldErrors({ current: { key: 'account.passwordChange.currentIncorrect' } });
        }
        setFailure(key === wrongCurrentPassword ? 'account.passwordChange.currentIncorrect' : key);
      }
    },
  });

  return (
    <FormPage>
      <Card>
        <form noValidate onSubmit={(event) => void form.handleSubmit(event)}>
          <FormStack>
            {failure && <FormAlert>{t(failure)}</FormAlert>}
            <TextField
              label={t('account.field.currentPassword')}
              type="password"
              autoComplete="current-password"
              required
              fullWidth
              {...form.field('current')}
            />
            <NewPasswordFields
              labels={{
                password: t('account.field.newPassword'),
                confirmation: t('account.field.newPasswordConfirmation'),
              }}
              password={form.field('password')}
              confirmation={form.field('confirmation')}
            />
            <FormActions>
              <Button type="submit" loading={form.formState.isSubmitting || done}>
                {t('account.passwordChange.submit')}
              </Button>
              <ButtonLink to={pathTo('profile')}>{t('account.cancel')}</ButtonLink>
            </FormActions>
          </FormStack>
        </form>
      </Card>
    </FormPage>
  );
}
