import { z } from 'zod';
import { parseInput, tokenField } from '../input.js';
import type { Operation } from './types.js';

const input = z.object({ AccessToken: tokenField });

/** Ends every sign-in session of the user: all refresh tokens, and the access tokens issued from them. */
export const globalSignOut: Operation = async (service, pool, body) => {
  const { AccessToken } = parseInput(input, body);
  const user = await service.userOfAccessToken(pool, AccessToken);
  await service.endAllSessions(user);
  return {};
};
