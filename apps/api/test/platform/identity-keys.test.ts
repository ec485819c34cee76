/**
 * Private signing keys encrypted at rest (IDENTITY_KEY_ENCRYPTION_KEY), on PGlite and PostgreSQL:
 * plain rows written before still verify and are encrypted on start, a missing or wrong key stops
 * the start with a message naming the variable.
 */
import { randomBytes } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { testConfig } from '../../src/config.js';
import { migrateDatabase, type DatabaseHandle } from '../../src/db/index.js';
import { identitySigningKeys } from '../../src/db/schema/index.js';
import {
  createEmbeddedVerifier,
  createIdentityService,
  createIdentityUser,
  identitySettingsFromConfig,
  type IdentityService,
} from '../../src/identity/index.js';
import { decryptPrivateKey, encryptPrivateKey } from '../../src/identity/key-encryption.js';
import { operations } from '../../src/identity/operations/index.js';
import { createTestDatabase, skipDriver, type TestDatabase } from '../support/db.js';

const config = testConfig();
const password = 'Crypt-Pass1';
const noMail = { queue: () => Promise.resolve(undefined) };

describe('private key encryption', () => {
  it('round-trips, binds the key id, and passes a plain PEM through', () => {
    const key = randomBytes(32);
    const stored = encryptPrivateKey('-----BEGIN PRIVATE KEY-----\nabc\n', 'kid-1', key);
    expect(stored).toMatch(/^enc:v1:[^:]+:[^:]+:[^:]+$/);
    expect(stored).not.toContain('abc');
    expect(decryptPrivateKey(stored, 'kid-1', key)).toBe('-----BEGIN PRIVATE KEY-----\nabc\n');
    expect(() => decryptPrivateKey(stored, 'kid-2', key)).toThrow(/IDENTITY_KEY_ENCRYPTION_KEY/);
    expect(() => decryptPrivateKey(stored, 'kid-1', randomBytes(32))).toThrow(/IDENTITY_KEY_ENCRYPTION_KEY/);
    expect(() => decryptPrivateKey(stored, 'kid-1', undefined)).toThrow(
      /IDENTITY_KEY_ENCRYPTION_KEY is not set/,
    );
    expect(decryptPrivateKey('-----BEGIN PRIVATE KEY-----', 'kid-1', undefined)).toBe(
      '-----BEGIN PRIVATE KEY-----',
    );
  });
});

describe.skipIf(skipDriver)('encrypted signing keys in the database', () => {
  let testDb: TestDatabase;
  let handle: DatabaseHandle;
  const encryptionKey = randomBytes(32);

  beforeAll(async () => {
    testDb = await createTestDatabase();
    handle = await testDb.open();
    await migrateDatabase(handle, testDb.options);
  });
  afterAll(async () => {
    await handle?.close();
    await testDb?.drop();
  });

  const start = (keyEncryptionKey?: Buffer) =>
    createIdentityService({
      db: handle.db,
      mailer: noMail,
      settings: identitySettingsFromConfig(config),
      keyEncryptionKey,
    });
  const verifierOf = (service: IdentityService) =>
    createEmbeddedVerifier({ pools: service.pools, keys: service.keys, repository: service.repository });
  const rows = () => handle.db.select().from(identitySigningKeys);

  async function idToken(service: IdentityService, email: string): Promise<string> {
    const result = (await operations.InitiateAuth!(
      service,
      service.pools.REGULAR,
      {
        AuthFlow: 'USER_PASSWORD_AUTH',
        ClientId: service.pools.REGULAR.clientId,
        AuthParameters: { USERNAME: email, PASSWORD: password },
      },
      { ip: '203.0.113.5', acceptLanguage: 'en' },
    )) as { AuthenticationResult: { IdToken: string } };
    return result.AuthenticationResult.IdToken;
  }

  it('keeps plain rows of a start without a key, encrypts them once a key is set, and still verifies old tokens', async () => {
    const plain = await start();
    expect((await rows()).every((row) => row.privateKeyPem.startsWith('-----BEGIN PRIVATE KEY-----'))).toBe(
      true,
    );
    const email = 'legacy@example.com';
    await createIdentityUser(handle.db, config, { userType: 'REGULAR', email, password });
    const legacyToken = await idToken(plain, email);

    const encrypted = await start(encryptionKey);
    const stored = await rows();
    expect(stored).toHaveLength(2);
    for (const row of stored) {
      expect(row.privateKeyPem).toMatch(/^enc:v1:/);
      expect(row.privateKeyPem).not.toContain('PRIVATE KEY');
    }
    // Same keys, now decrypted: the token signed before verifies, and new tokens are signed alike.
    expect(encrypted.keys.current('REGULAR').kid).toBe(plain.keys.current('REGULAR').kid);
    expect((await verifierOf(encrypted).verify(legacyToken, 'REGULAR')).email).toBe(email);
    const fresh = await idToken(encrypted, email);
    expect((await verifierOf(plain).verify(fresh, 'REGULAR')).email).toBe(email);
    // Decoy answers (unknown user names) do not change with the stored form.
    expect(encrypted.keys.decoySecret('REGULAR').equals(plain.keys.decoySecret('REGULAR'))).toBe(true);
  });

  it('stores a rotated key encrypted; another process with the key loads it', async () => {
    const first = await start(encryptionKey);
    const kid = await first.keys.rotate('PATENT');
    const [row] = await handle.db.select().from(identitySigningKeys).where(eq(identitySigningKeys.kid, kid));
    expect(row?.privateKeyPem).toMatch(/^enc:v1:/);
    const second = await start(encryptionKey);
    expect(second.keys.current('PATENT').kid).toBe(kid);
  });

  it('refuses to start without the key or with another key, naming IDENTITY_KEY_ENCRYPTION_KEY', async () => {
    await expect(start()).rejects.toThrow(/IDENTITY_KEY_ENCRYPTION_KEY is not set/);
    await expect(start(randomBytes(32))).rejects.toThrow(
      /cannot be decrypted with IDENTITY_KEY_ENCRYPTION_KEY/,
    );
  });
});
