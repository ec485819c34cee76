import path from 'node:path';
import { describe, expect, test } from 'vitest';
import { ConfigError, loadConfig, repoRoot } from '../../src/config.js';

describe('config: the environment, validated once', () => {
  test('defaults: embedded PGlite and files under <repo>/.data, port 3000, local storage, .eml mail', () => {
    const config = loadConfig({});
    expect(config.port).toBe(3000);
    expect(config.host).toBe('127.0.0.1');
    expect(config.dataDir).toBe(path.join(repoRoot, '.data'));
    expect(config.database).toEqual({ driver: 'pglite', dataDir: path.join(repoRoot, '.data', 'pglite') });
    expect(config.storage).toMatchObject({ driver: 'local', root: path.join(repoRoot, '.data', 'storage') });
    expect(config.mail.transport).toEqual({ kind: 'eml', dir: path.join(repoRoot, '.data', 'mail') });
    expect(config.webDistDir).toBe(path.join(repoRoot, 'apps', 'web', 'dist'));
    expect(config.seedDemo).toBe(true);
    expect(config.identity.regular).toMatchObject({
      userPoolId: 'ap-northeast-1_LocalRegular',
      endpoint: undefined,
      embeddedPath: '/identity/regular',
    });
  });

  test('PostgreSQL, S3, SMTP and production when configured', () => {
    const config = loadConfig({
      NODE_ENV: 'production',
      DATABASE_URL: 'postgres://app@db:5432/portal',
      STORAGE_DRIVER: 's3',
      S3_BUCKET: 'deliverables',
      S3_ENDPOINT: 'http://minio:9000',
      S3_FORCE_PATH_STYLE: 'true',
      SMTP_HOST: 'smtp.example.com',
      SMTP_PORT: '465',
      SMTP_SECURE: '1',
      CORS_ORIGINS: 'https://a.example.com, https://b.example.com/',
      DATA_DIR: '/var/lib/portal',
      IDENTITY_KEY_ENCRYPTION_KEY: Buffer.alloc(32, 7).toString('base64'),
    });
    expect(config.identity.keyEncryptionKey).toEqual(Buffer.alloc(32, 7));
    expect(config.host).toBe('0.0.0.0');
    expect(config.database).toEqual({
      driver: 'postgres',
      url: 'postgres://app@db:5432/portal',
      poolMax: 10,
    });
    expect(config.storage).toMatchObject({
      driver: 's3',
      bucket: 'deliverables',
      endpoint: 'http://minio:9000',
      forcePathStyle: true,
      tempDir: '/var/lib/portal/tmp',
    });
    expect(config.mail.transport).toMatchObject({
      kind: 'smtp',
      host: 'smtp.example.com',
      port: 465,
      secure: true,
    });
    expect(config.corsOrigins).toEqual(['https://a.example.com', 'https://b.example.com']);
    expect(config.seedDemo).toBe(false);
  });

  test('relative paths are taken from the folder pnpm was started in', () => {
    const config = loadConfig({ DATA_DIR: 'tmp/data', INIT_CWD: repoRoot });
    expect(config.dataDir).toBe(path.join(repoRoot, 'tmp', 'data'));
  });

  test.each([
    [{ PORT: 'abc' }, 'PORT: expected a whole number from 0 to 65535 (got "abc")'],
    [{ PORT: '70000' }, 'PORT'],
    [
      { DATABASE_URL: 'mysql://x' },
      'DATABASE_URL: expected a URL starting with postgres:// or postgresql:// (got (hidden))',
    ],
    [{ NODE_ENV: 'staging' }, 'NODE_ENV'],
    [{ STORAGE_DRIVER: 's3' }, 'S3_BUCKET: required when STORAGE_DRIVER=s3'],
    [{ SEED_DEMO: 'maybe' }, 'SEED_DEMO'],
    [{ COGNITO_REGULAR_USER_POOL_ID: 'no-underscore' }, 'COGNITO_REGULAR_USER_POOL_ID'],
    [{ IDENTITY_MODE: 'aws' }, 'COGNITO_REGULAR_CLIENT_ID: required when IDENTITY_MODE=aws'],
    [{ CORS_ORIGINS: 'not a url' }, 'CORS_ORIGINS'],
  ])('a bad variable fails start-up naming it: %j', (env, message) => {
    expect(() => loadConfig(env)).toThrow(ConfigError);
    expect(() => loadConfig(env)).toThrow(message);
  });

  test('all problems are reported at once', () => {
    try {
      loadConfig({ PORT: 'x', LOG_LEVEL: 'loud' });
      expect.unreachable();
    } catch (error) {
      expect((error as ConfigError).problems.map((p) => p.split(':')[0])).toEqual(['PORT', 'LOG_LEVEL']);
    }
  });
});
