import { Button, TextField } from '@ipportal/ui';
import type { UserType } from '@ipportal/domain';
import { lazy, Suspense, useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocation, useNavigate, useSearchParams } from 'react-router';
import { hrefTo, pathTo } from '../../routes/paths';
import { redirectParam } from '../../routes/redirect-target';
import { LoadingText } from '../../shared/loading-text';
import { FormAlert } from '../../shared/forms/form-alert';
import { FormLinks, FormPage, FormPanel, FormStack, TextLink } from '../../shared/forms/form-layout';
import { useForm } from '../../shared/forms/use-form';
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

const ids = { userType: 'login-user-type', email: 'login-email', password: 'login-password' } as const;

interface LoginValues {
  userType: UserType | null;
  email: string;
  password: string;
}

interface Credentials {
  userType: UserType;
  email: string;
  password: string;
}

/** A sign-in waiting for the redirect target to be in the URL, and the submit waiting for it. */
interface PendingSignIn {
  credentials: Credentials;
  settled: () => void;
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

  const [failure, setFailure] = useState<Failure | null>(null);
  const [challenge, setChallenge] = useState<Exclude<SignInOutcome, { status: 'signedIn' }> | null>(null);
  // Signed in, the form stays busy while the route guard leads on.
  const [signedIn, setSignedIn] = useState(false);

  const pendingSignIn = useRef<PendingSignIn | null>(null);

  const form = useForm<LoginValues>({
    defaultValues: { userType: query.userType ?? 'REGULAR', email: query.email ?? '', password: '' },
    ids,
    focus: { userType: focusUserType },
    resolver: async ({ userType, email, password }) => {
      setFailure(null);
      // Validation (zod) and the texts of failures load now, the identity library with them.
      const [validation] = await Promise.all([
        import('../../shared/forms/validation'),
        import('../../shared/forms/auth-errors').then((m) => m.errorMessagesReady(i18n)),
      ]);
      return {
        userType: validation.validateUserType(userType),
        email: validation.validateEmail(email),
        password: validation.validateRequired(password),
      };
    },
    onSubmit: async ({ userType, email, password }) => {
      if (!userType) return;
      const credentials = { userType, email: email.trim(), password };
      if (query.redirect) {
        await signInWith(credentials);
        return;
      }
      // The route guard takes a signed-in user to the `redirect` target; without one we want
      // /projects. Put it in the URL first and sign in once that location has rendered: the
      // session reaches the guard at once, the router's location only in a transition.
      await new Promise<void>((settled) => {
        pendingSignIn.current = { credentials, settled };
        const next = new URLSearchParams(params);
        next.set(redirectParam, pathTo('projects'));
        void navigate({ search: `?${next.toString()}` }, { replace: true, state });
      });
    },
    onFailure: showFailure,
  });

  async function signInWith({ userType: type, email: address, password: secret }: Credentials) {
    try {
      const outcome = await port.identity.signIn(type, address, secret);
      // Signed in: the route guard now leads to the redirect target.
      if (outcome.status === 'signedIn') setSignedIn(true);
      else setChallenge(outcome);
    } catch (error) {
      await showFailure(error);
    }
  }

  async function showFailure(error: unknown) {
    const failures = await import('../../shared/forms/auth-errors').catch(() => null);
    await failures?.errorMessagesReady(i18n);
    setFailure(failures ? { key: failures.authErrorKey(error) } : { key: 'shell.unexpectedError' });
  }

  useEffect(() => {
    const pending = pendingSignIn.current;
    if (!pending || !query.redirect) return;
    pendingSignIn.current = null;
    void signInWith(pending.credentials).finally(pending.settled);
  });

  if (challenge) {
    const cancel = () => {
      setChallenge(null);
      form.setValue('password', '');
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

  const { email, userType } = form.values;
  const nextQuery = authQuery({ email, userType, redirect: query.redirect });
  return (
    <FormPage>
      <FormPanel>
        <form noValidate onSubmit={(event) => void form.handleSubmit(event)}>
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
            <UserTypeField {...form.field('userType')} name={ids.userType} />
            <TextField
              label={t('auth.field.email')}
              type="email"
              autoComplete="username"
              inputMode="email"
              required
              fullWidth
              {...form.field('email')}
            />
            <TextField
              label={t('auth.field.password')}
              type="password"
              autoComplete="current-password"
              required
              fullWidth
              {...form.field('password')}
            />
            <Button type="submit" size="lg" fullWidth loading={form.formState.isSubmitting || signedIn}>
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
