import rateLimit, { type RateLimitPluginOptions } from '@fastify/rate-limit';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { HttpError } from '../http/errors.js';
import { serverKey } from '../http/i18n.js';
import {
  counterSweepIntervalMs,
  deleteExpiredCounters,
  postgresStore,
} from '../rate-limit/postgres-store.js';
import { batchingRedisStore } from '../rate-limit/batching-redis-store.js';
import { closeRateLimitRedis, openRateLimitRedis, redisNameSpace } from '../rate-limit/redis.js';

const exempt = new Set(['/healthz', '/readyz']);

/**
 * The web app's hashed build files: one page load fetches dozens of them, and a company's users
 * often share one outgoing IP. Counting them would lock a whole office out after a few page
 * loads; they are static, cached for a year and cheap to serve.
 */
const isStaticAsset = (method: string, url: string) =>
  (method === 'GET' || method === 'HEAD') && url.startsWith('/assets/');

const tooManyRequests = () => new HttpError(429, { key: serverKey('tooManyRequests') });

/** Where the budgets are counted, as logged at start-up. */
export type RateLimitStoreKind = 'redis' | 'postgres' | 'memory';

/**
 * Where the counts live, so that every API process shares one budget:
 *
 * - REDIS_URL set: Redis, one Lua INCR + PEXPIRE per hit, the hits of one turn of the event loop
 *   sent in one pipeline (rate-limit/batching-redis-store.ts);
 * - otherwise PostgreSQL (DATABASE_URL): the `rate_limit_counters` table, one upsert per hit,
 *   expired rows swept every 10 minutes;
 * - otherwise (embedded PGlite, one process): the plugin's in-memory store.
 *
 * Both shared stores fail open (`skipOnError`): when Redis or the counters cannot be reached,
 * requests are let through uncounted and the failure is logged, rather than the portal
 * answering 500 to everyone. The limits protect capacity; they are not an access control.
 */
async function storeOptions(
  app: FastifyInstance,
): Promise<{ kind: RateLimitStoreKind; options: Partial<RateLimitPluginOptions> }> {
  const { redisUrl } = app.config;
  if (redisUrl) {
    const redis = await openRateLimitRedis(redisUrl, app.log);
    app.addHook('onClose', async () => closeRateLimitRedis(redis));
    return {
      kind: 'redis',
      options: { store: batchingRedisStore(redis, redisNameSpace), skipOnError: true },
    };
  }
  if (app.database.driver === 'postgres') {
    const db = app.db;
    const timer = setInterval(() => {
      deleteExpiredCounters(db).catch((error: unknown) =>
        app.log.warn({ err: error }, 'deleting expired rate limit counters failed'),
      );
    }, counterSweepIntervalMs);
    timer.unref();
    app.addHook('onClose', (_instance, done) => {
      clearInterval(timer);
      done();
    });
    return { kind: 'postgres', options: { store: postgresStore(db, app.log), skipOnError: true } };
  }
  return { kind: 'memory', options: {} };
}

/** What a budget hit said (@fastify/rate-limit's `createRateLimit`). */
type Limit = Awaited<ReturnType<ReturnType<FastifyInstance['createRateLimit']>>>;

/** Throws 429 (with Retry-After) when the hit went over its budget. */
function refuseWhenExceeded(limit: Limit, reply: FastifyReply): void {
  if (limit.isAllowed || !limit.isExceeded) return;
  reply.header('retry-after', String(limit.ttlInSeconds));
  throw tooManyRequests();
}

