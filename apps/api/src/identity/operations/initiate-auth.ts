import { z } from 'zod';
import { IdentityError, invalidParameter, tooManyAttempts } from '../errors.js';
import {
  clientIdField,
  clientMetadataField,
  parseInput,
  passwordField,
  tokenField,
  usernameField,
} from '../input.js';
import type { IdentityService, OperationResult, RequestInfo } from '../service.js';
import type { PoolRuntime } from '../settings.js';
import { parsePublicA } from '../srp.js';
import { hashOpaqueToken } from '../tokens.js';
import type { Operation } from './types.js';

const input = z.object({
  AuthFlow: z.string().min(1).max(64),
  ClientId: clientIdField,
  AuthParameters: z.record(z.string(), z.string().nullable()).nullish(),
  ClientMetadata: clientMetadataField,
  UserContextData: z.unknown().optional(),
  AnalyticsMetadata: z.unknown().optional(),
});

export const initiateAuth: Operation = async (service, pool, body, request) => {
  const { AuthFlow, ClientId, AuthParameters } = parseInput(input, body);
  service.checkClient(pool, ClientId);
  const parameters = AuthParameters ?? {};
  switch (AuthFlow) {
    case 'USER_SRP_AUTH':
      return startSrp(service, pool, ClientId, parameters, request);
    case 'USER_PASSWORD_AUTH':
      return passwordAuth(service, pool, ClientId, parameters, request);
    case 'REFRESH_TOKEN_AUTH':
    case 'REFRESH_TOKEN':
      return refresh(service, pool, ClientId, parameters);
    default:
      throw invalidParameter(`Initiate Auth method not supported: ${AuthFlow}`);
  }
};

type Parameters = Record<string, string | null>;

function required<T extends z.ZodType>(parameters: Parameters, name: string, schema: T): z.output<T> {
  return parseInput(z.object({ [name]: schema }), parameters)[name] as z.output<T>;
}

async function startSrp(
  service: IdentityService,
  pool: PoolRuntime,
  clientId: string,
  parameters: Parameters,
  request: RequestInfo,
): Promise<OperationResult> {
  const username = required(parameters, 'USERNAME', usernameField);
  const srpA = required(parameters, 'SRP_A', z.string().min(1).max(1024));
  if (parsePublicA(srpA) === undefined) throw invalidParameter('SRP_A is not a valid SRP public value.');
  if (await service.lockout.isLocked(service.userKey(pool, username), request.ip)) throw tooManyAttempts();
  const user = await service.repository.findUser(pool.userType, username);
  if (!user) return service.startDecoyPasswordVerifier(pool, username, clientId);
  return service.startPasswordVerifier(user, clientId, srpA);
}

/** USER_PASSWORD_AUTH: the password travels (over TLS); it is checked against the SRP verifier and forgotten. */
async function passwordAuth(
  service: IdentityService,
  pool: PoolRuntime,
  clientId: string,
  parameters: Parameters,
  request: RequestInfo,
): Promise<OperationResult> {
  const username = required(parameters, 'USERNAME', usernameField);
  const password = required(parameters, 'PASSWORD', passwordField);
  const userKey = service.userKey(pool, username);
  if (await service.lockout.isLocked(userKey, request.ip)) throw tooManyAttempts();
  const user = await service.repository.findUser(pool.userType, username);
  // An unknown user costs the same work as a known one.
  const matches = service.passwordMatches(pool, user ?? service.decoyUser(pool, username), password);
  if (!user || !matches) return service.failSignIn(userKey, request);
  return service.afterPasswordVerified(pool, user, clientId);
}

/** New ID and access tokens for a live refresh token; failures never count toward a lockout (the client retries them). */
async function refresh(
  service: IdentityService,
  pool: PoolRuntime,
  clientId: string,
  parameters: Parameters,
): Promise<OperationResult> {
  const refreshToken = required(parameters, 'REFRESH_TOKEN', tokenField);
  const stored = await service.repository.findRefreshToken(hashOpaqueToken(refreshToken));
  const now = service.now();
  if (!stored || stored.clientId !== clientId || stored.expiresAt <= now) {
    throw new IdentityError('NotAuthorizedException', 'Invalid Refresh Token');
  }
  if (stored.revokedAt) throw new IdentityError('NotAuthorizedException', 'Refresh Token has been revoked');
  const user = await service.repository.findUserById(stored.userId);
  if (!user || user.pool !== pool.userType || user.status !== 'CONFIRMED') {
    throw new IdentityError('NotAuthorizedException', 'Invalid Refresh Token');
  }
  return {
    ChallengeParameters: {},
    AuthenticationResult: service.issue(
      pool,
      user,
      stored.originJti,
      Math.floor(stored.createdAt.getTime() / 1000),
    ),
  };
}
