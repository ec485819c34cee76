import rateLimit from '@fastify/rate-limit';
import type { FastifyReply, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { HttpError } from '../http/errors.js';
import { serverKey } from '../http/i18n.js';

const exempt = new Set(['/healthz', '/readyz']);

/**
 * The web app's hashed build files: one page load fetches dozens of them, and a company's users
 * often share one outgoing IP. Counting them would lock a whole office out after a few page
 * loads; they are static, cached for a year and cheap to serve.
 */
const isStaticAsset = (method: string, url: string) =>
  (method === 'GET' || method === 'HEAD') && url.startsWith('/assets/');

const tooManyRequests = () => new HttpError(429, { key: serverKey('tooManyRequests') });

/**
 * Two request budgets per RATE_LIMIT_WINDOW_MS (RATE_LIMIT_MAX=0 turns both off):
 *
 * - per client IP, RATE_LIMIT_IP_MAX: a root onRequest hook, so it runs before the namespaces'
 *   auth hooks and for unknown URLs and the identity service too (anonymous floods and bad tokens
 *   are counted before any verification work). It is loose on purpose: a patent firm's or a
 *   company's whole office often reaches us through one proxy address;
 * - per signed-in user, RATE_LIMIT_MAX: `app.limitSignedInUser`, called by the auth hook once
 *   the token is verified, so one busy colleague cannot use up the office's address budget and
 *   one user's runaway script is stopped without locking out the people beside them.
 */
export const rateLimitPlugin = fp(
  async (app) => {
    const { max, ipMax, windowMs } = app.config.rateLimit;
    if (max === 0) {
      app.decorate('limitSignedInUser', async () => {});
      return;
    }
    await app.register(rateLimit, {
      global: false,
      max: ipMax === 0 ? Number.MAX_SAFE_INTEGER : ipMax,
      timeWindow: windowMs,
      allowList: (request) =>
        ipMax === 0 || exempt.has(request.url) || isStaticAsset(request.method, request.url),
      errorResponseBuilder: tooManyRequests,
    });
    app.addHook('onRequest', app.rateLimit());

    // createRateLimit, not a second rateLimit() hook: the plugin runs one rateLimit() hook per
    // request and would skip the second. Keys are prefixed so they never meet the IP keys.
    const perUser = app.createRateLimit({
      max,
      timeWindow: windowMs,
      keyGenerator: (request) => `user:${request.principal?.userId ?? request.ip}`,
    });
    app.decorate('limitSignedInUser', async (request: FastifyRequest, reply: FastifyReply) => {
      const limit = await perUser(request);
      if (limit.isAllowed) return;
      if (limit.isExceeded) {
        reply.header('retry-after', String(limit.ttlInSeconds));
        throw tooManyRequests();
      }
    });
  },
  { name: 'rate-limit', dependencies: ['config'] },
);

declare module 'fastify' {
  interface FastifyInstance {
    /** Counts a request against its signed-in user's budget; throws 429 once it is used up. */
    limitSignedInUser(request: FastifyRequest, reply: FastifyReply): Promise<void>;
  }
}
