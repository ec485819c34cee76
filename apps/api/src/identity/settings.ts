/** What the embedded identity service is configured with, and the two pools derived from it. */
import { userTypes, type UserType } from '@ipportal/domain';
import { defaultCodePolicy, type CodePolicy } from './codes.js';
import { defaultLockoutPolicy, type LockoutPolicy } from './lockout.js';

export interface IdentityPoolSettings {
  /** e.g. `ap-northeast-1_LocalRegular`; the part after `_` is the SRP pool name. */
  userPoolId: string;
  clientId: string;
  /** Path on this server where the pool's operations are posted, e.g. `/identity/regular`. */
  path: string;
}

export interface IdentitySettings {
  pools: Record<UserType, IdentityPoolSettings>;
  /** Origin the token issuers are named after: `iss` = `${issuerOrigin}/identity/${userPoolId}`. */
  issuerOrigin: string;
  accessTokenTtlSeconds: number;
  idTokenTtlSeconds: number;
  refreshTokenTtlSeconds: number;
  /** How long an SRP or new-password challenge may be answered. */
  challengeTtlSeconds: number;
  /** Accepted difference between the client's TIMESTAMP and the server clock. */
  timestampSkewSeconds: number;
  /**
   * How recent a sign-in must be to turn two-factor sign-in off or replace its secret: the web
   * app signs in again (password and code) right before, so a session left open is not enough.
   */
  recentSignInSeconds: number;
  codes: CodePolicy;
  lockout: LockoutPolicy;
}

export const defaultTokenLifetimes = {
  accessTokenTtlSeconds: 60 * 60,
  idTokenTtlSeconds: 60 * 60,
  refreshTokenTtlSeconds: 30 * 24 * 60 * 60,
} as const;

export function identitySettings(
  base: Pick<IdentitySettings, 'pools' | 'issuerOrigin'> &
    Partial<Omit<IdentitySettings, 'pools' | 'issuerOrigin'>>,
): IdentitySettings {
  return {
    ...defaultTokenLifetimes,
    challengeTtlSeconds: 3 * 60,
    timestampSkewSeconds: 5 * 60,
    recentSignInSeconds: 5 * 60,
    codes: defaultCodePolicy,
    lockout: defaultLockoutPolicy,
    ...base,
    issuerOrigin: base.issuerOrigin.replace(/\/+$/, ''),
  };
}

/** One pool as the service uses it. */
export interface PoolRuntime {
  userType: UserType;
  userPoolId: string;
  /** The part of the pool id after `_`: the client hashes it into the SRP values. */
  poolName: string;
  clientId: string;
  path: string;
  issuer: string;
  jwksUri: string;
}

export function poolIssuer(issuerOrigin: string, userPoolId: string): string {
  return `${issuerOrigin.replace(/\/+$/, '')}/identity/${userPoolId}`;
}

export function resolvePools(
  settings: Pick<IdentitySettings, 'pools' | 'issuerOrigin'>,
): Record<UserType, PoolRuntime> {
  const entries = userTypes.values.map((userType) => {
    const pool = settings.pools[userType];
    const issuer = poolIssuer(settings.issuerOrigin, pool.userPoolId);
    const poolName = pool.userPoolId.split('_')[1];
    if (!poolName) throw new Error(`invalid user pool id ${pool.userPoolId}`);
    return [
      userType,
      {
        userType,
        userPoolId: pool.userPoolId,
        poolName,
        clientId: pool.clientId,
        path: pool.path,
        issuer,
        jwksUri: `${issuer}/.well-known/jwks.json`,
      },
    ] as const;
  });
  const pools = Object.fromEntries(entries) as Record<UserType, PoolRuntime>;
  if (
    pools.REGULAR.userPoolId === pools.PATENT.userPoolId ||
    pools.REGULAR.clientId === pools.PATENT.clientId
  ) {
    throw new Error('the REGULAR and PATENT pools need different pool ids and client ids');
  }
  return pools;
}
