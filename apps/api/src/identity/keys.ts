/**
 * RS256 signing keys per pool, generated on first start and kept in identity_signing_keys.
 * After a rotation the old public keys stay in the JWKS so tokens signed before it still verify.
 */
import {
  createHash,
  createPrivateKey,
  generateKeyPair as generateKeyPairCallback,
  type KeyObject,
} from 'node:crypto';
import { promisify } from 'node:util';
import type { UserType } from '@ipportal/domain';
import type { IdentityRepository, IdentitySigningKey } from './repository.js';
import type { SigningKey } from './tokens.js';

const generateKeyPair = promisify(generateKeyPairCallback);

// A type alias, not an interface: aws-jwt-verify wants JWKs assignable to a JSON object type.
export type PublicJwk = {
  kty: 'RSA';
  n: string;
  e: string;
  kid: string;
  alg: 'RS256';
  use: 'sig';
};

export interface Jwks {
  keys: PublicJwk[];
}

/** RFC 7638 thumbprint: a stable kid derived from the key itself. */
function thumbprint(n: string, e: string): string {
  return createHash('sha256')
    .update(JSON.stringify({ e, kty: 'RSA', n }))
    .digest('base64url');
}

function toPublicJwk(publicJwk: Record<string, unknown>, kid: string): PublicJwk {
  return { kty: 'RSA', n: String(publicJwk.n), e: String(publicJwk.e), kid, alg: 'RS256', use: 'sig' };
}

interface PoolKeys {
  active: SigningKey;
  /** HMAC key for answers about users that do not exist (stable per active key, secret). */
  decoySecret: Buffer;
  jwks: Jwks;
}

export class SigningKeyStore {
  private readonly pools = new Map<UserType, PoolKeys>();

  constructor(
    private readonly repository: IdentityRepository,
    private readonly clock: () => Date = () => new Date(),
  ) {}

  /** Loads every pool's keys, creating a first key where a pool has none. */
  async load(pools: readonly UserType[]): Promise<void> {
    for (const pool of pools) {
      let rows = await this.repository.listSigningKeys(pool);
      if (!rows.some((row) => row.retiredAt === null)) {
        await this.createKey(pool);
        rows = await this.repository.listSigningKeys(pool);
      }
      this.remember(pool, rows);
    }
  }

  /** Makes a new key the one that signs; the previous public keys stay published. */
  async rotate(pool: UserType): Promise<string> {
    const kid = await this.createKey(pool);
    this.remember(pool, await this.repository.listSigningKeys(pool));
    return kid;
  }

  current(pool: UserType): SigningKey {
    return this.keysOf(pool).active;
  }

  jwks(pool: UserType): Jwks {
    return this.keysOf(pool).jwks;
  }

  decoySecret(pool: UserType): Buffer {
    return this.keysOf(pool).decoySecret;
  }

  private keysOf(pool: UserType): PoolKeys {
    const keys = this.pools.get(pool);
    if (!keys) throw new Error(`signing keys of pool ${pool} are not loaded`);
    return keys;
  }

  private async createKey(pool: UserType): Promise<string> {
    const { publicKey, privateKey } = await generateKeyPair('rsa', { modulusLength: 2048 });
    const jwk = publicKey.export({ format: 'jwk' });
    const kid = thumbprint(String(jwk.n), String(jwk.e));
    await this.repository.addActiveSigningKey(
      {
        pool,
        kid,
        publicJwk: toPublicJwk(jwk, kid),
        privateKeyPem: privateKey.export({ format: 'pem', type: 'pkcs8' }).toString(),
      },
      this.clock(),
    );
    return kid;
  }

  private remember(pool: UserType, rows: IdentitySigningKey[]): void {
    // Rows come newest first; two instances starting together could both create a key: the newest signs.
    const activeRow = rows.find((row) => row.retiredAt === null);
    if (!activeRow) throw new Error(`pool ${pool} has no active signing key`);
    const privateKey: KeyObject = createPrivateKey(activeRow.privateKeyPem);
    this.pools.set(pool, {
      active: { kid: activeRow.kid, privateKey },
      decoySecret: createHash('sha256').update(`decoy:${activeRow.privateKeyPem}`).digest(),
      jwks: { keys: rows.map((row) => toPublicJwk(row.publicJwk, row.kid)) },
    });
  }
}
