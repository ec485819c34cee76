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
 * The paths that answer JSON to the web app (the two namespaces and the identity service), never
 * a page: they get `apiHeaders`, every other path (pages, the OpenAPI page, health) `pageHeaders`.
 */
const jsonApiPrefixes = ['/user/', '/patent/', '/identity/'];

const isJsonApi = (url: string) => jsonApiPrefixes.some((prefix) => url.startsWith(prefix));

/**
 * Security headers on every answer (helmet's, worked out once):
 *
 * - pages: a Content-Security-Policy the built web app runs under (its own scripts only, inline
 *   styles as styled-components injects <style> tags, API, identity and realtime on the
 *   configured origins, images from data:/blob: for previews of uploads) and helmet's other
 *   headers for documents;
 * - JSON answers: what OWASP's REST Security Cheat Sheet asks of every API response (no caching
 *   of what they hold, never framed, never sniffed as something else, HTTPS in production). The
 *   headers that only steer a document (script and style sources, cross-origin opener, DNS
 *   prefetch, download options, the XSS auditor) do nothing for JSON and were a fifth of what
 *   the server wrote on each of the web app's calls (docs/adr/0063).
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
    const pageHeaders = headersOf(
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
    const apiHeaders: [string, string][] = [
      ...headersOf(
        helmet({
          contentSecurityPolicy: {
            useDefaults: false,
            directives: { defaultSrc: ["'none'"], frameAncestors: ["'none'"] },
          },
          crossOriginOpenerPolicy: false,
          crossOriginResourcePolicy: { policy: 'same-site' },
          originAgentCluster: false,
          referrerPolicy: { policy: 'no-referrer' },
          strictTransportSecurity: app.config.isProduction,
          xContentTypeOptions: true,
          xDnsPrefetchControl: false,
          xDownloadOptions: false,
          xFrameOptions: { action: 'deny' },
          xPermittedCrossDomainPolicies: false,
          xXssProtection: false,
        }),
      ),
      // Routes that may be kept (the identity service's keys) set their own.
      ['Cache-Control', 'no-store'],
    ];
    app.addHook('onRequest', (request, reply, next) => {
      for (const [name, value] of isJsonApi(request.url) ? apiHeaders : pageHeaders)
        reply.raw.setHeader(name, value);
      next();
    });
    done();
  },
  { name: 'security-headers', dependencies: ['config'] },
);
