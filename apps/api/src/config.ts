import { existsSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { z } from 'zod';

/**
 * The one reader of process.env (lint-enforced). Everything else receives a validated `AppConfig`.
 * Start-up fails with a message naming each bad variable.
 */

/** apps/api/src/config.ts and apps/api/dist/config.js both sit two folders below the repository root. */
export const repoRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..', '..', '..');

const bool = (fallback: boolean) =>
  z
    .enum(['true', 'false', '1', '0', 'yes', 'no', ''], { error: 'expected true or false' })
    .optional()
    .transform((v) => (v === undefined || v === '' ? fallback : v === 'true' || v === '1' || v === 'yes'));

const int = (fallback: number, min: number, max: number) =>
  z
    .string()
    .optional()
    .transform((v, ctx) => {
      if (v === undefined || v.trim() === '') return fallback;
      const n = Number(v);
      if (!Number.isInteger(n) || n < min || n > max) {
        ctx.addIssue({ code: 'custom', message: `expected a whole number from ${min} to ${max}` });
        return z.NEVER;
      }
      return n;
    });

const optionalString = z
  .string()
  .optional()
  .transform((v) => (v === undefined || v.trim() === '' ? undefined : v.trim()));

const optionalUrl = (protocols: readonly string[]) =>
  optionalString.refine(
    (v) => v === undefined || (URL.canParse(v) && protocols.includes(new URL(v).protocol)),
    {
      message: `expected a URL starting with ${protocols.map((p) => `${p}//`).join(' or ')}`,
    },
  );

const poolIdPattern = /^[\w-]+_[0-9a-zA-Z]+$/;
const poolId = (fallback: string) =>
  optionalString
    .transform((v) => v ?? fallback)
    .refine((v) => poolIdPattern.test(v) && v.length <= 55, {
      message: 'expected a user pool id like ap-northeast-1_Abc123',
    });

const envSchema = z.object({
  NODE_ENV: z.enum(['development', 'production', 'test']).default('development'),
  HOST: optionalString,
  PORT: int(3000, 0, 65535),
  PUBLIC_URL: optionalUrl(['http:', 'https:']),
  TRUST_PROXY: bool(false),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).optional(),
  // pretty: one readable line per entry (and per request); json: one JSON object per line. Default:
  // pretty in development, json otherwise.
  LOG_FORMAT: z.enum(['pretty', 'json']).optional(),
  DATA_DIR: optionalString,
  DATABASE_URL: optionalUrl(['postgres:', 'postgresql:']),
  DB_POOL_MAX: int(10, 1, 200),
  // A direct (session) connection for LISTEN when DATABASE_URL goes through a transaction-mode pooler.
  DATABASE_LISTEN_URL: optionalUrl(['postgres:', 'postgresql:']),
  // api: HTTP only; worker: background jobs only (health endpoints on PORT); all: both (default).
  PROCESS_ROLE: z.enum(['api', 'worker', 'all']).default('all'),
  // Apply pending migrations at start-up (the embedded default). Off where several processes start
  // together in production: a separate `migrate` step runs them once, and a process refuses to
  // start on a database that is behind.
  MIGRATE_ON_START: bool(true),
  // Shared request budgets across API processes (without it: PostgreSQL, or memory on PGlite).
  REDIS_URL: optionalUrl(['redis:', 'rediss:']),
  // 32 bytes, base64 or hex: encrypts the embedded identity service's private signing keys at rest.
  IDENTITY_KEY_ENCRYPTION_KEY: optionalString,
  // Failed deliveries of one mail are retried this many times, with growing delays, before it is marked failed.
  MAIL_RETRY_LIMIT: int(8, 0, 50),
  MAIL_RETRY_DELAY_SECONDS: int(10, 1, 3600),
  CORS_ORIGINS: optionalString.refine(
    (v) => v === undefined || v.split(',').every((o) => o.trim() === '' || URL.canParse(o.trim())),
    { message: 'expected a comma-separated list of origins such as https://portal.example.com' },
  ),
  WEB_DIST_DIR: optionalString,
  BODY_LIMIT_BYTES: int(1024 * 1024, 1024, 100 * 1024 * 1024),
  // The storage layer's ceiling for every upload; each route has its own limit below it.
  UPLOAD_MAX_BYTES: int(100 * 1024 * 1024, 1024, 5 * 1024 * 1024 * 1024),
  DELIVERABLE_MAX_BYTES: int(100 * 1024 * 1024, 1024, 5 * 1024 * 1024 * 1024),
  // Per signed-in user; RATE_LIMIT_IP_MAX per client address (an office behind one proxy shares it).
  RATE_LIMIT_MAX: int(600, 0, 1_000_000),
  RATE_LIMIT_IP_MAX: int(6000, 0, 10_000_000),
  RATE_LIMIT_WINDOW_MS: int(60_000, 1000, 3_600_000),
  // The whole request, body included: long enough for a 100 MB deliverable over a slow uplink
  // (about 1.4 Mbit/s). An idle socket is still cut after CONNECTION_TIMEOUT_MS.
  REQUEST_TIMEOUT_MS: int(600_000, 1000, 3_600_000),
  KEEP_ALIVE_TIMEOUT_MS: int(72_000, 1000, 3_600_000),
  CONNECTION_TIMEOUT_MS: int(10_000, 0, 3_600_000),
  SHUTDOWN_TIMEOUT_MS: int(10_000, 100, 600_000),
  AUTH_CACHE_TTL_MS: int(10_000, 0, 600_000),
  STORAGE_DRIVER: z.enum(['local', 's3']).default('local'),
  S3_BUCKET: optionalString,
  S3_REGION: optionalString,
  S3_ENDPOINT: optionalUrl(['http:', 'https:']),
  S3_FORCE_PATH_STYLE: bool(false),
  S3_ACCESS_KEY_ID: optionalString,
  S3_SECRET_ACCESS_KEY: optionalString,
  S3_OBJECT_LOCK_MODE: z.enum(['GOVERNANCE', 'COMPLIANCE']).default('GOVERNANCE'),
  S3_OBJECT_LOCK_DAYS: int(3650, 1, 36500),
  SMTP_HOST: optionalString,
  SMTP_PORT: int(587, 1, 65535),
  SMTP_SECURE: bool(false),
  // false: accept a relay's self-signed or otherwise untrusted TLS certificate (a test relay, an
  // internal one with a private CA). Never the default.
  SMTP_TLS_REJECT_UNAUTHORIZED: bool(true),
  SMTP_USER: optionalString,
  SMTP_PASSWORD: optionalString,
  MAIL_FROM: optionalString,
  SEED_DEMO: z.enum(['true', 'false', '1', '0', '']).optional(),
  /** Matters of the large demo organization (large@example.com), e.g. 100000; 0 or unset: none. */
  SEED_SCALE: int(0, 0, 1_000_000),
  IDENTITY_MODE: z.enum(['embedded', 'aws']).default('embedded'),
  COGNITO_REGION: optionalString,
  COGNITO_REGULAR_USER_POOL_ID: poolId('ap-northeast-1_LocalRegular'),
  COGNITO_REGULAR_CLIENT_ID: optionalString,
  COGNITO_REGULAR_ENDPOINT: optionalUrl(['http:', 'https:']),
  COGNITO_PATENT_USER_POOL_ID: poolId('ap-northeast-1_LocalPatent'),
  COGNITO_PATENT_CLIENT_ID: optionalString,
  COGNITO_PATENT_ENDPOINT: optionalUrl(['http:', 'https:']),
  // Embedded identity service token lifetimes (identity engineer): access and ID tokens, refresh tokens.
  IDENTITY_TOKEN_TTL_SECONDS: int(3600, 300, 86_400),
  IDENTITY_REFRESH_TOKEN_TTL_DAYS: int(30, 1, 3650),
  REALTIME_URL: optionalUrl(['ws:', 'wss:']),
  /** The concierge fee per request in whole yen before consumption tax (10% is added on the invoice). */
  CONCIERGE_FEE_YEN: int(30_000, 1, 100_000_000),
  // The realtime socket (/graphql/realtime): `ka` and websocket pings every this many ms (Amplify
  // warns after 65 s without one), the idle limit announced in connection_ack, and its limits.
  REALTIME_KEEP_ALIVE_MS: int(30_000, 20, 30_000),
  REALTIME_CONNECTION_TIMEOUT_MS: int(300_000, 1000, 3_600_000),
  REALTIME_MAX_SUBSCRIPTIONS: int(100, 1, 10_000),
  REALTIME_MAX_FRAME_BYTES: int(64 * 1024, 1024, 1024 * 1024),
});

