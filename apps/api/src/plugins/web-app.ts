import { existsSync } from 'node:fs';
import path from 'node:path';
import fastifyStatic from '@fastify/static';
import { productName } from '@ipportal/domain';
import type { FastifyReply, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { isApiPath } from '../http/api-paths.js';
import { localeFromAcceptLanguage, serverKey, translate } from '../http/i18n.js';

function wantsPage(request: FastifyRequest): boolean {
  return (
    (request.method === 'GET' || request.method === 'HEAD') &&
    !isApiPath(request.url) &&
    !path.extname(request.url.split('?')[0] ?? '')
  );
}

const notBuiltPage = (dir: string) => `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><title>${productName}: web app not built</title></head>
<body style="font-family: sans-serif; max-width: 40rem; margin: 3rem auto; line-height: 1.6">
<h1>${productName}</h1>
<p>The API server is running, but the web app has not been built: <code>${dir}/index.html</code> does not exist.</p>
<p>Build it with <code>pnpm --filter @ipportal/web build</code> (or run <code>pnpm start</code>, which builds it), then reload.
For development, run <code>pnpm dev</code> and open the Vite dev server.</p>
<p>The API answers meanwhile: <a href="/healthz">/healthz</a>, <a href="/config.json">/config.json</a>, <a href="/openapi.json">/openapi.json</a>.</p>
</body></html>`;

/**
 * Serves the built web app (WEB_DIST_DIR), precompressed where the build compressed it: hashed
 * files under /assets with a year-long immutable cache, everything else revalidated; unknown page
 * paths fall back to index.html (client-side routing). API paths that match no route answer the
 * 404 envelope. Without a build, page paths answer an explanatory 503 instead of crashing.
 */
export const webAppPlugin = fp(
  async (app) => {
    const dir = app.config.webDistDir;
    const indexFile = path.join(dir, 'index.html');
    const built = existsSync(indexFile);
    if (built) {
      await app.register(fastifyStatic, {
        root: dir,
        wildcard: true,
        index: 'index.html',
        serve: true,
        // The build writes a .br and a .gz beside each compressible file: the one the browser
        // accepts is sent (Vary: Accept-Encoding), the file itself to a client accepting neither.
        preCompressed: true,
        setHeaders: (reply, filePath) => {
          const relative = path.relative(dir, filePath).split(path.sep).join('/');
          reply.header(
            'cache-control',
            relative.startsWith('assets/') ? 'public, max-age=31536000, immutable' : 'no-cache',
          );
        },
      });
    } else {
      app.log.warn(`web app not built (${indexFile} missing): page requests answer 503 until it is`);
    }

    app.setNotFoundHandler(async (request: FastifyRequest, reply: FastifyReply) => {
      if (wantsPage(request)) {
        if (built) return reply.header('cache-control', 'no-cache').sendFile('index.html', dir);
        // A build made after start-up is picked up on the next start.
        return reply
          .code(503)
          .type('text/html; charset=utf-8')
          .header('cache-control', 'no-store')
          .send(notBuiltPage(dir));
      }
      const locale = localeFromAcceptLanguage(request.headers['accept-language']);
      return reply
        .code(404)
        .send({ hasError: true, message: translate(locale, { key: serverKey('routeNotFound') }) });
    });
  },
  { name: 'web-app', dependencies: ['config'] },
);
