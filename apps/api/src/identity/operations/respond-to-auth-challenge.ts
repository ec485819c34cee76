import { timingSafeEqual } from 'node:crypto';
import { z } from 'zod';
import { normalizeEmail } from '@ipportal/domain';
import { IdentityError, invalidParameter, tooManyAttempts, totpCodeMismatch } from '../errors.js';
import { clientIdField, clientMetadataField, codeField, parseInput, passwordField } from '../input.js';
import type { IdentityUser, IdentitySession } from '../repository.js';
import {
  profileAttributeNames,
  type IdentityService,
  type OperationResult,
  type RequestInfo,
} from '../service.js';
import type { PoolRuntime } from '../settings.js';
import { parseSrpTimestamp, verifyPasswordClaim } from '../srp.js';
import { totpStepOf } from '../totp.js';
import type { Operation } from './types.js';

const input = z.object({
  ChallengeName: z.string().min(1).max(64),
  ClientId: clientIdField,
  Session: z.string().min(1).max(2048),
  ChallengeResponses: z.record(z.string(), z.string().nullable()).nullish(),
  ClientMetadata: clientMetadataField,
  UserContextData: z.unknown().optional(),
  AnalyticsMetadata: z.unknown().optional(),
});

const passwordVerifierResponses = z.object({
  USERNAME: z.string().min(1).max(256),
  PASSWORD_CLAIM_SECRET_BLOCK: z.string().min(1).max(4096),
  PASSWORD_CLAIM_SIGNATURE: z.string().min(1).max(256),
  TIMESTAMP: z.string().min(1).max(64),
});

const newPasswordResponses = z.object({ USERNAME: z.string().min(1).max(256), NEW_PASSWORD: passwordField });

const softwareTokenResponses = z.object({
  USERNAME: z.string().min(1).max(256),
  SOFTWARE_TOKEN_MFA_CODE: codeField,
});

const invalidSession = () =>
  new IdentityError('NotAuthorizedException', 'Invalid session for the user, session is expired.');

export const respondToAuthChallenge: Operation = async (service, pool, body, request) => {
  const { ChallengeName, ClientId, Session, ChallengeResponses } = parseInput(input, body);
  service.checkClient(pool, ClientId);
  const responses = ChallengeResponses ?? {};
  switch (ChallengeName) {
    case 'PASSWORD_VERIFIER':
      return passwordVerifier(service, pool, ClientId, Session, responses, request);
    case 'NEW_PASSWORD_REQUIRED':
      return newPassword(service, pool, ClientId, Session, responses);
    case 'SOFTWARE_TOKEN_MFA':
      return softwareTokenMfa(service, pool, ClientId, Session, responses, request);
    default:
      throw invalidParameter(`Challenge ${ChallengeName} is not supported.`);
  }
};

/** The session and its user, if it is live, was issued to this client for this challenge, and is used up now. */
async function takeSession(
  service: IdentityService,
  pool: PoolRuntime,
  clientId: string,
  sessionId: string,
  challenge: string,
): Promise<{ session: IdentitySession; user: IdentityUser } | { decoyKey: string }> {
  const found = await service.repository.findSession(sessionId);
  if (!found) throw invalidSession();
  if (found.clientId !== clientId || found.challenge !== challenge) throw invalidSession();
  const session = await service.repository.consumeSession(found.id, service.now());
  if (!session) throw invalidSession();
  if (session.userId === null) {
    // A challenge handed out for a user name that does not exist.
    if (session.decoyKey === null || !session.decoyKey.startsWith(`${pool.userType}:`))
      throw invalidSession();
    return { decoyKey: session.decoyKey };
  }
  const user = await service.repository.findUserById(session.userId);
  if (!user || user.pool !== pool.userType) throw invalidSession();
  return { session, user };
}

function sameText(a: string, b: string): boolean {
  const left = Buffer.from(a, 'utf8');
  const right = Buffer.from(b, 'utf8');
  return left.length === right.length && timingSafeEqual(left, right);
}

async function passwordVerifier(
  service: IdentityService,
  pool: PoolRuntime,
  clientId: string,
  sessionId: string,
  responses: Record<string, string | null>,
  request: RequestInfo,
): Promise<OperationResult> {
  const claim = parseInput(passwordVerifierResponses, responses);
  const timestamp = parseSrpTimestamp(claim.TIMESTAMP);
  if (!timestamp) throw invalidParameter('TIMESTAMP has an invalid format.');
  if (
    Math.abs(timestamp.getTime() - service.now().getTime()) >
    service.settings.timestampSkewSeconds * 1000
  ) {
    throw invalidParameter('TIMESTAMP is too far from the server time; check the device clock.');
  }

  const taken = await takeSession(service, pool, clientId, sessionId, 'PASSWORD_VERIFIER');
  if ('decoyKey' in taken) {
    // A challenge for a user name that does not exist fails as a wrong password would.
    if (await service.lockout.isLocked(taken.decoyKey, request.ip)) throw tooManyAttempts();
    return service.failSignIn(taken.decoyKey, request);
  }
  const { session, user } = taken;
  const userKey = service.userKey(pool, user.username);
  if (await service.lockout.isLocked(userKey, request.ip)) throw tooManyAttempts();
  const valid =
    claim.USERNAME === user.sub &&
    session.secretBlock !== null &&
    session.srpA !== null &&
    session.srpB !== null &&
    session.srpBPrivate !== null &&
    sameText(claim.PASSWORD_CLAIM_SECRET_BLOCK, session.secretBlock) &&
    verifyPasswordClaim({
      poolName: pool.poolName,
      userIdForSrp: user.sub,
      verifier: user.srpVerifier,
      publicA: session.srpA,
      secretB: session.srpBPrivate,
      publicB: session.srpB,
      secretBlock: session.secretBlock,
      timestamp: claim.TIMESTAMP,
      signature: claim.PASSWORD_CLAIM_SIGNATURE,
    });
  if (!valid) return service.failSignIn(userKey, request);
  return service.afterPasswordVerified(pool, user, clientId);
}

