import rateLimit from '@fastify/rate-limit';
import fp from 'fastify-plugin';
import { HttpError } from '../http/errors.js';
import { serverKey } from '../http/i18n.js';

/** Per-IP request budget (RATE_LIMIT_MAX per RATE_LIMIT_WINDOW_MS; 0 turns it off). */
export const rateLimitPlugin = fp(
  async (app) => {
    const { max, windowMs } = app.config.rateLimit;
    if (max === 0) return;
    await app.register(rateLimit, {
      global: true,
      max,
      timeWindow: windowMs,
      allowList: (request) => request.url === '/healthz' || request.url === '/readyz',
      errorResponseBuilder: () => new HttpError(429, { key: serverKey('tooManyRequests') }),
    });
  },
  { name: 'rate-limit', dependencies: ['config'] },
);
