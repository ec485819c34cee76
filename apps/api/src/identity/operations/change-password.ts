import { z } from 'zod';
import { IdentityError } from '../errors.js';
import { clientMetadataField, parseInput, passwordField, tokenField } from '../input.js';
import type { Operation } from './types.js';

const input = z.object({
  PreviousPassword: passwordField,
  ProposedPassword: passwordField,
  AccessToken: tokenField,
  ClientMetadata: clientMetadataField,
});

export const changePassword: Operation = async (service, pool, body, request) => {
  const { PreviousPassword, ProposedPassword, AccessToken } = parseInput(input, body);
  const user = await service.userOfAccessToken(pool, AccessToken);
  const userKey = service.userKey(pool, user.username);
  if (await service.lockout.isLocked(userKey, request.ip)) {
    throw new IdentityError('LimitExceededException', 'Attempt limit exceeded, please try after some time.');
  }
  if (!service.passwordMatches(pool, user, PreviousPassword)) return service.failSignIn(userKey, request);
  service.assertPasswordPolicy(ProposedPassword);
  const now = service.now();
  await service.repository.updateUser(
    user.id,
    { ...service.passwordVerifier(pool, user, ProposedPassword), passwordChangedAt: now },
    now,
  );
  return {};
};
