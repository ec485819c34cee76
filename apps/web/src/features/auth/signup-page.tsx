import { Button, TextField } from '@ipportal/ui';
import type { UserType } from '@ipportal/domain';
import { useState } from 'react';
import type { FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate, useSearchParams } from 'react-router';
import { hrefTo } from '../../routes/paths';
import { FormAlert } from '../../shared/forms/form-alert';
import { FormLinks, FormPage, FormPanel, FormStack, TextLink } from '../../shared/forms/form-layout';
import { FormLead, FormRow } from '../../shared/forms/form-parts';
import { hasFieldErrors } from '../../shared/forms/field-errors';
import type { FieldErrors } from '../../shared/forms/field-errors';
import { NewPasswordFields } from '../../shared/forms/new-password-fields';
import { RegionField } from '../../shared/forms/region-field';
import {
  profileAttributesOf,
  validateNewPassword,
  validateProfile,
  validateUserType,
} from '../../shared/forms/validation';
import type { NewPasswordField, ProfileField, ProfileValues } from '../../shared/forms/validation';
import { authErrorKey, errorMessagesReady } from '../../shared/forms/auth-errors';
import { useAuthPort } from './auth-provider';
import { authQuery, readAuthQuery } from './auth-query';
import type { AuthLocationState } from './auth-query';
import { focusUserType, UserTypeField } from './user-type-field';
import { authTexts } from './auth-texts';
import { domainMessages, useMessages } from '../../shared/lazy-messages';
import { formTexts } from '../../shared/forms/form-texts';

type Field = 'userType' | ProfileField | NewPasswordField;
const fieldOrder: readonly Field[] = [
  'userType',
  'name',
  'email',
  'phone',
  'address',
  'region',
  'password',
  'confirmation',
];
const ids: Record<Field, string> = {
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

  const [userType, setUserType] = useState<UserType | null>(query.userType);
  const [values, setValues] = useState<ProfileValues>({
    name: '',
    address: '',
    email: query.email ?? '',
    phone: '',
    region: '',
  });
  const [password, setPassword] = useState('');
  const [confirmation, setConfirmation] = useState('');
  const [errors, setErrors] = useState<FieldErrors<Field>>({});
  const [failure, setFailure] = useState<string | null>(null);
  const [submitting, setSubmitting] = useState(false);

  const clearError = (field: Field) => setErrors((current) => ({ ...current, [field]: undefined }));
  const errorText = (field: Field) => {
    const descriptor = errors[field];
    return descriptor ? t(descriptor.key, descriptor.params) : undefined;
  };
  const setValue = (field: ProfileField, value: string) => {
    setValues((current) => ({ ...current, [field]: value }));
    clearError(field);
  };

  async function submit(event: FormEvent) {
    event.preventDefault();
    if (submitting) return;
    const found: FieldErrors<Field> = {
      userType: validateUserType(userType),
      ...validateProfile(values),
      ...validateNewPassword(password, confirmation),
    };
    setErrors(found);
    setFailure(null);
    if (hasFieldErrors(found) || !userType) {
      const first = fieldOrder.find((field) => found[field]);
      if (first === 'userType') focusUserType(ids.userType);
      else if (first) document.getElementById(ids[first])?.focus();
      return;
    }
    setSubmitting(true);
    const attributes = profileAttributesOf(values);
    try {
      const outcome = await port.identity.signUp(userType, attributes, password);
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
      setSubmitting(false);
    }
  }

  const loginQuery = authQuery({ email: values.email, userType, redirect: query.redirect });
  return (
    <FormPage $width={640}>
      <FormPanel>
        <form noValidate onSubmit={(event) => void submit(event)}>
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
              id={ids.name}
              label={t('auth.field.name')}
              required
              fullWidth
              autoComplete="name"
              maxLength={100}
              value={values.name}
              error={errorText('name')}
              onChange={(event) => setValue('name', event.target.value)}
            />
            <FormRow>
              <TextField
                id={ids.email}
                label={t('auth.field.email')}
                type="email"
                inputMode="email"
                autoComplete="email"
                required
                fullWidth
                value={values.email}
                error={errorText('email')}
                helpText={t('auth.field.emailHelp')}
                onChange={(event) => setValue('email', event.target.value)}
              />
              <TextField
                id={ids.phone}
                label={t('auth.field.phone')}
                type="tel"
                autoComplete="tel"
                required
                fullWidth
                value={values.phone}
                error={errorText('phone')}
                helpText={t('phone.hint')}
                onChange={(event) => setValue('phone', event.target.value)}
              />
            </FormRow>
            <TextField
              id={ids.address}
              label={t('auth.field.address')}
              required
              fullWidth
              autoComplete="street-address"
              maxLength={256}
              value={values.address}
              error={errorText('address')}
              onChange={(event) => setValue('address', event.target.value)}
            />
            <RegionField
              id={ids.region}
              label={t('auth.field.region')}
              placeholder={t('auth.field.regionPlaceholder')}
              required
              value={values.region}
              error={errorText('region')}
              onChange={(value) => setValue('region', value)}
            />
            <FormRow>
              <NewPasswordFields
                ids={ids}
                labels={{
                  password: t('auth.field.password'),
                  confirmation: t('auth.field.passwordConfirmation'),
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
            </FormRow>
            <Button type="submit" size="lg" fullWidth loading={submitting}>
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
