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
import { FormActions } from '../../shared/forms/form-parts';
import { normalizeCode, validateCode } from '../../shared/forms/validation';

type Step = 'loading' | 'off' | 'settingUp' | 'on' | 'turningOff';

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
  const [code, setCode] = useState('');
  const [password, setPassword] = useState('');
  const [fieldError, setFieldError] = useState<string | null>(null);
  const [failure, setFailure] = useState<string | null>(null);
  const [notice, setNotice] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

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
    setCode('');
    setPassword('');
    setFieldError(null);
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

  async function confirm(event: FormEvent, action: 'enable' | 'disable') {
    event.preventDefault();
    if (busy) return;
    const invalid = validateCode(code);
    const passwordMissing = action === 'disable' && !password;
    if (invalid || passwordMissing) {
      setFieldError(invalid ? t(invalid.key) : null);
      setFailure(passwordMissing ? 'account.twoFactor.passwordRequired' : null);
      document.getElementById(passwordMissing ? 'two-factor-password' : 'two-factor-code')?.focus();
      return;
    }
    setBusy(true);
    setFailure(null);
    try {
      if (action === 'enable') await port.identity.confirmTotpSetup(normalizeCode(code));
      else await port.identity.disableTotp(password, normalizeCode(code));
      reset(action === 'enable' ? 'on' : 'off');
      setNotice(action === 'enable' ? 'account.twoFactor.enabled' : 'account.twoFactor.disabled');
      setBusy(false);
      // The organization may require it: the user's `twoFactorSetupRequired` changes either way.
      dispatch(userApi.util.invalidateTags(['User']));
    } catch (error) {
      setCode('');
      await fail(error);
    }
  }

  const codeField = (
    <TextField
      id="two-factor-code"
      label={t('account.twoFactor.code')}
      inputMode="numeric"
      autoComplete="one-time-code"
      maxLength={6}
      required
      value={code}
      error={fieldError ?? undefined}
      helpText={t('account.twoFactor.codeHelp')}
      onChange={(event) => {
        setCode(event.target.value);
        setFieldError(null);
      }}
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
          <form noValidate onSubmit={(event) => void confirm(event, 'enable')}>
            <FormStack>
              <Lead>{t('account.twoFactor.scanLead')}</Lead>
              <QrImage src={setup.qr} alt={t('account.twoFactor.qrAlt')} />
              <Lead>{t('account.twoFactor.typeLead')}</Lead>
              <Secret aria-label={t('account.twoFactor.secret')}>{grouped(setup.secret)}</Secret>
              {codeField}
              <FormActions>
                <Button type="submit" loading={busy}>
                  {t('account.twoFactor.confirm')}
                </Button>
                <Button variant="tertiary" disabled={busy} onClick={() => reset('off')}>
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
          <form noValidate onSubmit={(event) => void confirm(event, 'disable')}>
            <FormStack>
              <Lead>{t('account.twoFactor.turnOffLead')}</Lead>
              <TextField
                id="two-factor-password"
                label={t('account.twoFactor.password')}
                type="password"
                autoComplete="current-password"
                required
                value={password}
                onChange={(event) => setPassword(event.target.value)}
              />
              {codeField}
              <FormActions>
                <Button type="submit" variant="danger" loading={busy}>
                  {t('account.twoFactor.confirmTurnOff')}
                </Button>
                <Button variant="tertiary" disabled={busy} onClick={() => reset('on')}>
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
