import { z } from 'zod';
import { IdentityError, invalidParameter } from '../errors.js';
import { codeField, parseInput, tokenField } from '../input.js';
import { totpStepOf } from '../totp.js';
import type { Operation } from './types.js';

const input = z.object({
  AccessToken: tokenField.nullish(),
  Session: z.string().max(2048).nullish(),
  UserCode: codeField,
  FriendlyDeviceName: z.string().max(256).nullish(),
});

/**
 * Proves the secret of the last AssociateSoftwareToken with a code from the authenticator app.
 * The code's time step counts as used, so it cannot then sign in.
 */
export const verifySoftwareToken: Operation = async (service, pool, body) => {
  const { AccessToken, UserCode } = parseInput(input, body);
  if (!AccessToken) throw invalidParameter('AccessToken is required: sign in first.');
  const user = await service.userOfAccessToken(pool, AccessToken);
  const secret = user.totpPendingSecret;
  if (!secret) {
    throw new IdentityError(
      'SoftwareTokenMFANotFoundException',
      'Software Token MFA has not been associated: call AssociateSoftwareToken first.',
    );
  }
  const step = totpStepOf(secret, UserCode, service.now());
  if (step === undefined) throw new IdentityError('EnableSoftwareTokenMFAException', 'Code mismatch');
  if (!(await service.repository.provePendingTotpSecret(user.id, secret, step, service.now()))) {
    throw new IdentityError(
      'SoftwareTokenMFANotFoundException',
      'The software token was replaced meanwhile: call AssociateSoftwareToken again.',
    );
  }
  return { Status: 'SUCCESS' };
};
