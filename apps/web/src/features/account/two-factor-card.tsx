import { useGetUserQuery, userApi } from '@ipportal/api-client';
import { Button, Card, TextField } from '@ipportal/ui';
import { useEffect, useState } from 'react';
import type { FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import styled from 'styled-components';
import { useAppDispatch } from '../../app/hooks';
import { useAuthPort } from '../auth';
import type { TotpSetup } from '../auth';
import { authErrorKey, errorMessagesReady } from '../../shared/forms/auth-errors';
import { FormAlert } from '../../shared/forms/form-alert';
import { FormStack } from '../../shared/forms/form-layout';
import type { FormErrors } from '../../shared/forms/field-errors';
import { FormActions } from '../../shared/forms/form-parts';
import { useForm } from '../../shared/forms/use-form';
import { normalizeCode, validateCode } from '../../shared/forms/validation';

type Step = 'loading' | 'off' | 'settingUp' | 'on' | 'turningOff';

interface ConfirmValues {
  password: string;
  code: string;
}

const empty: ConfirmValues = { password: '', code: '' };

const Lead = styled.p`
  margin: 0;
  line-height: ${({ theme }) => theme.typography.lineHeight.normal};
`;

const Secret = styled.code`
  font-size: ${({ theme }) => theme.typography.fontSize.lg};
  letter-spacing: 0.05em;
  overflow-wrap: anywhere;
`;

const QrImage = styled.img`
  width: 200px;
  height: 200px;
  image-rendering: pixelated;
`;

/** The secret in groups of four, as authenticator apps show it and people type it. */
const grouped = (secret: string) => secret.replace(/(.{4})(?=.)/g, '$1 ');

/**
 * Two-factor sign-in on /profile: turn it on (scan the QR code or type the secret into an
 * authenticator app, then confirm with a code) or off (password and a code again). A member whose
 * organization requires it is sent here until it is on (the route guard), told why; turning it on
 * reads the user again, which opens the rest of the portal.
 */
export function TwoFactorCard() {
  const { t, i18n } = useTranslation();
  const port = useAuthPort();
  const dispatch = useAppDispatch();
  const { data: user } = useGetUserQuery();
  const required = user?.twoFactorSetupRequired === true;
  const [step, setStep] = useState<Step>('loading');
  const [setup, setSetup] = useState<(TotpSetup & { qr: string }) | null>(null);
  const [failure, setFailure] = useState<string | null>(null);
  const [notice, setNotice] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const form = useForm<ConfirmValues>({
    defaultValues: empty,
    ids: { password: 'two-factor-password', code: 'two-factor-code' },
    resolver: check,
    normalize: { code: normalizeCode },
    onSubmit: confirm,
  });
  const submitting = form.formState.isSubmitting;

  useEffect(() => {
    let active = true;
    port.identity.hasTotp().then(
      (on) => active && setStep(on ? 'on' : 'off'),
      () => active && setStep('off'),
    );
    return () => {
      active = false;
    };
  }, [port]);

  async function fail(error: unknown) {
    await errorMessagesReady(i18n);
    setFailure(authErrorKey(error));
    setBusy(false);
  }

  function reset(next: Step) {
    setStep(next);
    setSetup(null);
    form.reset(empty);
    setFailure(null);
  }

  async function start() {
    setBusy(true);
    setFailure(null);
    setNotice(null);
    try {
      const created = await port.identity.startTotpSetup(t('account.twoFactor.issuer'));
      const { toDataURL } = await import('qrcode');
      setSetup({ ...created, qr: await toDataURL(created.uri, { margin: 1, width: 200 }) });
      setStep('settingUp');
      setBusy(false);
    } catch (error) {
      await fail(error);
    }
  }

  // Turning it off asks for the password too; turning it on, only for a code.
  function check(values: ConfirmValues): FormErrors<keyof ConfirmValues> {
    const found: FormErrors<keyof ConfirmValues> = {};
    if (step === 'turningOff' && !values.password)
      found.password = { key: 'account.twoFactor.passwordRequired' };
    const invalid = validateCode(values.code);
    if (invalid) found.code = invalid;
    return found;
  }

  async function confirm({ password, code }: ConfirmValues) {
    const action = step === 'turningOff' ? 'disable' : 'enable';
    try {
      if (action === 'enable') await port.identity.confirmTotpSetup(code);
      else await port.identity.disableTotp(password, code);
      reset(action === 'enable' ? 'on' : 'off');
      setNotice(action === 'enable' ? 'account.twoFactor.enabled' : 'account.twoFactor.disabled');
      // The organization may require it: the user's `twoFactorSetupRequired` changes either way.
      dispatch(userApi.util.invalidateTags(['User']));
    } catch (error) {
      form.setValue('code', '');
      await errorMessagesReady(i18n);
      setFailure(authErrorKey(error));
    }
  }

  // A new attempt puts away the last one's failure.
  const submit = (event: FormEvent) => {
    setFailure(null);
    void form.handleSubmit(event);
  };

  const codeField = (
    <TextField
      label={t('account.twoFactor.code')}
      inputMode="numeric"
      autoComplete="one-time-code"
      maxLength={6}
      required
      {...form.field('code')}
      helpText={t('account.twoFactor.codeHelp')}
    />
  );

  return (
    <Card title={t('account.twoFactor.title')}>
      <FormStack>
        {required && <FormAlert tone="info">{t('account.twoFactor.requiredByOrganization')}</FormAlert>}
        {notice && <FormAlert tone="success">{t(notice)}</FormAlert>}
        {failure && <FormAlert>{t(failure)}</FormAlert>}
        {step === 'loading' && <Lead>{t('account.twoFactor.loading')}</Lead>}
        {step === 'off' && (
          <>
            <Lead>{t('account.twoFactor.offLead')}</Lead>
            <FormActions>
              <Button loading={busy} onClick={() => void start()}>
                {t('account.twoFactor.setUp')}
              </Button>
            </FormActions>
          </>
        )}
        {step === 'settingUp' && setup && (
          <form noValidate onSubmit={submit}>
            <FormStack>
              <Lead>{t('account.twoFactor.scanLead')}</Lead>
              <QrImage src={setup.qr} alt={t('account.twoFactor.qrAlt')} />
              <Lead>{t('account.twoFactor.typeLead')}</Lead>
              <Secret aria-label={t('account.twoFactor.secret')}>{grouped(setup.secret)}</Secret>
              {codeField}
              <FormActions>
                <Button type="submit" loading={submitting}>
                  {t('account.twoFactor.confirm')}
                </Button>
                <Button variant="tertiary" disabled={submitting} onClick={() => reset('off')}>
                  {t('account.twoFactor.cancel')}
                </Button>
              </FormActions>
            </FormStack>
          </form>
        )}
        {step === 'on' && (
          <>
            <Lead>{t('account.twoFactor.onLead')}</Lead>
            <FormActions>
              <Button variant="secondary" onClick={() => reset('turningOff')}>
                {t('account.twoFactor.turnOff')}
              </Button>
            </FormActions>
          </>
        )}
        {step === 'turningOff' && (
          <form noValidate onSubmit={submit}>
            <FormStack>
              <Lead>{t('account.twoFactor.turnOffLead')}</Lead>
              <TextField
                {...form.field('password')}
                label={t('account.twoFactor.password')}
                type="password"
                autoComplete="current-password"
                required
              />
              {codeField}
              <FormActions>
                <Button type="submit" variant="danger" loading={submitting}>
                  {t('account.twoFactor.confirmTurnOff')}
                </Button>
                <Button variant="tertiary" disabled={submitting} onClick={() => reset('on')}>
                  {t('account.twoFactor.cancel')}
                </Button>
              </FormActions>
            </FormStack>
          </form>
        )}
      </FormStack>
    </Card>
  );
}
