import { z } from 'zod';
import { invalidParameter } from '../errors.js';
import { parseInput, tokenField } from '../input.js';
import type { Operation } from './types.js';

const mfaSettings = z
  .object({ Enabled: z.boolean().nullish(), PreferredMfa: z.boolean().nullish() })
  .nullish();

const input = z.object({
  AccessToken: tokenField,
  SMSMfaSettings: mfaSettings,
  SoftwareTokenMfaSettings: mfaSettings,
  EmailMfaSettings: mfaSettings,
});

/**
 * Turns two-factor sign-in with the proven TOTP secret on or off. Only software tokens exist
 * here (no SMS, no email). Turning it off needs a fresh sign-in (password and code), and forgets
 * the secret: turning it on again starts with a new one.
 */
export const setUserMfaPreference: Operation = async (service, pool, body) => {
  const { AccessToken, SMSMfaSettings, SoftwareTokenMfaSettings, EmailMfaSettings } = parseInput(input, body);
  if (SMSMfaSettings?.Enabled || EmailMfaSettings?.Enabled) {
    throw invalidParameter('Only software token MFA is available in this user pool.');
  }
  const { user, authTime } = await service.accessTokenOf(pool, AccessToken);
  const enabled = SoftwareTokenMfaSettings?.Enabled;
  if (enabled === true) {
    if (!user.totpSecret) throw invalidParameter('User has not verified software token mfa');
    await service.repository.setTotpEnabled(user.id, true, service.now());
  } else if (enabled === false && (user.totpEnabled || user.totpSecret)) {
    service.requireRecentSignIn(authTime);
    await service.repository.setTotpEnabled(user.id, false, service.now());
  }
  return {};
};
