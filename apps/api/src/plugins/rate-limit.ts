import rateLimit from '@fastify/rate-limit';
import fp from 'fastify-plugin';
import { HttpError } from '../http/errors.js';
import { serverKey } from '../http/i18n.js';

const exempt = new Set(['/healthz', '/readyz']);

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
      allowList: (request) => exempt.has(request.url),
      errorResponseBuilder: () => new HttpError(429, { key: serverKey('tooManyRequests') }),
    });
    app.addHook('onRequest', app.rateLimit());
  },
  { name: 'rate-limit', dependencies: ['config'] },
);
