import { z } from 'zod';
import { IdentityError } from '../errors.js';
import { clientIdField, clientMetadataField, codeField, parseInput, usernameField } from '../input.js';
import type { Operation } from './types.js';

const input = z.object({
  ClientId: clientIdField,
  Username: usernameField,
  ConfirmationCode: codeField,
  ForceAliasCreation: z.boolean().nullish(),
  ClientMetadata: clientMetadataField,
});

export const confirmSignUp: Operation = async (service, pool, body) => {
  const { ClientId, Username, ConfirmationCode } = parseInput(input, body);
  service.checkClient(pool, ClientId);
  const user = await service.repository.findUser(pool.userType, Username);
  if (user && user.status !== 'UNCONFIRMED') {
    throw new IdentityError(
      'NotAuthorizedException',
      `User cannot be confirmed. Current status is ${user.status}`,
    );
  }
  const confirmed = await service.consumeCode(user, 'signup', ConfirmationCode);
  await service.repository.updateUser(
    confirmed.id,
    { status: 'CONFIRMED', attributes: { ...confirmed.attributes, email_verified: 'true' } },
    service.now(),
  );
  return {};
};
