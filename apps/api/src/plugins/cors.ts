import cors from '@fastify/cors';
import fp from 'fastify-plugin';

/** CORS for the configured origins only (none by default: the web app is served same-origin). */
export const corsPlugin = fp(
  async (app) => {
    const allowed = new Set(app.config.corsOrigins);
    await app.register(cors, {
      origin:
        allowed.size === 0
          ? false
          : (requestOrigin, cb) => cb(null, requestOrigin !== undefined && allowed.has(requestOrigin)),
      methods: ['GET', 'POST', 'PUT', 'PATCH', 'DELETE', 'OPTIONS'],
      // The identity endpoint speaks the Cognito protocol, whose client sends X-Amz-* headers.
      allowedHeaders: [
        'Authorization',
        'Content-Type',
        'Accept-Language',
        'X-Request-Id',
        // Creating POSTs: a retry with the same key answers the first result (src/idempotency).
        'Idempotency-Key',
        'X-Amz-Target',
        'X-Amz-User-Agent',
        'Cache-Control',
      ],
      exposedHeaders: ['X-Request-Id', 'Idempotent-Replayed'],
      maxAge: 600,
    });
  },
  { name: 'cors', dependencies: ['config'] },
);
