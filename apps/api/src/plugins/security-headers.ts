import type { IncomingMessage, ServerResponse } from 'node:http';
import fp from 'fastify-plugin';
import helmet from 'helmet';

function origin(url: string | undefined): string[] {
  if (!url) return [];
  try {
    return [new URL(url).origin];
  } catch {
    return [];
  }
}

/**
 * The headers a helmet middleware sets: they depend on its options only (no nonces), so they are
 * worked out once; @fastify/helmet built the middleware again on every request, parsing the
 * Content-Security-Policy each time.
 */
function headersOf(middleware: ReturnType<typeof helmet>): [string, string][] {
  const headers = new Map<string, string>();
  const recorder = {
    setHeader: (name: string, value: unknown) => headers.set(name, String(value)),
    removeHeader: (name: string) => headers.delete(name),
  };
  middleware({} as IncomingMessage, recorder as unknown as ServerResponse, (error?: unknown) => {
    // helmet 8 throws its errors itself; the callback's argument is there for older callers.
    if (error instanceof Error) throw error;
  });
  return [...headers];
}

/**
 * Helmet's headers on every answer, with a Content-Security-Policy the built web app runs under: its own scripts only,
 * inline styles (styled-components injects <style> tags), API, identity and realtime on the
 * configured origins, images from data:/blob: (previews of uploads).
 */
export const securityHeadersPlugin = fp(
  (app, _options, done) => {
    const { identity, realtimeUrl } = app.config;
    const connectSrc = [
      "'self'",
      ...origin(identity.regular.endpoint),
      ...origin(identity.patent.endpoint),
      ...origin(realtimeUrl),
    ];
    const headers = headersOf(
      helmet({
        contentSecurityPolicy: {
          useDefaults: false,
          directives: {
            defaultSrc: ["'self'"],
            baseUri: ["'self'"],
            scriptSrc: ["'self'"],
            styleSrc: ["'self'", "'unsafe-inline'"],
            imgSrc: ["'self'", 'data:', 'blob:'],
            fontSrc: ["'self'", 'data:'],
            connectSrc: [...new Set(connectSrc)],
            objectSrc: ["'none'"],
            frameAncestors: ["'none'"],
            formAction: ["'self'"],
            ...(app.config.isProduction ? { upgradeInsecureRequests: [] } : {}),
          },
        },
        // The API is called cross-origin only from the configured CORS origins; keep the default same-origin policy for pages.
        crossOriginResourcePolicy: { policy: 'same-site' },
        strictTransportSecurity: app.config.isProduction,
      }),
    );
    app.addHook('onRequest', (_request, reply, next) => {
      for (const [name, value] of headers) reply.raw.setHeader(name, value);
      next();
    });
    done();
  },
  { name: 'security-headers', dependencies: ['config'] },
);