/** An invited user (FORCE_CHANGE_PASSWORD) chooses a password and completes the profile. */
async function newPassword(
  service: IdentityService,
  pool: PoolRuntime,
  clientId: string,
  sessionId: string,
  responses: Record<string, string | null>,
): Promise<OperationResult> {
  const { USERNAME, NEW_PASSWORD } = parseInput(newPasswordResponses, responses);
  service.assertPasswordPolicy(NEW_PASSWORD);
  const given: Record<string, string> = {};
  for (const [name, value] of Object.entries(responses)) {
    if (!name.startsWith('userAttributes.') || value === null) continue;
    const attribute = name.slice('userAttributes.'.length);
    if (!(profileAttributeNames as readonly string[]).includes(attribute) || attribute === 'email') {
      throw invalidParameter(`Attribute ${attribute} cannot be set here.`);
    }
    given[attribute] = value;
  }
  // Validate before using up the session, so a typo does not force a new sign-in.
  const found = await service.repository.findSession(sessionId);
  const pending = found?.userId ? await service.repository.findUserById(found.userId) : undefined;
  if (!pending) throw invalidSession();
  const { email_verified: _verified, ...current } = pending.attributes;
  const attributes = service.validateProfile({
    ...current,
    ...given,
    email: current.email ?? pending.username,
  });

  const taken = await takeSession(service, pool, clientId, sessionId, 'NEW_PASSWORD_REQUIRED');
  if ('decoyKey' in taken) throw invalidSession();
  const { user } = taken;
  if (USERNAME !== user.sub && normalizeEmail(USERNAME).toLowerCase() !== user.username)
    throw invalidSession();
  if (user.status !== 'FORCE_CHANGE_PASSWORD') throw invalidSession();
  const now = service.now();
  const updated = await service.repository.updateUser(
    user.id,
    {
      ...service.passwordVerifier(pool, user, NEW_PASSWORD),
      // The temporary password came by mail, so the address is proven.
      attributes: { ...attributes, email_verified: 'true' },
      status: 'CONFIRMED',
      passwordChangedAt: now,
    },
    now,
  );
  return service.afterPasswordVerified(pool, updated, clientId);
}

/**
 * The code from the authenticator app, after the password. A wrong code counts toward the
 * lockout like a wrong password and leaves the session open for another try (within its
 * 3 minutes); a code whose time step was already used is refused as wrong (replay). Only the
 * right code uses the session up and clears the failure count.
 */
async function softwareTokenMfa(
  service: IdentityService,
  pool: PoolRuntime,
  clientId: string,
  sessionId: string,
  responses: Record<string, string | null>,
  request: RequestInfo,
): Promise<OperationResult> {
  const { USERNAME, SOFTWARE_TOKEN_MFA_CODE } = parseInput(softwareTokenResponses, responses);
  const found = await service.repository.findSession(sessionId);
  const now = service.now();
  if (
    !found?.userId ||
    found.clientId !== clientId ||
    found.challenge !== 'SOFTWARE_TOKEN_MFA' ||
    found.consumedAt !== null ||
    found.expiresAt <= now
  ) {
    throw invalidSession();
  }
  const user = await service.repository.findUserById(found.userId);
  if (!user || user.pool !== pool.userType || !user.totpEnabled || !user.totpSecret) throw invalidSession();
  if (USERNAME !== user.sub && normalizeEmail(USERNAME).toLowerCase() !== user.username)
    throw invalidSession();
  const userKey = service.userKey(pool, user.username);
  if (await service.lockout.isLocked(userKey, request.ip)) throw tooManyAttempts();

  const step = totpStepOf(user.totpSecret, SOFTWARE_TOKEN_MFA_CODE, now);
  if (step === undefined || !(await service.repository.claimTotpStep(user.id, step))) {
    await service.lockout.recordFailure(userKey, request.ip);
    throw totpCodeMismatch();
  }
  if (!(await service.repository.consumeSession(found.id, now))) throw invalidSession();
  await service.lockout.recordSuccess(userKey);
  return { ChallengeParameters: {}, AuthenticationResult: await service.signIn(pool, user, clientId) };
}
