import { Button, TextField } from '@ipportal/ui';
import styled from 'styled-components';
import { useState } from 'react';
import type { FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { FormAlert } from '../../shared/forms/form-alert';
import { FormPanel, FormStack } from '../../shared/forms/form-layout';
import { FormActions, FormLead } from '../../shared/forms/form-parts';
import { hasFieldErrors } from '../../shared/forms/field-errors';
import type { FieldErrors } from '../../shared/forms/field-errors';
import { PasswordHints } from '../../shared/forms/password-hints';
import { RegionField } from '../../shared/forms/region-field';
import {
  attributeOfField,
  profileAttributesOf,
  validateNewPassword,
  validateProfile,
} from '../../shared/forms/validation';
import type { NewPasswordField, ProfileField, ProfileValues } from '../../shared/forms/validation';
import { authErrorKey, errorMessagesReady } from '../../shared/forms/auth-errors';
import type { EditableAttributes, SignInOutcome } from './auth-port';
import { useAuthPort } from './auth-provider';
import { authTexts } from './auth-texts';
import { domainMessages, useMessages } from '../../shared/lazy-messages';
import { formTexts } from '../../shared/forms/form-texts';

type Field = NewPasswordField | ProfileField;

const Title = styled.h2`
  margin: 0;
  font-size: ${({ theme }) => theme.typography.fontSize.lg};
  font-weight: ${({ theme }) => theme.typography.fontWeight.bold};
`;

/** Profile fields the challenge may ask for (the email is the user name and is never asked). */
const askable: readonly ProfileField[] = ['name', 'address', 'phone', 'region'];
const ids: Record<Field, string> = {
  password: 'new-password',
  confirmation: 'new-password-confirmation',
  name: 'new-password-name',
  address: 'new-password-address',
  email: 'new-password-email',
  phone: 'new-password-phone',
  region: 'new-password-region',
};

export interface NewPasswordStepProps {
  challenge: Extract<SignInOutcome, { status: 'newPasswordRequired' }>;
  onCancel: () => void;
}

/**
 * The new-password challenge of an invited user (temporary password): a new password and the
 * profile attributes the pool still needs. Completing it signs the user in.
 */
export function NewPasswordStep({ challenge, onCancel }: NewPasswordStepProps) {
  useMessages(authTexts, formTexts, domainMessages);
  const { t, i18n } = useTranslation();
  const port = useAuthPort();
  const asked = askable.filter((field) => challenge.requiredAttributes.includes(attributeOfField[field]));
  const known = challenge.userAttributes;
  const [values, setValues] = useState<ProfileValues>({
    name: known.name ?? '',
    address: known.address ?? '',
    email: known.email ?? '',
    phone: known.phone_number ?? '',
    region: known['custom:region_code'] ?? '',
  });
  const [password, setPassword] = useState('');
  const [confirmation, setConfirmation] = useState('');
  const [errors, setErrors] = useState<FieldErrors<Field>>({});
  const [failure, setFailure] = useState<string | null>(null);
  const [submitting, setSubmitting] = useState(false);

  const errorText = (field: Field) => {
    const descriptor = errors[field];
    return descriptor ? t(descriptor.key, descriptor.params) : undefined;
  };
  const setValue = (field: ProfileField, value: string) => {
    setValues((current) => ({ ...current, [field]: value }));
    setErrors((current) => ({ ...current, [field]: undefined }));
  };

  async function submit(event: FormEvent) {
    event.preventDefault();
    if (submitting) return;
    const found: FieldErrors<Field> = {
      ...validateNewPassword(password, confirmation),
      ...validateProfile(values, asked),
    };
    setErrors(found);
    setFailure(null);
    if (hasFieldErrors(found)) {
      const first = (['password', 'confirmation', ...asked] as const).find((field) => found[field]);
      if (first) document.getElementById(ids[first])?.focus();
      return;
    }
    setSubmitting(true);
    const attributes = profileAttributesOf(values);
    const answer: EditableAttributes = Object.fromEntries(
      asked.map((field) => [attributeOfField[field], attributes[attributeOfField[field]]]),
    );
    try {
      await port.identity.completeNewPassword(password, answer);
      // Signed in: the route guard now leads to the redirect target (or /projects).
    } catch (error) {
      await errorMessagesReady(i18n);
      setFailure(authErrorKey(error));
      setSubmitting(false);
    }
  }

  const autoCompleteOf = { name: 'name', address: 'street-address', phone: 'tel' } as const;
  const textField = (field: 'name' | 'address' | 'phone') => (
    <TextField
      id={ids[field]}
      label={t(`auth.field.${field}`)}
      required
      fullWidth
      autoComplete={autoCompleteOf[field]}
      {...(field === 'phone' ? { type: 'tel', helpText: t('phone.hint') } : {})}
      value={values[field]}
      error={errorText(field)}
      onChange={(event) => setValue(field, event.target.value)}
    />
  );

  return (
    <FormPanel aria-labelledby="new-password-title">
      <form noValidate onSubmit={(event) => void submit(event)}>
        <FormStack>
          <Title id="new-password-title">{t('auth.newPassword.title')}</Title>
          <FormLead>{t('auth.newPassword.lead')}</FormLead>
          {failure && <FormAlert>{t(failure)}</FormAlert>}
          <div>
            <TextField
              id={ids.password}
              label={t('auth.field.newPassword')}
              type="password"
              autoComplete="new-password"
              required
              fullWidth
              value={password}
              error={errorText('password')}
              onChange={(event) => {
                setPassword(event.target.value);
                setErrors((current) => ({ ...current, password: undefined }));
              }}
            />
            <PasswordHints password={password} />
          </div>
          <TextField
            id={ids.confirmation}
            label={t('auth.field.newPasswordConfirmation')}
            type="password"
            autoComplete="new-password"
            required
            fullWidth
            value={confirmation}
            error={errorText('confirmation')}
            onChange={(event) => {
              setConfirmation(event.target.value);
              setErrors((current) => ({ ...current, confirmation: undefined }));
            }}
          />
          {asked.includes('name') && textField('name')}
          {asked.includes('address') && textField('address')}
          {asked.includes('phone') && textField('phone')}
          {asked.includes('region') && (
            <RegionField
              id={ids.region}
              label={t('auth.field.region')}
              placeholder={t('auth.field.regionPlaceholder')}
              required
              value={values.region}
              error={errorText('region')}
              onChange={(value) => setValue('region', value)}
            />
          )}
          <Button type="submit" size="lg" fullWidth loading={submitting}>
            {t('auth.newPassword.submit')}
          </Button>
          <FormActions>
            <Button variant="tertiary" onClick={onCancel} disabled={submitting}>
              {t('auth.newPassword.cancel')}
            </Button>
          </FormActions>
        </FormStack>
      </form>
    </FormPanel>
  );
}
