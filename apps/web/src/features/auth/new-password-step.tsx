import { Button, TextField } from '@ipportal/ui';
import styled from 'styled-components';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { FormAlert } from '../../shared/forms/form-alert';
import { FormPanel, FormStack } from '../../shared/forms/form-layout';
import { FormActions, FormLead } from '../../shared/forms/form-parts';
import { PasswordHints } from '../../shared/forms/password-hints';
import { RegionField } from '../../shared/forms/region-field';
import { useForm } from '../../shared/forms/use-form';
import {
  attributeOfField,
  profileAttributesOf,
  validateNewPassword,
  validateProfile,
} from '../../shared/forms/validation';
import type { ProfileField, ProfileValues } from '../../shared/forms/validation';
import { authErrorKey, errorMessagesReady } from '../../shared/forms/auth-errors';
import type { EditableAttributes, SignInOutcome } from './auth-port';
import { useAuthPort } from './auth-provider';
import { authTexts } from './auth-texts';
import { domainMessages, useMessages } from '../../shared/lazy-messages';
import { formTexts } from '../../shared/forms/form-texts';

type NewPasswordValues = ProfileValues & { password: string; confirmation: string };

const Title = styled.h2`
  margin: 0;
  font-size: ${({ theme }) => theme.typography.fontSize.lg};
  font-weight: ${({ theme }) => theme.typography.fontWeight.bold};
`;

/** Profile fields the challenge may ask for (the email is the user name and is never asked). */
const askable: readonly ProfileField[] = ['name', 'address', 'phone', 'region'];
const ids: Record<keyof NewPasswordValues, string> = {
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
  const [failure, setFailure] = useState<string | null>(null);
  // Signed in, the form stays busy while the route guard leads on.
  const [signedIn, setSignedIn] = useState(false);
  const form = useForm<NewPasswordValues>({
    defaultValues: {
      password: '',
      confirmation: '',
      name: known.name ?? '',
      address: known.address ?? '',
      email: known.email ?? '',
      phone: known.phone_number ?? '',
      region: known['custom:region_code'] ?? '',
    },
    ids,
    resolver: (values) => {
      setFailure(null);
      return {
        ...validateNewPassword(values.password, values.confirmation),
        ...validateProfile(values, asked),
      };
    },
    onSubmit: async (values) => {
      const attributes = profileAttributesOf(values);
      const answer: EditableAttributes = Object.fromEntries(
        asked.map((field) => [attributeOfField[field], attributes[attributeOfField[field]]]),
      );
      try {
        await port.identity.completeNewPassword(values.password, answer);
        // Signed in: the route guard now leads to the redirect target (or /projects).
        setSignedIn(true);
      } catch (error) {
        await errorMessagesReady(i18n);
        setFailure(authErrorKey(error));
      }
    },
  });
  const submitting = form.formState.isSubmitting || signedIn;

  const autoCompleteOf = { name: 'name', address: 'street-address', phone: 'tel' } as const;
  const textField = (field: 'name' | 'address' | 'phone') => (
    <TextField
      label={t(`auth.field.${field}`)}
      required
      fullWidth
      autoComplete={autoCompleteOf[field]}
      {...(field === 'phone' ? { type: 'tel', helpText: t('phone.hint') } : {})}
      {...form.field(field)}
    />
  );

  return (
    <FormPanel aria-labelledby="new-password-title">
      <form noValidate onSubmit={(event) => void form.handleSubmit(event)}>
        <FormStack>
          <Title id="new-password-title">{t('auth.newPassword.title')}</Title>
          <FormLead>{t('auth.newPassword.lead')}</FormLead>
          {failure && <FormAlert>{t(failure)}</FormAlert>}
          <div>
            <TextField
              label={t('auth.field.newPassword')}
              type="password"
              autoComplete="new-password"
              required
              fullWidth
              {...form.field('password')}
            />
            <PasswordHints password={form.values.password} />
          </div>
          <TextField
            label={t('auth.field.newPasswordConfirmation')}
            type="password"
            autoComplete="new-password"
            required
            fullWidth
            {...form.field('confirmation')}
          />
          {asked.includes('name') && textField('name')}
          {asked.includes('address') && textField('address')}
          {asked.includes('phone') && textField('phone')}
          {asked.includes('region') && (
            <RegionField
              label={t('auth.field.region')}
              placeholder={t('auth.field.regionPlaceholder')}
              required
              {...form.field('region')}
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
