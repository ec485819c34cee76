import { Button, TextField } from '@ipportal/ui';
import styled from 'styled-components';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { FormAlert } from '../../shared/forms/form-alert';
import { FormPanel, FormStack } from '../../shared/forms/form-layout';
import { FormActions, FormLead } from '../../shared/forms/form-parts';
import { authErrorKey, errorMessagesReady } from '../../shared/forms/auth-errors';
import { useForm } from '../../shared/forms/use-form';
import { normalizeCode, validateCode } from '../../shared/forms/validation';
import { useAuthPort } from './auth-provider';
import { authTexts } from './auth-texts';
import { domainMessages, useMessages } from '../../shared/lazy-messages';
import { formTexts } from '../../shared/forms/form-texts';

const Title = styled.h2`
  margin: 0;
  font-size: ${({ theme }) => theme.typography.fontSize.lg};
  font-weight: ${({ theme }) => theme.typography.fontWeight.bold};
`;

export interface TotpCodeStepProps {
  onCancel: () => void;
}

/**
 * The second step of signing in for a user with two-factor sign-in: the 6-digit code of the
 * authenticator app. A wrong code can be corrected here; the password is not asked again.
 */
export function TotpCodeStep({ onCancel }: TotpCodeStepProps) {
  useMessages(authTexts, formTexts, domainMessages);
  const { t, i18n } = useTranslation();
  const port = useAuthPort();
  const [failure, setFailure] = useState<string | null>(null);
  // Signed in, the form stays busy while the route guard leads on.
  const [signedIn, setSignedIn] = useState(false);
  const form = useForm({
    defaultValues: { code: '' },
    ids: { code: 'totp-code' },
    normalize: { code: normalizeCode },
    resolver: ({ code }) => ({ code: validateCode(code) }),
    onSubmit: async ({ code }) => {
      setFailure(null);
      try {
        await port.identity.confirmSignInCode(code);
        // Signed in: the route guard now leads to the redirect target.
        setSignedIn(true);
      } catch (caught) {
        await errorMessagesReady(i18n);
        setFailure(authErrorKey(caught));
        form.setValue('code', '');
        document.getElementById('totp-code')?.focus();
      }
    },
  });
  const submitting = form.formState.isSubmitting || signedIn;

  // The step replaces the password form: the keyboard continues in the code field.
  useEffect(() => document.getElementById('totp-code')?.focus(), []);

  return (
    <FormPanel aria-labelledby="totp-code-title">
      <form noValidate onSubmit={(event) => void form.handleSubmit(event)}>
        <FormStack>
          <Title id="totp-code-title">{t('auth.totp.title')}</Title>
          <FormLead>{t('auth.totp.lead')}</FormLead>
          {failure && <FormAlert>{t(failure)}</FormAlert>}
          <TextField
            label={t('auth.totp.code')}
            inputMode="numeric"
            autoComplete="one-time-code"
            maxLength={6}
            required
            fullWidth
            helpText={t('auth.totp.codeHelp')}
            {...form.field('code')}
          />
          <Button type="submit" size="lg" fullWidth loading={submitting}>
            {t('auth.totp.submit')}
          </Button>
          <FormActions>
            <Button variant="tertiary" onClick={onCancel} disabled={submitting}>
              {t('auth.totp.cancel')}
            </Button>
          </FormActions>
          <FormLead>{t('auth.totp.lostPhone')}</FormLead>
        </FormStack>
      </form>
    </FormPanel>
  );
}
