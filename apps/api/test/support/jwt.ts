import { createPublicKey, generateKeyPairSync, randomUUID, sign, verify, type KeyObject } from 'node:crypto';
import {
  AuthError,
  type Pool,
  type TokenVerifier,
  type VerifiedAccessClaims,
  type VerifiedClaims,
} from '../../src/auth/index.js';

/**
 * Real RS256 ID and access tokens for tests: a key pair per pool generated in the test process,
 * tokens signed with node:crypto and checked the way a verifier must (signature, kid, iss, exp,
 * token_use, and aud or client_id). The only stand-in is the key source, at the identity edge.
 */
export interface TestIdentity {
  verifier: TokenVerifier;
  token(
    pool: Pool,
    claims: Partial<VerifiedClaims> & { sub?: string; email?: string },
    options?: TokenOptions,
  ): string;
}

export interface TokenOptions {
  expiresInSeconds?: number;
  tokenUse?: 'id' | 'access';
  /** Sign with the other pool's key (a token from the wrong pool). */
  signWithPool?: Pool;
}

const b64url = (value: unknown) => Buffer.from(JSON.stringify(value)).toString('base64url');

export function createTestIdentity(): TestIdentity {
  const pools: Record<
    Pool,
    { kid: string; privateKey: KeyObject; publicKey: KeyObject; iss: string; clientId: string }
  > = {
    REGULAR: makePool('ap-northeast-1_TestRegular', 'test-regular-client'),
    PATENT: makePool('ap-northeast-1_TestPatent', 'test-patent-client'),
  };

  function makePool(poolId: string, clientId: string) {
    const { privateKey } = generateKeyPairSync('rsa', { modulusLength: 2048 });
    return {
      kid: randomUUID(),
      privateKey,
      publicKey: createPublicKey(privateKey),
      iss: `http://localhost/identity/${poolId}`,
      clientId,
    };
  }

  /** The signature, key id, issuer and expiry of a pool's token; its payload once they hold. */
  function checked(token: string, pool: Pool): Record<string, unknown> {
    const parts = token.split('.');
    if (parts.length !== 3) throw new AuthError('invalidTokenFormat');
    const [h = '', p = '', s = ''] = parts;
    let header: { alg?: string; kid?: string };
    let payload: Record<string, unknown>;
    try {
      header = JSON.parse(Buffer.from(h, 'base64url').toString('utf8')) as typeof header;
      payload = JSON.parse(Buffer.from(p, 'base64url').toString('utf8')) as typeof payload;
    } catch {
      throw new AuthError('invalidTokenFormat', 'not JSON');
    }
    const expected = pools[pool];
    if (header.alg !== 'RS256') throw new AuthError('invalidTokenFormat', 'alg');
    if (header.kid !== expected.kid) throw new AuthError('invalidUserPool', 'kid of another pool');
    if (!verify('RSA-SHA256', Buffer.from(`${h}.${p}`), expected.publicKey, Buffer.from(s, 'base64url')))
      throw new AuthError('notLoggedIn', 'bad signature');
    if (payload.iss !== expected.iss) throw new AuthError('invalidUserPool', 'iss');
    if (typeof payload.exp !== 'number' || payload.exp * 1000 <= Date.now())
      throw new AuthError('notLoggedIn', 'expired');
    return payload;
  }

  const verifier: TokenVerifier = {
    verify(token, pool) {
      return Promise.resolve().then(() => {
        const payload = checked(token, pool);
        if (payload.token_use !== 'id' || payload.aud !== pools[pool].clientId)
          throw new AuthError('invalidTokenFormat', 'not an ID token');
        return payload as VerifiedClaims;
      });
    },
    verifyAccess(token, pool) {
      return Promise.resolve().then(() => {
        const payload = checked(token, pool);
        if (payload.token_use !== 'access' || payload.client_id !== pools[pool].clientId)
          throw new AuthError('invalidTokenFormat', 'not an access token');
        return payload as VerifiedAccessClaims;
      });
    },
  };

  return {
    verifier,
    token(pool, claims, options = {}) {
      const target = pools[pool];
      const signer = pools[options.signWithPool ?? pool];
      const now = Math.floor(Date.now() / 1000);
      const header = { alg: 'RS256', kid: signer.kid, typ: 'JWT' };
      const payload = {
        sub: claims.sub ?? randomUUID(),
        email: claims.email ?? 'someone@example.com',
        email_verified: true,
        iss: target.iss,
        // An access token names its app client in client_id, an ID token in aud.
        ...(options.tokenUse === 'access' ? { client_id: target.clientId } : { aud: target.clientId }),
        token_use: options.tokenUse ?? 'id',
        'cognito:username': claims.email ?? 'someone@example.com',
        iat: now,
        auth_time: now,
        exp: now + (options.expiresInSeconds ?? 3600),
        jti: randomUUID(),
        ...claims,
      };
      const body = `${b64url(header)}.${b64url(payload)}`;
      return `${body}.${sign('RSA-SHA256', Buffer.from(body), signer.privateKey).toString('base64url')}`;
    },
  };
}
