import { z } from 'zod';
import { invalidParameter } from '../errors.js';
import { parseInput, tokenField } from '../input.js';
import { newTotpSecret } from '../totp.js';
import type { Operation } from './types.js';

const input = z.object({ AccessToken: tokenField.nullish(), Session: z.string().max(2048).nullish() });

/**
 * Hands a signed-in user a new TOTP secret for their authenticator app; it counts only once
 * VerifySoftwareToken proves it. Replacing the secret of a user who already uses two-factor
 * sign-in needs a fresh sign-in, so an unattended open session cannot move it to another phone.
 * The MFA_SETUP challenge (Session) is not offered: this service never issues it.
 */
export const associateSoftwareToken: Operation = async (service, pool, body) => {
  const { AccessToken } = parseInput(input, body);
  if (!AccessToken) throw invalidParameter('AccessToken is required: sign in first.');
  const { user, authTime } = await service.accessTokenOf(pool, AccessToken);
  if (user.totpEnabled) service.requireRecentSignIn(authTime);
  const secret = newTotpSecret();
  await service.repository.setPendingTotpSecret(user.id, secret, service.now());
  return { SecretCode: secret };
};
