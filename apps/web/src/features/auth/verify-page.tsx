import { Button, TextField } from '@ipportal/ui';
import type { UserType } from '@ipportal/domain';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocation, useNavigate, useSearchParams } from 'react-router';
import { hrefTo } from '../../routes/paths';
import { FormAlert } from '../../shared/forms/form-alert';
import { FormLinks, FormPage, FormPanel, FormStack, TextLink } from '../../shared/forms/form-layout';
import { FormActions, FormLead } from '../../shared/forms/form-parts';
import { hasFieldErrors } from '../../shared/forms/field-errors';
import { useForm } from '../../shared/forms/use-form';
import { normalizeCode, validateCode, validateEmail, validateUserType } from '../../shared/forms/validation';
import { authErrorKey, errorMessagesReady } from '../../shared/forms/auth-errors';
import { useAuthPort } from './auth-provider';
import { authLocationState, authQuery, readAuthQuery } from './auth-query';
import { authSearchParams } from './auth-search';
import type { AuthLocationState } from './auth-query';
import { IdentitySummary } from './identity-summary';
import { focusUserType, UserTypeField } from './user-type-field';
import { authTexts } from './auth-texts';
import { domainMessages, useMessages } from '../../shared/lazy-messages';

const ids = { userType: 'verify-user-type', email: 'verify-email', code: 'verify-code' } as const;

type Message = { tone: 'error' | 'success'; key: string; values?: Record<string, string> };

/**
 * /verify: the code mailed at sign-up. The email and user type come from the query (so a reload
 * keeps them) or are typed here; a new code can be requested. Then on to /login.
 */
export function VerifyPage() {
  useMessages(authTexts, domainMessages);
  const { t, i18n } = useTranslation();
  const port = useAuthPort();
  const navigate = useNavigate();
  const [params, setParams] = useSearchParams();
  const state: unknown = useLocation().state;
  const query = readAuthQuery(params);
  const arrival = authLocationState(state);

  // With both from the query, they show as a summary until the user asks to change them.
  const [editing, setEditing] = useState(!query.userType || !query.email);
  const [message, setMessage] = useState<Message | null>(
    arrival.notice === 'codeSent'
      ? {
          tone: 'success',
          key: 'auth.verify.codeSent',
          values: { destination: arrival.destination ?? query.email ?? '' },
        }
      : null,
  );
  const [busy, setBusy] = useState<'verify' | 'resend' | null>(null);

  /** The identity fields' errors; shows those fields when one of them is wrong (focus follows their render). */
  function checkIdentity(type: UserType | null, address: string) {
    const found = { userType: validateUserType(type), email: validateEmail(address) };
    if (hasFieldErrors(found)) setEditing(true);
    return found;
  }

  const form = useForm<{ userType: UserType | null; email: string; code: string }>({
    defaultValues: { userType: query.userType, email: query.email ?? '', code: '' },
    ids,
    focus: { userType: focusUserType },
    normalize: { code: normalizeCode },
    resolver: ({ userType, email, code }) => {
      setMessage(null);
      return { ...checkIdentity(userType, email), code: validateCode(code) };
    },
    onSubmit: async ({ userType, email, code }) => {
      if (busy || !userType) return;
      setBusy('verify');
      rememberInQuery(userType);
      try {
        await port.identity.confirmSignUp(userType, email.trim(), code);
        void navigate(hrefTo('login', undefined, authQuery({ email, userType, redirect: query.redirect })), {
          state: { notice: 'verified' } satisfies AuthLocationState,
        });
      } catch (error) {
        await errorMessagesReady(i18n);
        setMessage({ tone: 'error', key: authErrorKey(error) });
        setBusy(null);
      }
    },
  });
  const { userType, email } = form.values;

  /** Keeps what was typed in the query, so a reload keeps it too. */
  function rememberInQuery(type: UserType) {
    setParams(authSearchParams({ email, userType: type, redirect: query.redirect }), {
      replace: true,
      state,
    });
  }

  async function resend() {
    if (busy) return;
    setMessage(null);
    const found = checkIdentity(userType, email);
    form.setFieldErrors(found);
    if (hasFieldErrors(found) || !userType) return;
    setBusy('resend');
    rememberInQuery(userType);
    try {
      const destination = await port.identity.resendCode(userType, email.trim());
      setMessage({
        tone: 'success',
        key: 'auth.verify.codeResent',
        values: { destination: destination ?? email.trim() },
      });
    } catch (error) {
      await errorMessagesReady(i18n);
      setMessage({ tone: 'error', key: authErrorKey(error) });
    } finally {
      setBusy(null);
    }
  }

  const loginHref = hrefTo('login', undefined, authQuery({ email, userType, redirect: query.redirect }));
  return (
    <FormPage>
      <FormPanel>
        <form noValidate onSubmit={(event) => void form.handleSubmit(event)}>
          <FormStack>
            <FormLead>{t('auth.verify.lead')}</FormLead>
            {message && (
              <FormAlert tone={message.tone}>
                <p>{t(message.key, message.values ?? {})}</p>
                {message.key === 'auth.error.alreadyConfirmed' && (
                  <p>
                    <TextLink to={loginHref}>{t('auth.verify.toLogin')}</TextLink>
                  </p>
                )}
              </FormAlert>
            )}
            {editing ? (
              <>
                <UserTypeField {...form.field('userType')} name={ids.userType} />
                <TextField
                  label={t('auth.field.email')}
                  type="email"
                  inputMode="email"
                  autoComplete="username"
                  required
                  fullWidth
                  {...form.field('email')}
                />
              </>
            ) : (
              <IdentitySummary
                email={email}
                userType={userType}
                onChange={() => setEditing(true)}
                disabled={busy !== null}
              />
            )}
            <TextField
              label={t('auth.field.code')}
              inputMode="numeric"
              autoComplete="one-time-code"
              maxLength={6}
              required
              fullWidth
              helpText={t('auth.field.codeHelp')}
              {...form.field('code')}
            />
            <Button
              type="submit"
              size="lg"
              fullWidth
              loading={busy === 'verify'}
              disabled={busy === 'resend'}
            >
              {t('auth.verify.submit')}
            </Button>
            <FormActions>
              <Button
                variant="secondary"
                loading={busy === 'resend'}
                disabled={busy === 'verify'}
                onClick={() => void resend()}
              >
                {t('auth.verify.resend')}
              </Button>
            </FormActions>
          </FormStack>
        </form>
      </FormPanel>
      <FormLinks>
        <TextLink to={loginHref}>{t('auth.verify.toLogin')}</TextLink>
      </FormLinks>
    </FormPage>
  );
}
