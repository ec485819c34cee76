import { Button, TextField } from '@ipportal/ui';
import type { UserType } from '@ipportal/domain';
import { lazy, Suspense, useEffect, useRef, useState } from 'react';
import type { FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocation, useNavigate, useSearchParams } from 'react-router';
import { hrefTo, pathTo } from '../../routes/paths';
import { redirectParam } from '../../routes/redirect-target';
import { LoadingText } from '../../shared/loading-text';
import { FormAlert } from '../../shared/forms/form-alert';
import { FormLinks, FormPage, FormPanel, FormStack, TextLink } from '../../shared/forms/form-layout';
import { hasFieldErrors } from '../../shared/forms/field-errors';
import type { FieldErrors } from '../../shared/forms/field-errors';
import type { SignInOutcome } from './auth-port';
import { useAuthPort } from './auth-provider';
import { authLocationState, authQuery, readAuthQuery } from './auth-query';
import { focusUserType, UserTypeField } from './user-type-field';

// Only what the first paint needs is imported here: validation (zod) loads on submit and the
// new-password step (password policy, region picker) only when the challenge comes.
const NewPasswordStep = lazy(() =>
  import('./new-password-step').then((m) => ({ default: m.NewPasswordStep })),
);
const TotpCodeStep = lazy(() => import('./totp-code-step').then((m) => ({ default: m.TotpCodeStep })));

type Field = 'userType' | 'email' | 'password';
const fieldOrder: readonly Field[] = ['userType', 'email', 'password'];
const ids = { userType: 'login-user-type', email: 'login-email', password: 'login-password' } as const;

interface Credentials {
  userType: UserType;
  email: string;
  password: string;
}

interface Failure {
  key: string;
}

/**
 * The /login form: user type, email and password. A signed-in user is taken to the `redirect`
 * query target (or /projects) by the route guard; an invited user first chooses a new password.
 */
