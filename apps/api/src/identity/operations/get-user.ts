import { z } from 'zod';
import { parseInput, tokenField } from '../input.js';
import type { Operation } from './types.js';

const input = z.object({ AccessToken: tokenField });

export const getUser: Operation = async (service, pool, body) => {
  const { AccessToken } = parseInput(input, body);
  const user = await service.userOfAccessToken(pool, AccessToken);
  const attributes = { sub: user.sub, ...user.attributes };
  return {
    Username: user.sub,
    UserAttributes: Object.entries(attributes).map(([Name, Value]) => ({ Name, Value })),
    MFAOptions: [],
    // As Cognito: the list names the MFA types turned on, and the preferred one is left out when none is.
    UserMFASettingList: user.totpEnabled ? ['SOFTWARE_TOKEN_MFA'] : [],
    ...(user.totpEnabled ? { PreferredMfaSetting: 'SOFTWARE_TOKEN_MFA' } : {}),
  };
};
