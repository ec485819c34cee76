import { z } from 'zod';
import { invalidParameter } from '../errors.js';
import { clientIdField, clientMetadataField, parseInput, requestLocale, usernameField } from '../input.js';
import { codeDelivery } from '../service.js';
import type { Operation } from './types.js';

const input = z.object({
  ClientId: clientIdField,
  Username: usernameField,
  ClientMetadata: clientMetadataField,
});

export const resendConfirmationCode: Operation = async (service, pool, body, request) => {
  const { ClientId, Username, ClientMetadata } = parseInput(input, body);
  service.checkClient(pool, ClientId);
  const user = await service.repository.findUser(pool.userType, Username);
  // An unknown name gets the answer a real one would: nothing tells whether it exists.
  if (!user) return codeDelivery(Username);
  if (user.status !== 'UNCONFIRMED') throw invalidParameter('User is already confirmed.');
  return service.sendCode(user, 'signup', requestLocale(ClientMetadata, request.acceptLanguage));
};