export type Env = Record<string, string | undefined>;

export interface IdentityPoolConfig {
  userPoolId: string;
  clientId: string;
  /** Absolute URL, or undefined to use the embedded service's path on the public origin. */
  endpoint: string | undefined;
  /** Path on this server where the embedded service answers for this pool. */
  embeddedPath: string;
}

export interface AppConfig {
  env: 'development' | 'production' | 'test';
  isProduction: boolean;
  host: string;
  port: number;
  /** Origin the outside world uses (no trailing slash); undefined: derive from each request. */
  publicUrl: string | undefined;
  trustProxy: boolean;
  logLevel: string;
  /**
   * `pretty`: readable lines for a person at a terminal, one per request (development); `json`:
   * pino's JSON for log collectors, with fastify's request logging (production, tests).
   */
  logFormat: 'pretty' | 'json';
  dataDir: string;
  database:
    | { driver: 'pglite'; dataDir: string | undefined }
    | { driver: 'postgres'; url: string; poolMax: number; listenUrl: string | undefined };
  /** What this process runs: HTTP (`api`), background jobs (`worker`) or both (`all`). */
  role: 'api' | 'worker' | 'all';
  /** Redis for state shared across processes (request budgets); undefined: the database or memory. */
  redisUrl: string | undefined;
  corsOrigins: string[];
  webDistDir: string;
  bodyLimitBytes: number;
  /** Largest deliverable an office may upload (the storage ceiling applies when lower). */
  deliverableMaxBytes: number;
  /** Requests per window per signed-in user (`max`; 0 turns both limits off) and per client IP (`ipMax`). */
  rateLimit: { max: number; ipMax: number; windowMs: number };
  timeouts: { requestMs: number; keepAliveMs: number; connectionMs: number; shutdownMs: number };
  authCacheTtlMs: number;
  storage:
    | { driver: 'local'; root: string; maxUploadBytes: number }
    | {
        driver: 's3';
        bucket: string;
        region: string;
        endpoint: string | undefined;
        forcePathStyle: boolean;
        credentials: { accessKeyId: string; secretAccessKey: string } | undefined;
        objectLock: { mode: 'GOVERNANCE' | 'COMPLIANCE'; days: number };
        maxUploadBytes: number;
        /** Uploads are spooled here before they stream to the bucket. */
        tempDir: string;
      };
  mail: {
    from: string;
    /** Retries of a failed delivery (exponential backoff from `retryDelaySeconds`) before the mail is marked failed. */
    retryLimit: number;
    retryDelaySeconds: number;
    transport:
      | { kind: 'eml'; dir: string }
      | {
          kind: 'smtp';
          host: string;
          port: number;
          secure: boolean;
          /** Refuse a TLS certificate the system does not trust (SMTP_TLS_REJECT_UNAUTHORIZED). */
          rejectUnauthorized: boolean;
          user: string | undefined;
          password: string | undefined;
        };
  };
  /** Apply pending migrations at start-up; otherwise refuse to start while any is pending. */
  migrateOnStart: boolean;
  seedDemo: boolean;
  /** Matters of the large demo organization seeded at start (0: none). */
  seedScale: number;
  identity: {
    mode: 'embedded' | 'aws';
    region: string;
    regular: IdentityPoolConfig;
    patent: IdentityPoolConfig;
    /** Embedded service only: lifetime of access and ID tokens, and of refresh tokens. */
    tokenTtlSeconds: number;
    refreshTokenTtlSeconds: number;
    /** Embedded service only: 32-byte key encrypting private signing keys at rest (required in production). */
    keyEncryptionKey: Buffer | undefined;
  };
  /** Override for /config.json's `realtimeUrl` (a socket served elsewhere, e.g. AppSync). */
  realtimeUrl: string | undefined;
  /** The concierge service (ADR 0019): its fee in whole yen, tax excluded. */
  concierge: { feeYen: number };
  realtime: {
    /** How often `ka` and a websocket ping go out (at most 30 s). */
    keepAliveMs: number;
    /** Announced in connection_ack: a client hearing nothing for this long reconnects. */
    connectionTimeoutMs: number;
    maxSubscriptionsPerConnection: number;
    maxFrameBytes: number;
  };
}

