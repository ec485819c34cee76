import rateLimit from '@fastify/rate-limit';
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

/**
 * Per-IP request budget (RATE_LIMIT_MAX per RATE_LIMIT_WINDOW_MS; 0 turns it off). Installed as
 * a root onRequest hook so it runs before the namespaces' auth hooks and for unknown URLs too
 * (route-level limits would run after authentication and let anonymous floods through).
 */
export const rateLimitPlugin = fp(
  async (app) => {
    const { max, windowMs } = app.config.rateLimit;
    if (max === 0) return;
    await app.register(rateLimit, {
      global: false,
      max,
      timeWindow: windowMs,
      allowList: (request) => exempt.has(request.url) || isStaticAsset(request.method, request.url),
      errorResponseBuilder: () => new HttpError(429, { key: serverKey('tooManyRequests') }),
    });
    app.addHook('onRequest', app.rateLimit());
  },
  { name: 'rate-limit', dependencies: ['config'] },
);
