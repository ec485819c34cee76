import { Button, TextField } from '@ipportal/ui';
import type { UserType } from '@ipportal/domain';
import { useState } from 'react';
import type { FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate, useSearchParams } from 'react-router';
import { hrefTo } from '../../routes/paths';
import { FormAlert } from '../../shared/forms/form-alert';
import { FormLinks, FormPage, FormPanel, FormStack, TextLink } from '../../shared/forms/form-layout';
import { FormActions, FormLead } from '../../shared/forms/form-parts';
import { hasFieldErrors } from '../../shared/forms/field-errors';
import type { FieldErrors } from '../../shared/forms/field-errors';
import { NewPasswordFields } from '../../shared/forms/new-password-fields';
import {
  normalizeCode,
  validateCode,
  validateEmail,
  validateNewPassword,
  validateUserType,
} from '../../shared/forms/validation';
import type { NewPasswordField } from '../../shared/forms/validation';
import { authErrorKey, errorMessagesReady } from '../../shared/forms/auth-errors';
import { useAuthPort } from './auth-provider';
import { authQuery, readAuthQuery } from './auth-query';
import { authSearchParams } from './auth-search';
import type { AuthLocationState } from './auth-query';
import { IdentitySummary } from './identity-summary';
import { focusUserType, UserTypeField } from './user-type-field';
import { authTexts } from './auth-texts';
import { domainMessages, useMessages } from '../../shared/lazy-messages';
import { formTexts } from '../../shared/forms/form-texts';

type Field = 'userType' | 'email' | 'code' | NewPasswordField;
const fieldOrder: readonly Field[] = ['userType', 'email', 'code', 'password', 'confirmation'];
const ids: Record<Field, string> = {
  userType: 'reset-user-type',
  email: 'reset-email',
  code: 'reset-code',
  password: 'reset-password',
  confirmation: 'reset-password-confirmation',
};
/** `step=code` in the query: the code was sent (a reload stays on the second step). */
const stepParam = 'step';

type Message = { tone: 'error' | 'success'; key: string; values?: Record<string, string> };

/**
 * /login/password-reset: request a code for the user type and email, then enter it with a new
 * password. Then on to /login.
 */