export class ConfigError extends Error {
  constructor(readonly problems: string[]) {
    super(`Invalid environment:\n${problems.map((p) => `  - ${p}`).join('\n')}`);
    this.name = 'ConfigError';
  }
}

/** 32 bytes as 64 hex digits or base64; anything else is a configuration problem. */
function parseKeyEncryptionKey(value: string | undefined, problems: string[]): Buffer | undefined {
  if (value === undefined) return undefined;
  const key = /^[0-9a-fA-F]{64}$/.test(value) ? Buffer.from(value, 'hex') : Buffer.from(value, 'base64');
  if (key.length !== 32) {
    problems.push('IDENTITY_KEY_ENCRYPTION_KEY: expected 32 bytes as base64 or 64 hex digits (got (hidden))');
    return undefined;
  }
  return key;
}

/** Relative paths are taken from the folder the command was started in (pnpm keeps it in INIT_CWD). */
function resolveFrom(base: string, value: string): string {
  return path.isAbsolute(value) ? value : path.resolve(base, value);
}

/** A folder named on a command line (`pnpm backup <dir>`), resolved the way DATA_DIR is. */
export function commandLinePath(value: string, env: Env = process.env): string {
  return resolveFrom(env.INIT_CWD && existsSync(env.INIT_CWD) ? env.INIT_CWD : process.cwd(), value);
}