export function LoginForm() {
  const { t, i18n } = useTranslation();
  const port = useAuthPort();
  const [params] = useSearchParams();
  const navigate = useNavigate();
  const state: unknown = useLocation().state;
  const query = readAuthQuery(params);
  const notice = authLocationState(state).notice;

  const [userType, setUserType] = useState<UserType | null>(query.userType ?? 'REGULAR');
  const [email, setEmail] = useState(query.email ?? '');
  const [password, setPassword] = useState('');
  const [errors, setErrors] = useState<FieldErrors<Field>>({});
  const [failure, setFailure] = useState<Failure | null>(null);
  const [submitting, setSubmitting] = useState(false);
  const [challenge, setChallenge] = useState<Exclude<SignInOutcome, { status: 'signedIn' }> | null>(null);

  const pendingSignIn = useRef<Credentials | null>(null);

  const clearError = (field: Field) => setErrors((current) => ({ ...current, [field]: undefined }));
  const errorText = (field: Field) => {
    const descriptor = errors[field];
    return descriptor ? t(descriptor.key, descriptor.params) : undefined;
  };

  async function submit(event: FormEvent) {
    event.preventDefault();
    if (submitting) return;
    setSubmitting(true);
    setFailure(null);
    try {
      // Validation (zod) and the texts of failures load now, the identity library with them.
      const [validation] = await Promise.all([
        import('../../shared/forms/validation'),
        import('../../shared/forms/auth-errors').then((m) => m.errorMessagesReady(i18n)),
      ]);
      const found: FieldErrors<Field> = {
        userType: validation.validateUserType(userType),
        email: validation.validateEmail(email),
        password: validation.validateRequired(password),
      };
      setErrors(found);
      if (hasFieldErrors(found) || !userType) {
        const first = fieldOrder.find((field) => found[field]);
        if (first === 'userType') focusUserType(ids.userType);
        else if (first) document.getElementById(ids[first])?.focus();
        setSubmitting(false);
        return;
      }
      const credentials = { userType, email: email.trim(), password };
      if (query.redirect) {
        await signInWith(credentials);
        return;
      }
      // The route guard takes a signed-in user to the `redirect` target; without one we want
      // /projects. Put it in the URL first and sign in once that location has rendered: the
      // session reaches the guard at once, the router's location only in a transition.
      pendingSignIn.current = credentials;
      const next = new URLSearchParams(params);
      next.set(redirectParam, pathTo('projects'));
      void navigate({ search: `?${next.toString()}` }, { replace: true, state });
    } catch (error) {
      await showFailure(error);
    }
  }

  async function signInWith({ userType: type, email: address, password: secret }: Credentials) {
    try {
      const outcome = await port.identity.signIn(type, address, secret);
      if (outcome.status !== 'signedIn') {
        setChallenge(outcome);
        setSubmitting(false);
      }
      // Signed in: the route guard now leads to the redirect target.
    } catch (error) {
      await showFailure(error);
    }
  }

  async function showFailure(error: unknown) {
    const failures = await import('../../shared/forms/auth-errors').catch(() => null);
    await failures?.errorMessagesReady(i18n);
    setFailure(failures ? { key: failures.authErrorKey(error) } : { key: 'shell.unexpectedError' });
    setSubmitting(false);
  }

  useEffect(() => {
    const credentials = pendingSignIn.current;
    if (!credentials || !query.redirect) return;
    pendingSignIn.current = null;
    void signInWith(credentials);
  });

  if (challenge) {
    const cancel = () => {
      setChallenge(null);
      setPassword('');
    };
    return (
      <FormPage>
        <Suspense fallback={<LoadingText />}>
          {challenge.status === 'totpRequired' ? (
            <TotpCodeStep onCancel={cancel} />
          ) : (
            <NewPasswordStep challenge={challenge} onCancel={cancel} />
          )}
        </Suspense>
      </FormPage>
    );
  }

  const nextQuery = authQuery({ email, userType, redirect: query.redirect });
  return (
    <FormPage>
      <FormPanel>
        <form noValidate onSubmit={(event) => void submit(event)}>
          <FormStack>
            {notice === 'verified' && <FormAlert tone="success">{t('auth.login.verifiedNotice')}</FormAlert>}
            {notice === 'passwordReset' && (
              <FormAlert tone="success">{t('auth.login.passwordResetNotice')}</FormAlert>
            )}
            {failure && (
              <FormAlert>
                <p>{t(failure.key)}</p>
                {failure.key === 'auth.error.incorrectCredentials' && <p>{t('auth.login.checkUserType')}</p>}
                {failure.key === 'auth.error.userNotConfirmed' && (
                  <p>
                    <TextLink to={hrefTo('verify', undefined, nextQuery)}>
                      {t('auth.login.goToVerify')}
                    </TextLink>
                  </p>
                )}
                {failure.key === 'auth.error.passwordResetRequired' && (
                  <p>
                    <TextLink to={hrefTo('passwordReset', undefined, nextQuery)}>
                      {t('auth.login.forgotPassword')}
                    </TextLink>
                  </p>
                )}
              </FormAlert>
            )}
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
              autoComplete="username"
              inputMode="email"
              required
              fullWidth
              value={email}
              error={errorText('email')}
              onChange={(event) => {
                setEmail(event.target.value);
                clearError('email');
              }}
            />
            <TextField
              id={ids.password}
              label={t('auth.field.password')}
              type="password"
              autoComplete="current-password"
              required
              fullWidth
              value={password}
              error={errorText('password')}
              onChange={(event) => {
                setPassword(event.target.value);
                clearError('password');
              }}
            />
            <Button type="submit" size="lg" fullWidth loading={submitting}>
              {t('auth.login.submit')}
            </Button>
          </FormStack>
        </form>
      </FormPanel>
      <FormLinks>
        <TextLink to={hrefTo('passwordReset', undefined, nextQuery)}>
          {t('auth.login.forgotPassword')}
        </TextLink>
        <span>
          {t('auth.login.noAccount')}{' '}
          <TextLink to={hrefTo('signup', undefined, authQuery({ redirect: query.redirect }))}>
            {t('auth.login.signUp')}
          </TextLink>
        </span>
      </FormLinks>
    </FormPage>
  );
}
