/**
 * RS256 signing keys per pool, kept in identity_signing_keys and shared by every API process.
 *
 * - A pool's first key is created once, under a database lock, even when several processes
 *   start together on an empty database.
 * - A rotation commits with an `identity.keysChanged` signal; every process reloads on it, every
 *   minute as a backstop (the caller's timer), and when a token names a key id it does not know
 *   (at most once per 5 s per pool), so verification never depends on the bus alone.
 * - Private keys are encrypted at rest when IDENTITY_KEY_ENCRYPTION_KEY is set (key-encryption.ts);
 *   plain rows written before still load, and are encrypted on start once a key is configured.
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
import type { EventBus } from '../events/index.js';
import { decryptPrivateKey, encryptPrivateKey, isEncryptedPrivateKey } from './key-encryption.js';
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

interface GeneratedKey {
  kid: string;
  publicJwk: PublicJwk;
  privateKeyPem: string;
}

export interface SigningKeyStoreOptions {
  clock?: (() => Date) | undefined;
  /** AES-256-GCM key for private keys at rest (IDENTITY_KEY_ENCRYPTION_KEY); plain PEM without it. */
  encryptionKey?: Buffer | undefined;
  /** Tells every process that a pool's keys changed, in the changing transaction. */
  bus?: Pick<EventBus, 'publish'> | undefined;
  /** Smallest gap between two reloads caused by an unknown key id, per pool (default 5 s). */
  unknownKidReloadIntervalMs?: number;
}

export class SigningKeyStore {
  private readonly pools = new Map<UserType, PoolKeys>();
  private readonly clock: () => Date;
  private readonly encryptionKey: Buffer | undefined;
  private readonly bus: Pick<EventBus, 'publish'> | undefined;
  private readonly unknownKidReloadIntervalMs: number;
  /** Per pool: when an unknown kid last caused a reload (real time, not the service clock). */
  private readonly unknownKidReloads = new Map<UserType, number>();
  private readonly reloading = new Map<UserType, Promise<void>>();

  constructor(
    private readonly repository: IdentityRepository,
    options: SigningKeyStoreOptions | (() => Date) = {},
  ) {
    const settings = typeof options === 'function' ? { clock: options } : options;
    this.clock = settings.clock ?? (() => new Date());
    this.encryptionKey = settings.encryptionKey;
    this.bus = settings.bus;
    this.unknownKidReloadIntervalMs = settings.unknownKidReloadIntervalMs ?? 5_000;
  }

  /**
   * Start-up: creates a pool's first key where it has none, encrypts plain rows when a key is
   * configured, and loads every pool's keys. A stored key that cannot be decrypted stops the start.
   */
  async load(pools: readonly UserType[]): Promise<void> {
    for (const pool of pools) {
      await this.ensureActiveKey(pool);
      if (this.encryptionKey) await this.encryptPlainRows(pool, this.encryptionKey);
      await this.reloadPool(pool);
    }
  }

  /** Reads the keys again (a signal from another process, the periodic backstop). */
  async reload(pools: readonly UserType[] = [...this.pools.keys()]): Promise<void> {
    await Promise.all(pools.map((pool) => this.reloadPool(pool)));
  }

  /**
   * A token named a key id this process does not know: reload, unless the pool was reloaded for
   * that reason within the last few seconds (anyone can send made-up key ids). True if it reloaded.
   */
  async reloadForUnknownKid(pool: UserType): Promise<boolean> {
    const now = Date.now();
    const last = this.unknownKidReloads.get(pool);
    if (last !== undefined && now - last < this.unknownKidReloadIntervalMs) {
      // A reload already under way still counts: wait for it.
      const running = this.reloading.get(pool);
      if (!running) return false;
      await running;
      return true;
    }
    this.unknownKidReloads.set(pool, now);
    await this.reloadPool(pool);
    return true;
  }

