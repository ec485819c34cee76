import { Button, TextField } from '@ipportal/ui';
import type { UserType } from '@ipportal/domain';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate, useSearchParams } from 'react-router';
import { hrefTo } from '../../routes/paths';
import { FormAlert } from '../../shared/forms/form-alert';
import { FormLinks, FormPage, FormPanel, FormStack, TextLink } from '../../shared/forms/form-layout';
import { FormLead, FormRow } from '../../shared/forms/form-parts';
import { NewPasswordFields } from '../../shared/forms/new-password-fields';
import { RegionField } from '../../shared/forms/region-field';
import { useForm } from '../../shared/forms/use-form';
import {
  profileAttributesOf,
  validateNewPassword,
  validateProfile,
  validateUserType,
} from '../../shared/forms/validation';
import type { ProfileValues } from '../../shared/forms/validation';
import { authErrorKey, errorMessagesReady } from '../../shared/forms/auth-errors';
import { useAuthPort } from './auth-provider';
import { authQuery, readAuthQuery } from './auth-query';
import type { AuthLocationState } from './auth-query';
import { focusUserType, UserTypeField } from './user-type-field';
import { authTexts } from './auth-texts';
import { domainMessages, useMessages } from '../../shared/lazy-messages';
import { formTexts } from '../../shared/forms/form-texts';

type SignupValues = ProfileValues & { userType: UserType | null; password: string; confirmation: string };
const fieldOrder: readonly (keyof SignupValues)[] = [
  'userType',
  'name',
  'email',
  'phone',
  'address',
  'region',
  'password',
  'confirmation',
];
const ids: Record<keyof SignupValues, string> = {
  userType: 'signup-user-type',
  name: 'signup-name',
  address: 'signup-address',
  email: 'signup-email',
  phone: 'signup-phone',
  region: 'signup-region',
  password: 'signup-password',
  confirmation: 'signup-password-confirmation',
};

/**
 * /signup: user type, name, address, email, phone, region and password (policy hints as the user
 * types). The identity service mails a code; /verify takes it.
 */
export function SignupPage() {
  useMessages(authTexts, formTexts, domainMessages);
  const { t, i18n } = useTranslation();
  const port = useAuthPort();
  const navigate = useNavigate();
  const [params] = useSearchParams();
  const query = readAuthQuery(params);

  const [failure, setFailure] = useState<string | null>(null);
  // Signed up, the form stays busy while the next page loads.
  const [done, setDone] = useState(false);
  const form = useForm<SignupValues>({
    defaultValues: {
      userType: query.userType,
      name: '',
      address: '',
      email: query.email ?? '',
      phone: '',
      region: '',
      password: '',
      confirmation: '',
    },
    ids,
    fieldOrder,
    focus: { userType: focusUserType },
    resolver: (values) => {
      setFailure(null);
      return {
        userType: validateUserType(values.userType),
        ...validateProfile(values),
        ...validateNewPassword(values.password, values.confirmation),
      };
    },
    onSubmit: async (values) => {
      const { userType, password } = values;
      if (!userType) return;
      const attributes = profileAttributesOf(values);
      try {
        const outcome = await port.identity.signUp(userType, attributes, password);
        setDone(true);
        const next = authQuery({ email: attributes.email, userType, redirect: query.redirect });
        if (outcome.userConfirmed) {
          void navigate(hrefTo('login', undefined, next), {
            state: { notice: 'verified' } satisfies AuthLocationState,
          });
        } else {
          void navigate(hrefTo('verify', undefined, next), {
            state: { notice: 'codeSent', destination: outcome.destination } satisfies AuthLocationState,
          });
        }
      } catch (error) {
        await errorMessagesReady(i18n);
        setFailure(authErrorKey(error));
      }
    },
  });

  const loginQuery = authQuery({
    email: form.values.email,
    userType: form.values.userType,
    redirect: query.redirect,
  });
  return (
    <FormPage $width={640}>
      <FormPanel>
        <form noValidate onSubmit={(event) => void form.handleSubmit(event)}>
          <FormStack>
            <FormLead>{t('auth.signup.lead')}</FormLead>
            {failure && (
              <FormAlert>
                <p>{t(failure)}</p>
                {failure === 'auth.error.usernameExists' && (
                  <p>
                    <TextLink to={hrefTo('login', undefined, loginQuery)}>{t('auth.signup.logIn')}</TextLink>
                    {' / '}
                    <TextLink to={hrefTo('verify', undefined, loginQuery)}>
                      {t('auth.signup.enterCode')}
                    </TextLink>
                  </p>
                )}
              </FormAlert>
            )}
            <UserTypeField {...form.field('userType')} name={ids.userType} />
            <TextField
              label={t('auth.field.name')}
              required
              fullWidth
              autoComplete="name"
              maxLength={100}
              {...form.field('name')}
            />
            <FormRow>
              <TextField
                label={t('auth.field.email')}
                type="email"
                inputMode="email"
                autoComplete="email"
                required
                fullWidth
                {...form.field('email')}
                helpText={t('auth.field.emailHelp')}
              />
              <TextField
                label={t('auth.field.phone')}
                type="tel"
                autoComplete="tel"
                required
                fullWidth
                {...form.field('phone')}
                helpText={t('phone.hint')}
              />
            </FormRow>
            <TextField
              label={t('auth.field.address')}
              required
              fullWidth
              autoComplete="street-address"
              maxLength={256}
              {...form.field('address')}
            />
            <RegionField
              label={t('auth.field.region')}
              placeholder={t('auth.field.regionPlaceholder')}
              required
              {...form.field('region')}
            />
            <FormRow>
              <NewPasswordFields
                labels={{
                  password: t('auth.field.password'),
                  confirmation: t('auth.field.passwordConfirmation'),
                }}
                password={form.field('password')}
                confirmation={form.field('confirmation')}
              />
            </FormRow>
            <Button type="submit" size="lg" fullWidth loading={form.formState.isSubmitting || done}>
              {t('auth.signup.submit')}
            </Button>
          </FormStack>
        </form>
      </FormPanel>
      <FormLinks>
        <span>
          {t('auth.signup.haveAccount')}{' '}
          <TextLink to={hrefTo('login', undefined, loginQuery)}>{t('auth.signup.logIn')}</TextLink>
        </span>
      </FormLinks>
    </FormPage>
  );
}
