import { Button, TextField } from '@ipportal/ui';
import type { UserType } from '@ipportal/domain';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate, useSearchParams } from 'react-router';
import { hrefTo } from '../../routes/paths';
import { FormAlert } from '../../shared/forms/form-alert';
import { FormLinks, FormPage, FormPanel, FormStack, TextLink } from '../../shared/forms/form-layout';
import { FormActions, FormLead } from '../../shared/forms/form-parts';
import { NewPasswordFields } from '../../shared/forms/new-password-fields';
import { useForm } from '../../shared/forms/use-form';
import {
  normalizeCode,
  validateCode,
  validateEmail,
  validateNewPassword,
  validateUserType,
} from '../../shared/forms/validation';
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

const requestIds = { userType: 'reset-user-type', email: 'reset-email' } as const;
const codeIds = {
  code: 'reset-code',
  password: 'reset-password',
  confirmation: 'reset-password-confirmation',
} as const;
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

  const [message, setMessage] = useState<Message | null>(null);
  const [busy, setBusy] = useState<'request' | 'submit' | null>(null);

  const requestForm = useForm<{ userType: UserType | null; email: string }>({
    defaultValues: { userType: query.userType ?? 'REGULAR', email: query.email ?? '' },
    ids: requestIds,
    focus: { userType: focusUserType },
    resolver: ({ userType, email }) => {
      setMessage(null);
      return { userType: validateUserType(userType), email: validateEmail(email) };
    },
    onSubmit: async ({ userType, email }) => {
      if (busy || !userType) return;
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
    },
  });
  const { userType, email } = requestForm.values;

  const codeForm = useForm({
    defaultValues: { code: '', password: '', confirmation: '' },
    ids: codeIds,
    normalize: { code: normalizeCode },
    resolver: ({ code, password, confirmation }) => {
      setMessage(null);
      return { code: validateCode(code), ...validateNewPassword(password, confirmation) };
    },
    onSubmit: async ({ code, password }) => {
      if (busy || !query.userType || !query.email) return;
      setBusy('submit');
      try {
        await port.identity.forgotPasswordSubmit(query.userType, query.email, code, password);
        void navigate(hrefTo('login', undefined, authQuery(query)), {
          state: { notice: 'passwordReset' } satisfies AuthLocationState,
        });
      } catch (error) {
        await errorMessagesReady(i18n);
        setMessage({ tone: 'error', key: authErrorKey(error) });
        setBusy(null);
      }
    },
  });

  function backToRequest() {
    setMessage(null);
    requestForm.clearErrors();
    codeForm.clearErrors();
    setParams(authSearchParams({ email, userType, redirect: query.redirect }), {
      replace: true,
    });
  }

  const alert = message && <FormAlert tone={message.tone}>{t(message.key, message.values ?? {})}</FormAlert>;
  const loginHref = hrefTo('login', undefined, authQuery({ email, userType, redirect: query.redirect }));

  return (
    <FormPage>
      <FormPanel>
        {codeStep ? (
          <form noValidate onSubmit={(event) => void codeForm.handleSubmit(event)} key="code">
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
                label={t('auth.field.code')}
                inputMode="numeric"
                autoComplete="one-time-code"
                maxLength={6}
                required
                fullWidth
                helpText={t('auth.field.codeHelp')}
                {...codeForm.field('code')}
              />
              <NewPasswordFields
                labels={{
                  password: t('auth.field.newPassword'),
                  confirmation: t('auth.field.newPasswordConfirmation'),
                }}
                password={codeForm.field('password')}
                confirmation={codeForm.field('confirmation')}
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
                  onClick={() => void requestForm.handleSubmit()}
                >
                  {t('auth.passwordReset.resend')}
                </Button>
              </FormActions>
            </FormStack>
          </form>
        ) : (
          <form noValidate onSubmit={(event) => void requestForm.handleSubmit(event)} key="request">
            <FormStack>
              <FormLead>{t('auth.passwordReset.requestLead')}</FormLead>
              {alert}
              <UserTypeField {...requestForm.field('userType')} name={requestIds.userType} />
              <TextField
                label={t('auth.field.email')}
                type="email"
                inputMode="email"
                autoComplete="username"
                required
                fullWidth
                {...requestForm.field('email')}
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
