import { Button, Card, TextField } from '@ipportal/ui';
import { useState } from 'react';
import type { FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { useAuthPort } from '../auth';
import { authErrorKey, errorMessagesReady } from '../../shared/forms/auth-errors';
import { pathTo } from '../../routes/paths';
import { FormAlert } from '../../shared/forms/form-alert';
import { FormPage, FormStack } from '../../shared/forms/form-layout';
import { ButtonLink, FormActions } from '../../shared/forms/form-parts';
import { hasFieldErrors } from '../../shared/forms/field-errors';
import type { FieldErrors } from '../../shared/forms/field-errors';
import { NewPasswordFields } from '../../shared/forms/new-password-fields';
import { validateNewPassword, validateRequired } from '../../shared/forms/validation';
import type { NewPasswordField } from '../../shared/forms/validation';
import type { AccountLocationState } from './account-notice';
import { accountTexts } from './account-texts';
import { domainMessages, useMessages } from '../../shared/lazy-messages';
import { formTexts } from '../../shared/forms/form-texts';

type Field = 'current' | NewPasswordField;
const fieldOrder: readonly Field[] = ['current', 'password', 'confirmation'];
const ids: Record<Field, string> = {
  current: 'password-change-current',
  password: 'password-change-new',
  confirmation: 'password-change-confirmation',
};

/** The identity service's answers that mean "the current password is wrong" here. */
const wrongCurrentPassword = 'auth.error.incorrectCredentials';

/** /profile/password-change: the current password, then the new one twice (policy hints as typed). */
export function PasswordChangePage() {
  useMessages(accountTexts, formTexts, domainMessages);
  const { t, i18n } = useTranslation();
  const port = useAuthPort();
  const navigate = useNavigate();
  const [current, setCurrent] = useState('');
  const [password, setPassword] = useState('');
  const [confirmation, setConfirmation] = useState('');
  const [errors, setErrors] = useState<FieldErrors<Field>>({});
  const [failure, setFailure] = useState<string | null>(null);
  const [submitting, setSubmitting] = useState(false);

  const clearError = (field: Field) => setErrors((existing) => ({ ...existing, [field]: undefined }));
  const errorText = (field: Field) => {
    const descriptor = errors[field];
    return descriptor ? t(descriptor.key, descriptor.params) : undefined;
  };

  async function submit(event: FormEvent) {
    event.preventDefault();
    if (submitting) return;
    const found: FieldErrors<Field> = {
      current: validateRequired(current),
      ...validateNewPassword(password, confirmation),
    };
    setErrors(found);
    setFailure(null);
    if (hasFieldErrors(found)) {
      const first = fieldOrder.find((field) => found[field]);
      if (first) document.getElementById(ids[first])?.focus();
      return;
    }
    setSubmitting(true);
    try {
      await port.identity.changePassword(current, password);
      void navigate(pathTo('profile'), {
        state: { notice: 'passwordChanged' } satisfies AccountLocationState,
      });
    } catch (error) {
      await errorMessagesReady(i18n);
      const key = authErrorKey(error);
      if (key === wrongCurrentPassword) {
        setErrors({ current: { key: 'account.passwordChange.currentIncorrect' } });
        document.getElementById(ids.current)?.focus();
      }
      setFailure(key === wrongCurrentPassword ? 'account.passwordChange.currentIncorrect' : key);
      setSubmitting(false);
    }
  }

  return (
    <FormPage>
      <Card>
        <form noValidate onSubmit={(event) => void submit(event)}>
          <FormStack>
            {failure && <FormAlert>{t(failure)}</FormAlert>}
            <TextField
              id={ids.current}
              label={t('account.field.currentPassword')}
              type="password"
              autoComplete="current-password"
              required
              fullWidth
              value={current}
              error={errorText('current')}
              onChange={(event) => {
                setCurrent(event.target.value);
                clearError('current');
              }}
            />
            <NewPasswordFields
              ids={ids}
              labels={{
                password: t('account.field.newPassword'),
                confirmation: t('account.field.newPasswordConfirmation'),
              }}
              password={password}
              confirmation={confirmation}
              errors={{ password: errorText('password'), confirmation: errorText('confirmation') }}
              onPasswordChange={(value) => {
                setPassword(value);
                clearError('password');
              }}
              onConfirmationChange={(value) => {
                setConfirmation(value);
                clearError('confirmation');
              }}
            />
            <FormActions>
              <Button type="submit" loading={submitting}>
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
