import { z } from 'zod';
import { clientIdField, clientMetadataField, parseInput, requestLocale, usernameField } from '../input.js';
import { codeDelivery } from '../service.js';
import type { Operation } from './types.js';

const input = z.object({
  ClientId: clientIdField,
  Username: usernameField,
  ClientMetadata: clientMetadataField,
  UserContextData: z.unknown().optional(),
  AnalyticsMetadata: z.unknown().optional(),
});

/**
 * Mails a reset code. Works in every status: the code proves the mailbox, so completing the
 * reset also confirms an unconfirmed or invited account.
 */
export const forgotPassword: Operation = async (service, pool, body, request) => {
  const { ClientId, Username, ClientMetadata } = parseInput(input, body);
  service.checkClient(pool, ClientId);
  const user = await service.repository.findUser(pool.userType, Username);
  // Unknown names get the answer real ones get.
  if (!user) return codeDelivery(Username);
  return service.sendCode(user, 'reset', requestLocale(ClientMetadata, request.acceptLanguage));
};
