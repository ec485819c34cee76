import helmet from '@fastify/helmet';
import fp from 'fastify-plugin';

function origin(url: string | undefined): string[] {
  if (!url) return [];
  try {
    return [new URL(url).origin];
  } catch {
    return [];
  }
}

/**
 * Helmet with a Content-Security-Policy the built web app runs under: its own scripts only,
 * inline styles (styled-components injects <style> tags), API, identity and realtime on the
 * configured origins, images from data:/blob: (previews of uploads).
 */
export const securityHeadersPlugin = fp(
  async (app) => {
    const { identity, realtimeUrl } = app.config;
    const connectSrc = [
      "'self'",
      ...origin(identity.regular.endpoint),
      ...origin(identity.patent.endpoint),
      ...origin(realtimeUrl),
    ];
    await app.register(helmet, {
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
    });
  },
  { name: 'security-headers', dependencies: ['config'] },
);
