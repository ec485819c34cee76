import { z } from 'zod';
import {
  clientIdField,
  clientMetadataField,
  codeField,
  parseInput,
  passwordField,
  usernameField,
} from '../input.js';
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

/** Sets the new password with a reset code and ends every existing sign-in session of the user. */
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
    },
    now,
  );
  await service.endAllSessions(user);
  await service.lockout.recordSuccess(service.userKey(pool, user.username));
  return {};
};