export function PasswordResetPage() {
  useMessages(authTexts, formTexts, domainMessages);
  const { t, i18n } = useTranslation();
  const port = useAuthPort();
  const navigate = useNavigate();
  const [params, setParams] = useSearchParams();
  const query = readAuthQuery(params);
  const codeStep = params.get(stepParam) === 'code' && query.userType !== null && query.email !== null;

  const [userType, setUserType] = useState<UserType | null>(query.userType ?? 'REGULAR');
  const [email, setEmail] = useState(query.email ?? '');
  const [code, setCode] = useState('');
  const [password, setPassword] = useState('');
  const [confirmation, setConfirmation] = useState('');
  const [errors, setErrors] = useState<FieldErrors<Field>>({});
  const [message, setMessage] = useState<Message | null>(null);
  const [busy, setBusy] = useState<'request' | 'submit' | null>(null);

  const clearError = (field: Field) => setErrors((current) => ({ ...current, [field]: undefined }));
  const errorText = (field: Field) => {
    const descriptor = errors[field];
    return descriptor ? t(descriptor.key, descriptor.params) : undefined;
  };

  function check(found: FieldErrors<Field>): boolean {
    setErrors(found);
    const first = fieldOrder.find((field) => found[field]);
    if (first === 'userType') focusUserType(ids.userType);
    else if (first) document.getElementById(ids[first])?.focus();
    return !hasFieldErrors(found);
  }

  async function requestCode(event?: FormEvent) {
    event?.preventDefault();
    if (busy) return;
    setMessage(null);
    const valid = check({ userType: validateUserType(userType), email: validateEmail(email) });
    if (!valid || !userType) return;
    setBusy('request');
    try {
      const destination = await port.identity.forgotPassword(userType, email.trim());
      setParams(authSearchParams({ email, userType, redirect: query.redirect }, { [stepParam]: 'code' }), {
        replace: true,
      });
      setMessage({
        tone: 'success',
        key: codeStep ? 'auth.passwordReset.codeResent' : 'auth.passwordReset.codeSent',
        values: { destination: destination ?? email.trim() },
      });
    } catch (error) {
      await errorMessagesReady(i18n);
      setMessage({ tone: 'error', key: authErrorKey(error) });
    } finally {
      setBusy(null);
    }
  }

  async function submitNewPassword(event: FormEvent) {
    event.preventDefault();
    if (busy || !query.userType || !query.email) return;
    setMessage(null);
    if (!check({ code: validateCode(code), ...validateNewPassword(password, confirmation) })) return;
    setBusy('submit');
    try {
      await port.identity.forgotPasswordSubmit(query.userType, query.email, normalizeCode(code), password);
      void navigate(hrefTo('login', undefined, authQuery(query)), {
        state: { notice: 'passwordReset' } satisfies AuthLocationState,
      });
    } catch (error) {
      await errorMessagesReady(i18n);
      setMessage({ tone: 'error', key: authErrorKey(error) });
      setBusy(null);
    }
  }

  function backToRequest() {
    setMessage(null);
    setErrors({});
    setParams(authSearchParams({ email, userType, redirect: query.redirect }), {
      replace: true,
    });
  }

  const alert = message && <FormAlert tone={message.tone}>{t(message.key, message.values)}</FormAlert>;
  const loginHref = hrefTo('login', undefined, authQuery({ email, userType, redirect: query.redirect }));

  return (
    <FormPage>
      <FormPanel>
        {codeStep ? (
          <form noValidate onSubmit={(event) => void submitNewPassword(event)} key="code">
            <FormStack>
              <FormLead>{t('auth.passwordReset.codeLead')}</FormLead>
              {alert}
              <IdentitySummary
                email={query.email ?? ''}
                userType={query.userType}
                onChange={backToRequest}
                disabled={busy !== null}
              />
              <TextField
                id={ids.code}
                label={t('auth.field.code')}
                inputMode="numeric"
                autoComplete="one-time-code"
                maxLength={6}
                required
                fullWidth
                value={code}
                error={errorText('code')}
                helpText={t('auth.field.codeHelp')}
                onChange={(event) => {
                  setCode(event.target.value);
                  clearError('code');
                }}
              />
              <NewPasswordFields
                ids={ids}
                labels={{
                  password: t('auth.field.newPassword'),
                  confirmation: t('auth.field.newPasswordConfirmation'),
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
              <Button
                type="submit"
                size="lg"
                fullWidth
                loading={busy === 'submit'}
                disabled={busy === 'request'}
              >
                {t('auth.passwordReset.submit')}
              </Button>
              <FormActions>
                <Button
                  variant="secondary"
                  loading={busy === 'request'}
                  disabled={busy === 'submit'}
                  onClick={() => void requestCode()}
                >
                  {t('auth.passwordReset.resend')}
                </Button>
              </FormActions>
            </FormStack>
          </form>
        ) : (
          <form noValidate onSubmit={(event) => void requestCode(event)} key="request">
            <FormStack>
              <FormLead>{t('auth.passwordReset.requestLead')}</FormLead>
              {alert}
              <UserTypeField
                name={ids.userType}
                value={userType}
                error={errorText('userType')}
                onChange={(value) => {
                  setUserType(value);
                  clearError('userType');
                }}
              />
              <TextField
                id={ids.email}
                label={t('auth.field.email')}
                type="email"
                inputMode="email"
                autoComplete="username"
                required
                fullWidth
                value={email}
                error={errorText('email')}
                onChange={(event) => {
                  setEmail(event.target.value);
                  clearError('email');
                }}
              />
              <Button type="submit" size="lg" fullWidth loading={busy === 'request'}>
                {t('auth.passwordReset.request')}
              </Button>
            </FormStack>
          </form>
        )}
      </FormPanel>
      <FormLinks>
        <TextLink to={loginHref}>{t('auth.passwordReset.backToLogin')}</TextLink>
      </FormLinks>
    </FormPage>
  );
}