export function loadConfig(env: Env = process.env): AppConfig {
  const parsed = envSchema.safeParse(env);
  if (!parsed.success) {
    const problems = parsed.error.issues.map((issue) => {
      const name = String(issue.path[0] ?? '?');
      const value = env[name];
      const shown =
        value === undefined
          ? 'unset'
          : /PASSWORD|SECRET|DATABASE_URL|DATABASE_LISTEN_URL|REDIS_URL|ENCRYPTION_KEY/.test(name)
            ? '(hidden)'
            : JSON.stringify(value);
      return `${name}: ${issue.message} (got ${shown})`;
    });
    throw new ConfigError(problems);
  }
  const e = parsed.data;
  const problems: string[] = [];
  const cwd = env.INIT_CWD && existsSync(env.INIT_CWD) ? env.INIT_CWD : process.cwd();
  const isProduction = e.NODE_ENV === 'production';
  const dataDir = e.DATA_DIR ? resolveFrom(cwd, e.DATA_DIR) : path.join(repoRoot, '.data');

  if (e.STORAGE_DRIVER === 's3' && !e.S3_BUCKET)
    problems.push('S3_BUCKET: required when STORAGE_DRIVER=s3 (got unset)');
  if ((e.S3_ACCESS_KEY_ID === undefined) !== (e.S3_SECRET_ACCESS_KEY === undefined)) {
    problems.push('S3_ACCESS_KEY_ID / S3_SECRET_ACCESS_KEY: set both or neither');
  }
  if (e.SMTP_USER !== undefined && e.SMTP_HOST === undefined)
    problems.push('SMTP_HOST: required when SMTP_USER is set (got unset)');
  if (e.IDENTITY_MODE === 'aws') {
    if (!e.COGNITO_REGULAR_CLIENT_ID)
      problems.push('COGNITO_REGULAR_CLIENT_ID: required when IDENTITY_MODE=aws (got unset)');
    if (!e.COGNITO_PATENT_CLIENT_ID)
      problems.push('COGNITO_PATENT_CLIENT_ID: required when IDENTITY_MODE=aws (got unset)');
  }
  const keyEncryptionKey = parseKeyEncryptionKey(e.IDENTITY_KEY_ENCRYPTION_KEY, problems);
  if (isProduction && e.IDENTITY_MODE === 'embedded' && !e.IDENTITY_KEY_ENCRYPTION_KEY)
    problems.push(
      'IDENTITY_KEY_ENCRYPTION_KEY: required in production with IDENTITY_MODE=embedded (32 bytes, base64 or hex; e.g. `openssl rand -base64 32`) (got unset)',
    );
  if (e.DATABASE_LISTEN_URL && !e.DATABASE_URL)
    problems.push('DATABASE_URL: required when DATABASE_LISTEN_URL is set (got unset)');
  if (problems.length > 0) throw new ConfigError(problems);

  const region = e.COGNITO_REGION ?? 'ap-northeast-1';
  const awsEndpoint = (poolIdValue: string) =>
    e.IDENTITY_MODE === 'aws'
      ? `https://cognito-idp.${poolIdValue.split('_')[0] ?? region}.amazonaws.com/`
      : undefined;
  const maxUploadBytes = e.UPLOAD_MAX_BYTES;

  return {
    env: e.NODE_ENV,
    isProduction,
    host: e.HOST ?? (isProduction ? '0.0.0.0' : '127.0.0.1'),
    port: e.PORT,
    publicUrl: e.PUBLIC_URL?.replace(/\/+$/, ''),
    trustProxy: e.TRUST_PROXY,
    logLevel: e.LOG_LEVEL ?? (e.NODE_ENV === 'test' ? 'silent' : 'info'),
    logFormat: e.LOG_FORMAT ?? (e.NODE_ENV === 'development' ? 'pretty' : 'json'),
    dataDir,
    database: e.DATABASE_URL
      ? { driver: 'postgres', url: e.DATABASE_URL, poolMax: e.DB_POOL_MAX, listenUrl: e.DATABASE_LISTEN_URL }
      : { driver: 'pglite', dataDir: path.join(dataDir, 'pglite') },
    role: e.PROCESS_ROLE,
    migrateOnStart: e.MIGRATE_ON_START,
    redisUrl: e.REDIS_URL,
    corsOrigins: (e.CORS_ORIGINS ?? '')
      .split(',')
      .map((o) => o.trim().replace(/\/+$/, ''))
      .filter((o) => o !== ''),
    webDistDir: e.WEB_DIST_DIR
      ? resolveFrom(cwd, e.WEB_DIST_DIR)
      : path.join(repoRoot, 'apps', 'web', 'dist'),
    bodyLimitBytes: e.BODY_LIMIT_BYTES,
    deliverableMaxBytes: e.DELIVERABLE_MAX_BYTES,
    rateLimit: { max: e.RATE_LIMIT_MAX, ipMax: e.RATE_LIMIT_IP_MAX, windowMs: e.RATE_LIMIT_WINDOW_MS },
    timeouts: {
      requestMs: e.REQUEST_TIMEOUT_MS,
      keepAliveMs: e.KEEP_ALIVE_TIMEOUT_MS,
      connectionMs: e.CONNECTION_TIMEOUT_MS,
      shutdownMs: e.SHUTDOWN_TIMEOUT_MS,
    },
    authCacheTtlMs: e.AUTH_CACHE_TTL_MS,
    storage:
      e.STORAGE_DRIVER === 's3'
        ? {
            driver: 's3',
            bucket: e.S3_BUCKET ?? '',
            region: e.S3_REGION ?? 'ap-northeast-1',
            endpoint: e.S3_ENDPOINT,
            forcePathStyle: e.S3_FORCE_PATH_STYLE,
            credentials:
              e.S3_ACCESS_KEY_ID && e.S3_SECRET_ACCESS_KEY
                ? { accessKeyId: e.S3_ACCESS_KEY_ID, secretAccessKey: e.S3_SECRET_ACCESS_KEY }
                : undefined,
            objectLock: { mode: e.S3_OBJECT_LOCK_MODE, days: e.S3_OBJECT_LOCK_DAYS },
            maxUploadBytes,
            tempDir: path.join(dataDir, 'tmp'),
          }
        : { driver: 'local', root: path.join(dataDir, 'storage'), maxUploadBytes },
    mail: {
      from: e.MAIL_FROM ?? 'IP Portal <no-reply@ipportal.localhost>',
      retryLimit: e.MAIL_RETRY_LIMIT,
      retryDelaySeconds: e.MAIL_RETRY_DELAY_SECONDS,
      transport: e.SMTP_HOST
        ? {
            kind: 'smtp',
            host: e.SMTP_HOST,
            port: e.SMTP_PORT,
            secure: e.SMTP_SECURE,
            rejectUnauthorized: e.SMTP_TLS_REJECT_UNAUTHORIZED,
            user: e.SMTP_USER,
            password: e.SMTP_PASSWORD,
          }
        : { kind: 'eml', dir: path.join(dataDir, 'mail') },
    },
    seedDemo:
      e.SEED_DEMO === undefined || e.SEED_DEMO === ''
        ? !isProduction
        : e.SEED_DEMO === 'true' || e.SEED_DEMO === '1',
    seedScale: e.SEED_SCALE,
    identity: {
      mode: e.IDENTITY_MODE,
      region,
      regular: {
        userPoolId: e.COGNITO_REGULAR_USER_POOL_ID,
        clientId: e.COGNITO_REGULAR_CLIENT_ID ?? 'local-regular-client',
        endpoint: e.COGNITO_REGULAR_ENDPOINT ?? awsEndpoint(e.COGNITO_REGULAR_USER_POOL_ID),
        embeddedPath: '/identity/regular',
      },
      patent: {
        userPoolId: e.COGNITO_PATENT_USER_POOL_ID,
        clientId: e.COGNITO_PATENT_CLIENT_ID ?? 'local-patent-client',
        endpoint: e.COGNITO_PATENT_ENDPOINT ?? awsEndpoint(e.COGNITO_PATENT_USER_POOL_ID),
        embeddedPath: '/identity/patent',
      },
      tokenTtlSeconds: e.IDENTITY_TOKEN_TTL_SECONDS,
      refreshTokenTtlSeconds: e.IDENTITY_REFRESH_TOKEN_TTL_DAYS * 24 * 60 * 60,
      keyEncryptionKey,
    },
    realtimeUrl: e.REALTIME_URL,
    concierge: { feeYen: e.CONCIERGE_FEE_YEN },
    realtime: {
      keepAliveMs: e.REALTIME_KEEP_ALIVE_MS,
      connectionTimeoutMs: e.REALTIME_CONNECTION_TIMEOUT_MS,
      maxSubscriptionsPerConnection: e.REALTIME_MAX_SUBSCRIPTIONS,
      maxFrameBytes: e.REALTIME_MAX_FRAME_BYTES,
    },
  };
}

/** A config for tests and tools: defaults plus overrides, never the process environment. */
export function testConfig(env: Env = {}): AppConfig {
  return loadConfig({ NODE_ENV: 'test', LOG_LEVEL: 'silent', SEED_DEMO: 'false', ...env });
}