/**
 * Two request budgets per RATE_LIMIT_WINDOW_MS (RATE_LIMIT_MAX=0 turns both off):
 *
 * - per client IP, RATE_LIMIT_IP_MAX: counted from a root onRequest hook, so for unknown URLs and
 *   the identity service too, and settled before any body is parsed or any token verified
 *   (anonymous floods and bad tokens are refused before that work). It is loose on purpose: a
 *   patent firm's or a company's whole office often reaches us through one proxy address;
 * - per signed-in user, RATE_LIMIT_MAX: `app.limitSignedInUser`, called by the auth hook once the
 *   token is known, so one busy colleague cannot use up the office's address budget and one
 *   user's runaway script is stopped without locking out the people beside them.
 *
 * The address hit is sent when the request arrives and its answer awaited as late as it may be:
 * by the auth hook, beside the user's hit (a caller whose token is cached costs one round trip to
 * the store for both, in one batch), or else before the body is parsed (`preParsing`). The
 * plugin's own hook (`app.rateLimit()`) waits for each hit before the next hook starts, so the
 * two hits of a signed-in request were two round trips (docs/adr/0063).
 *
 * The two budgets share one store (see `storeOptions`) and never share a key: per-address keys
 * are the normalized address, per-user keys start with `user:`. Registered after the database
 * plugin (the PostgreSQL store counts there) and before the auth plugin and the routes.
 */
export const rateLimitPlugin = fp(
  async (app) => {
    const { max, ipMax, windowMs } = app.config.rateLimit;
    if (max === 0) {
      app.decorate('limitAddress', () => Promise.resolve());
      app.decorate('limitSignedInUser', () => Promise.resolve());
      return;
    }
    const store = await storeOptions(app);
    app.log.info({ store: store.kind }, 'request budgets are counted in %s', store.kind);
    await app.register(rateLimit, { ...store.options, global: false });

    const perAddress = app.createRateLimit({
      max: ipMax === 0 ? Number.MAX_SAFE_INTEGER : ipMax,
      timeWindow: windowMs,
    });
    // Keys are prefixed so they never meet the address keys.
    const perUser = app.createRateLimit({
      max,
      timeWindow: windowMs,
      keyGenerator: (request) => `user:${request.principal?.userId ?? request.ip}`,
    });

    // Each request's address hit, sent on arrival, is kept on the request (a decorated property
    // keeps the request's shape; a WeakMap cost more per request) until it is settled once.
    app.decorateRequest('addressBudgetHit', null);
    const counted = (request: FastifyRequest) =>
      ipMax !== 0 && !exempt.has(request.url) && !isStaticAsset(request.method, request.url);
    app.addHook('onRequest', (request, _reply, done) => {
      // Settled (never rejected): it may wait until a later hook asks for it.
      if (counted(request))
        request.addressBudgetHit = perAddress(request).catch((error: unknown) => {
          request.log.error({ err: error }, 'the address budget could not be counted');
          return undefined;
        });
      done();
    });

    /** Waits for the request's address hit (once) and refuses it when over the budget. */
    const limitAddress = async (request: FastifyRequest, reply: FastifyReply) => {
      const hit = request.addressBudgetHit;
      if (!hit) return;
      request.addressBudgetHit = null;
      const limit = await hit;
      if (limit) refuseWhenExceeded(limit, reply);
    };
    app.decorate('limitAddress', limitAddress);
    app.addHook('preParsing', (request, reply, _payload, done) => {
      if (!request.addressBudgetHit) return done();
      return limitAddress(request, reply);
    });

    app.decorate('limitSignedInUser', async (request: FastifyRequest, reply: FastifyReply) => {
      const [, user] = await Promise.all([limitAddress(request, reply), perUser(request)]);
      refuseWhenExceeded(user, reply);
    });
  },
  { name: 'rate-limit', dependencies: ['config', 'database'] },
);

declare module 'fastify' {
  interface FastifyRequest {
    /** The request's address budget hit while it waits to be settled (`limitAddress`). */
    addressBudgetHit: Promise<Limit | undefined> | null;
  }
  interface FastifyInstance {
    /** Settles the request's address budget (counted on arrival); throws 429 once it is used up. */
    limitAddress(request: FastifyRequest, reply: FastifyReply): Promise<void>;
    /** Counts a request against its signed-in user's budget (its address's settled beside it); throws 429 once either is used up. */
    limitSignedInUser(request: FastifyRequest, reply: FastifyReply): Promise<void>;
  }
}
