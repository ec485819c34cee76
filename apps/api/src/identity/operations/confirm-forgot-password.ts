import { z } from 'zod';
import {
  clientIdField,
  clientMetadataField,
  codeField,
  parseInput,
  passwordField,
  usernameField,
} from '../input.js';
import type { PoolRuntime } from '../settings.js';
import type { Operation } from './types.js';

const input = z.object({
  ClientId: clientIdField,
  Username: usernameField,
  ConfirmationCode: codeField,
  Password: passwordField,
  ClientMetadata: clientMetadataField,
  UserContextData: z.unknown().optional(),
  AnalyticsMetadata: z.unknown().optional(),
});

/** Two-factor sign-in ends with a password reset here: the office user's way back after losing the phone. */
const secondFactorResetByPassword = (pool: PoolRuntime) => pool.userType === 'PATENT';

/**
 * Sets the new password with a reset code and ends every existing sign-in session of the user.
 * In the office pool it also turns two-factor sign-in off (the mailed code proves the mailbox);
 * company users get theirs reset by an administrator of their organization instead, so a
 * mailbox alone does not get past it.
 */
export const confirmForgotPassword: Operation = async (service, pool, body) => {
  const { ClientId, Username, ConfirmationCode, Password } = parseInput(input, body);
  service.checkClient(pool, ClientId);
  service.assertPasswordPolicy(Password);
  const found = await service.repository.findUser(pool.userType, Username);
  const user = await service.consumeCode(found, 'reset', ConfirmationCode);
  const now = service.now();
  await service.repository.updateUser(
    user.id,
    {
      ...service.passwordVerifier(pool, user, Password),
      status: 'CONFIRMED',
      attributes: { ...user.attributes, email_verified: 'true' },
      passwordChangedAt: now,
      ...(secondFactorResetByPassword(pool)
        ? { totpEnabled: false, totpSecret: null, totpPendingSecret: null }
        : {}),
    },
    now,
  );
  await service.endAllSessions(user);
  await service.lockout.recordSuccess(service.userKey(pool, user.username));
  return {};
};