  /** Makes a new key the one that signs; the previous public keys stay published. */
  async rotate(pool: UserType): Promise<string> {
    const key = await this.generate();
    await this.repository.transaction(async (repository, tx) => {
      await repository.lockSigningKeys(pool);
      await repository.addActiveSigningKey(this.row(pool, key), this.clock());
      await this.bus?.publish(tx, { topic: 'identity.keysChanged', id: pool });
    });
    await this.reloadPool(pool);
    return key.kid;
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

  /**
   * Creates the pool's first key unless it has one. Processes starting together each see no key,
   * so the check is repeated under the pool's lock: only the first to get it inserts.
   */
  private async ensureActiveKey(pool: UserType): Promise<void> {
    if (await this.repository.hasActiveSigningKey(pool)) return;
    // Generated outside the lock (tens of milliseconds); thrown away if another process won.
    const key = await this.generate();
    await this.repository.transaction(async (repository, tx) => {
      await repository.lockSigningKeys(pool);
      if (await repository.hasActiveSigningKey(pool)) return;
      await repository.addActiveSigningKey(this.row(pool, key), this.clock());
      await this.bus?.publish(tx, { topic: 'identity.keysChanged', id: pool });
    });
  }

  private async encryptPlainRows(pool: UserType, encryptionKey: Buffer): Promise<void> {
    for (const row of await this.repository.listSigningKeys(pool)) {
      if (isEncryptedPrivateKey(row.privateKeyPem)) continue;
      const encrypted = encryptPrivateKey(row.privateKeyPem, row.kid, encryptionKey);
      await this.repository.replacePrivateKey(row.id, row.privateKeyPem, encrypted);
    }
  }

  private async generate(): Promise<GeneratedKey> {
    const { publicKey, privateKey } = await generateKeyPair('rsa', { modulusLength: 2048 });
    const jwk = publicKey.export({ format: 'jwk' });
    const kid = thumbprint(String(jwk.n), String(jwk.e));
    return {
      kid,
      publicJwk: toPublicJwk(jwk, kid),
      privateKeyPem: privateKey.export({ format: 'pem', type: 'pkcs8' }).toString(),
    };
  }

  private row(pool: UserType, key: GeneratedKey) {
    return {
      pool,
      kid: key.kid,
      publicJwk: key.publicJwk,
      privateKeyPem: this.encryptionKey
        ? encryptPrivateKey(key.privateKeyPem, key.kid, this.encryptionKey)
        : key.privateKeyPem,
    };
  }

  /** One reload per pool at a time; callers arriving meanwhile share it. */
  private reloadPool(pool: UserType): Promise<void> {
    const running = this.reloading.get(pool);
    if (running) return running;
    const reload = this.repository
      .listSigningKeys(pool)
      .then((rows) => this.remember(pool, rows))
      .finally(() => this.reloading.delete(pool));
    this.reloading.set(pool, reload);
    return reload;
  }

  private remember(pool: UserType, rows: IdentitySigningKey[]): void {
    // Rows come newest first; should a pool ever have two active keys, the newest signs.
    const activeRow = rows.find((row) => row.retiredAt === null);
    if (!activeRow) throw new Error(`pool ${pool} has no active signing key`);
    const previous = this.pools.get(pool);
    // The same active key is kept as parsed; a new one is decrypted (which may fail: see load).
    const signing = previous?.active.kid === activeRow.kid ? previous : this.signingKeyOf(activeRow);
    this.pools.set(pool, {
      active: signing.active,
      decoySecret: signing.decoySecret,
      jwks: { keys: rows.map((row) => toPublicJwk(row.publicJwk, row.kid)) },
    });
  }

  private signingKeyOf(row: IdentitySigningKey): Pick<PoolKeys, 'active' | 'decoySecret'> {
    const pem = decryptPrivateKey(row.privateKeyPem, row.kid, this.encryptionKey);
    const privateKey: KeyObject = createPrivateKey(pem);
    return {
      active: { kid: row.kid, privateKey },
      // From the plain PEM, so encrypting a stored row does not change the decoy answers.
      decoySecret: createHash('sha256').update(`decoy:${pem}`).digest(),
    };
  }
}
