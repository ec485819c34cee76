import { z } from 'zod';
import { clientIdField, parseInput, tokenField } from '../input.js';
import { hashOpaqueToken } from '../tokens.js';
import type { Operation } from './types.js';

const input = z.object({ Token: tokenField, ClientId: clientIdField, ClientSecret: z.string().nullish() });

/**
 * Ends the sign-in session of one refresh token. An unknown token is answered with success:
 * the client retries every failure for seconds, and there is nothing left to revoke.
 */
export const revokeToken: Operation = async (service, pool, body) => {
  const { Token, ClientId } = parseInput(input, body);
  service.checkClient(pool, ClientId);
  const stored = await service.repository.findRefreshToken(hashOpaqueToken(Token));
  if (stored && stored.clientId === ClientId) {
    await service.endSession(await service.repository.findUserById(stored.userId), stored.originJti);
  }
  return {};
};
