/**
 * Production mode (IDENTITY_MODE=aws): the API verifies AWS Cognito ID tokens (and, for the
 * realtime socket, access tokens) with CognitoJwtVerifier. Tokens here are signed locally with pool-shaped issuers and the JWKS is
 * pre-loaded, so no network is needed.
 */
import { createHash, generateKeyPairSync, randomUUID } from 'node:crypto';
import type { UserType } from '@ipportal/domain';
import { describe, expect, it } from 'vitest';
import { AuthError } from '../../src/auth/index.js';
import { testConfig } from '../../src/config.js';
import { createCognitoVerifier, identityForApp } from '../../src/identity/index.js';
import type { Jwks } from '../../src/identity/keys.js';
import { signJwt, type SigningKey } from '../../src/identity/tokens.js';

const pools = {
  REGULAR: { userPoolId: 'ap-northeast-1_ProdRegular1', clientId: 'prodregularclient' },
  PATENT: { userPoolId: 'ap-northeast-1_ProdPatent1', clientId: 'prodpatentclient' },
};

function keyPair(): { key: SigningKey; jwks: Jwks } {
  const { privateKey, publicKey } = generateKeyPairSync('rsa', { modulusLength: 2048 });
  const jwk = publicKey.export({ format: 'jwk' });
  const kid = createHash('sha256').update(String(jwk.n)).digest('base64url');
  return {
    key: { kid, privateKey },
    jwks: { keys: [{ kty: 'RSA', n: String(jwk.n), e: String(jwk.e), kid, alg: 'RS256', use: 'sig' }] },
  };
}

const keys = { REGULAR: keyPair(), PATENT: keyPair() };
const verifier = createCognitoVerifier(pools, {
  jwks: { REGULAR: keys.REGULAR.jwks, PATENT: keys.PATENT.jwks },
});

function idToken(pool: UserType, claims: Record<string, unknown> = {}) {
  const now = Math.floor(Date.now() / 1000);
  return signJwt(
    {
      sub: randomUUID(),
      iss: `https://cognito-idp.ap-northeast-1.amazonaws.com/${pools[pool].userPoolId}`,
      aud: pools[pool].clientId,
      token_use: 'id',
      email: 'someone@example.com',
      email_verified: true,
      auth_time: now,
      iat: now,
      exp: now + 3600,
      jti: randomUUID(),
      origin_jti: randomUUID(),
      ...claims,
    },
    keys[pool].key,
  );
}

async function reason(token: string, pool: UserType): Promise<string> {
  const error = await verifier.verify(token, pool).then(
    () => undefined,
    (e: unknown) => e,
  );
  expect(error).toBeInstanceOf(AuthError);
  return (error as AuthError).reason;
}

describe('CognitoJwtVerifier for AWS pools', () => {
  it('accepts an ID token of the right pool and client', async () => {
    await expect(verifier.verify(idToken('PATENT', { name: 'Firm' }), 'PATENT')).resolves.toMatchObject({
      email: 'someone@example.com',
      name: 'Firm',
    });
  });

  it('names each refusal', async () => {
    expect(await reason(idToken('PATENT'), 'REGULAR')).toBe('invalidUserPool');
    expect(await reason(idToken('REGULAR', { aud: 'another-client' }), 'REGULAR')).toBe('invalidUserPool');
    expect(await reason(idToken('REGULAR', { token_use: 'access' }), 'REGULAR')).toBe('invalidTokenFormat');
    expect(await reason(idToken('REGULAR', { exp: Math.floor(Date.now() / 1000) - 10 }), 'REGULAR')).toBe(
      'notLoggedIn',
    );
    expect(await reason(idToken('REGULAR', { email: undefined }), 'REGULAR')).toBe('attributeDoesNotExist');
    expect(await reason('garbage', 'REGULAR')).toBe('invalidTokenFormat');
    // Signed with the PATENT key but claiming the REGULAR pool: a forgery.
    const forged = signJwt(
      JSON.parse(Buffer.from(idToken('REGULAR').split('.')[1]!, 'base64url').toString()) as Record<
        string,
        unknown
      >,
      { ...keys.PATENT.key, kid: keys.REGULAR.key.kid },
    );
    expect(await reason(forged, 'REGULAR')).toBe('notLoggedIn');
  });

  it('accepts an access token of the right pool and client for the socket (verifyAccess), and names its refusals', async () => {
    const now = Math.floor(Date.now() / 1000);
    const accessToken = (pool: UserType, claims: Record<string, unknown> = {}) =>
      signJwt(
        {
          sub: 'user-sub-1',
          iss: `https://cognito-idp.ap-northeast-1.amazonaws.com/${pools[pool].userPoolId}`,
          client_id: pools[pool].clientId,
          token_use: 'access',
          scope: 'aws.cognito.signin.user.admin',
          username: 'user-sub-1',
          auth_time: now,
          iat: now,
          exp: now + 3600,
          jti: randomUUID(),
          origin_jti: randomUUID(),
          ...claims,
        },
        keys[pool].key,
      );
    await expect(verifier.verifyAccess(accessToken('REGULAR'), 'REGULAR')).resolves.toMatchObject({
      sub: 'user-sub-1',
      token_use: 'access',
    });
    const refusal = (token: string, pool: UserType) =>
      verifier.verifyAccess(token, pool).then(
        () => 'accepted',
        (e: unknown) => (e as AuthError).reason,
      );
    expect(await refusal(accessToken('PATENT'), 'REGULAR')).toBe('invalidUserPool');
    expect(await refusal(accessToken('REGULAR', { client_id: 'another-client' }), 'REGULAR')).toBe(
      'invalidUserPool',
    );
    expect(await refusal(accessToken('REGULAR', { exp: now - 10 }), 'REGULAR')).toBe('notLoggedIn');
    expect(await refusal(idToken('REGULAR'), 'REGULAR')).toBe('invalidTokenFormat');
    // REST's verify still refuses the access token.
    expect(await reason(accessToken('REGULAR'), 'REGULAR')).toBe('invalidTokenFormat');
  });

  it('is what identityForApp gives in AWS mode, with no embedded routes', () => {
    const config = testConfig({
      IDENTITY_MODE: 'aws',
      COGNITO_REGULAR_USER_POOL_ID: pools.REGULAR.userPoolId,
      COGNITO_REGULAR_CLIENT_ID: pools.REGULAR.clientId,
      COGNITO_PATENT_USER_POOL_ID: pools.PATENT.userPoolId,
      COGNITO_PATENT_CLIENT_ID: pools.PATENT.clientId,
    });
    const identity = identityForApp(config);
    expect(identity.routes).toEqual([]);
    expect(identity.service()).toBeUndefined();
  });
});
