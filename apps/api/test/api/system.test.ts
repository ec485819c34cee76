import { mkdir, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { brotliCompressSync, brotliDecompressSync, gunzipSync, gzipSync } from 'node:zlib';
import { projectEndpoints, runtimeConfigSchema, userEndpoints } from '@ipportal/domain';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { buildApp } from '../../src/app.js';
import { testConfig } from '../../src/config.js';
import { createTestContext, type TestContext } from '../support/app.js';
import { skipDriver } from '../support/db.js';
import { urlOf } from '../support/endpoints.js';

describe.skipIf(skipDriver)('system routes, web app serving, headers and the error handler', () => {
  let ctx: TestContext;

  beforeAll(async () => {
    ctx = await createTestContext(
      { CORS_ORIGINS: 'https://portal.example.com', PUBLIC_URL: 'https://portal.example.com/' },
      {
        routes: [
          (app) => {
            app.get('/user/boom', { schema: { hide: true } }, () => {
              throw new Error('secret detail: connection string postgres://u:p@db');
            });
            return Promise.resolve();
          },
        ],
      },
    );
  });
  afterAll(async () => ctx?.close());

  test('GET /healthz and GET /readyz', async () => {
    expect((await ctx.app.inject({ url: '/healthz' })).json()).toEqual({ status: 'ok' });
    expect((await ctx.app.inject({ url: '/readyz' })).json()).toEqual({ status: 'ok' });
  });

  test('GET /config.json: the runtime settings, absolute with PUBLIC_URL', async () => {
    const response = await ctx.app.inject({ url: '/config.json' });
    expect(response.statusCode).toBe(200);
    expect(runtimeConfigSchema.parse(response.json())).toEqual({
      productName: 'IP Portal',
      apiBase: { user: 'https://portal.example.com/user', patent: 'https://portal.example.com/patent' },
      identity: {
        regular: {
          userPoolId: 'ap-northeast-1_LocalRegular',
          clientId: 'local-regular-client',
          endpoint: 'https://portal.example.com/identity/regular',
        },
        patent: {
          userPoolId: 'ap-northeast-1_LocalPatent',
          clientId: 'local-patent-client',
          endpoint: 'https://portal.example.com/identity/patent',
        },
      },
      realtimeUrl: 'wss://portal.example.com/graphql/realtime',
    });
  });

  test('GET /openapi.json documents the routes from the domain schemas', async () => {
    const doc = (await ctx.app.inject({ url: '/openapi.json' })).json<{
      paths: Record<string, Record<string, unknown>>;
      components: { schemas: Record<string, unknown> };
    }>();
    // The paths are written out: this test pins what the OpenAPI document publishes (the other
    // literal /user paths of this file are a test route and paths no endpoint has).
    expect(Object.keys(doc.paths)).toEqual(
      expect.arrayContaining([
        '/user/user',
        '/patent/user',
        '/user/projects',
        '/user/projects/{projectId}',
        '/healthz',
        '/readyz',
        '/config.json',
      ]),
    );
    expect(Object.keys(doc.paths['/user/projects']!)).toEqual(expect.arrayContaining(['get', 'post']));
    expect(Object.keys(doc.paths['/user/projects/{projectId}']!)).toEqual(
      expect.arrayContaining(['patch', 'delete']),
    );
    expect(doc.components.schemas).toHaveProperty('Project');
    expect(doc.paths['/user/boom']).toBeUndefined();
    const docs = await ctx.app.inject({ url: '/docs' });
    expect(docs.statusCode).toBe(200);
    expect(docs.headers['content-security-policy']).not.toContain('upgrade-insecure-requests');
  });

  test('a 5xx answers only "Internal Server Error"', async () => {
    const token = ctx.identity.token('REGULAR', { email: 'boom@example.com' });
    const response = await ctx.app.inject({
      url: '/user/boom',
      headers: { authorization: `Bearer ${token}` },
    });
    expect(response.statusCode).toBe(500);
    expect(response.json()).toEqual({ hasError: true, message: 'Internal Server Error' });
    expect(response.body).not.toContain('secret');
  });

  test('unknown API routes answer the 404 envelope; page paths answer an explanatory 503 without a build', async () => {
    const api = await ctx.app.inject({ url: '/user/unknown', headers: { 'accept-language': 'en' } });
    expect(api.statusCode).toBe(404);
    expect(api.json()).toEqual({ hasError: true, message: 'There is no API at this URL' });
    expect((await ctx.app.inject({ method: 'POST', url: '/nowhere' })).statusCode).toBe(404);
    const page = await ctx.app.inject({ url: '/projects' });
    expect(page.statusCode).toBe(503);
    expect(page.headers['content-type']).toContain('text/html');
    expect(page.body).toContain('web app has not been built');
  });

  test('security headers, CSP and the request id', async () => {
    const response = await ctx.app.inject({ url: '/healthz', headers: { 'x-request-id': 'trace-123' } });
    expect(response.headers['content-security-policy']).toContain("script-src 'self'");
    expect(response.headers['content-security-policy']).toContain("frame-ancestors 'none'");
    expect(response.headers['x-content-type-options']).toBe('nosniff');
    expect(response.headers['x-request-id']).toBe('trace-123');
    const generated = await ctx.app.inject({
      url: '/healthz',
      headers: { 'x-request-id': 'bad id with spaces' },
    });
    expect(generated.headers['x-request-id']).toMatch(/^[0-9a-f-]{36}$/);
  });

  test('JSON answers carry the API security headers: never cached, framed or sniffed, no page policy', async () => {
    const response = await ctx.app.inject({ url: '/user/projects' });
    expect(response.statusCode).toBe(401);
    expect(response.headers['content-security-policy']).toBe("default-src 'none';frame-ancestors 'none'");
    expect(response.headers['x-frame-options']).toBe('DENY');
    expect(response.headers['x-content-type-options']).toBe('nosniff');
    expect(response.headers['cache-control']).toBe('no-store');
    expect(response.headers['referrer-policy']).toBe('no-referrer');
    expect(response.headers['cross-origin-resource-policy']).toBe('same-site');
    expect(response.headers).not.toHaveProperty('x-dns-prefetch-control');
  });

  test('CORS answers the configured origin only', async () => {
    const preflight = (origin: string) =>
      ctx.app.inject({
        method: 'OPTIONS',
        url: urlOf(projectEndpoints.createProject),
        headers: {
          origin,
          'access-control-request-method': 'POST',
          'access-control-request-headers': 'authorization,content-type',
        },
      });
    const allowed = await preflight('https://portal.example.com');
    expect(allowed.headers['access-control-allow-origin']).toBe('https://portal.example.com');
    expect(String(allowed.headers['access-control-allow-headers'])).toContain('Authorization');
    // Every method the API uses (PUT: matter assignees, trademark image).
    expect(String(allowed.headers['access-control-allow-methods']).split(/,\s*/)).toEqual(
      expect.arrayContaining(['GET', 'POST', 'PUT', 'PATCH', 'DELETE']),
    );
    const other = await preflight('https://evil.example.com');
    expect(other.headers['access-control-allow-origin']).toBeUndefined();
  });
});

describe.skipIf(skipDriver)(
  'serving a built web app, rate limiting, production mode and an unconfigured identity service',
  () => {
    let ctx: TestContext;
    let webDir: string;

    beforeAll(async () => {
      ctx = await createTestContext({ RATE_LIMIT_MAX: '0' });
      webDir = path.join(ctx.dataDir, 'web-dist');
      await mkdir(path.join(webDir, 'assets'), { recursive: true });
      await writeFile(
        path.join(webDir, 'index.html'),
        '<!doctype html><title>IP Portal</title><div id="root"></div>',
      );
      await writeFile(path.join(webDir, 'assets', 'index-3f2a1b.js'), 'console.log(1)');
      await writeFile(path.join(webDir, 'favicon.svg'), '<svg xmlns="http://www.w3.org/2000/svg"/>');
      // A script as the web build writes it: beside each compressible file, its brotli and gzip forms.
      await writeFile(path.join(webDir, 'assets', 'main-9c8d7e.js'), mainScript);
      await writeFile(path.join(webDir, 'assets', 'main-9c8d7e.js.br'), brotliCompressSync(mainScript));
      await writeFile(path.join(webDir, 'assets', 'main-9c8d7e.js.gz'), gzipSync(mainScript));
    });
    const mainScript = Buffer.from(
      Array.from({ length: 200 }, (_, i) => `export const value${i} = ${i};`).join('\n'),
    );
    afterAll(async () => ctx?.close());

    const withApp = async (
      env: Record<string, string>,
      run: (app: Awaited<ReturnType<typeof buildApp>>) => Promise<void>,
      { identity = true } = {},
    ) => {
      const config = testConfig({
        DATA_DIR: ctx.dataDir,
        WEB_DIST_DIR: webDir,
        ...env,
        ...(ctx.config.database.driver === 'postgres' ? { DATABASE_URL: ctx.config.database.url } : {}),
      });
      const app = await buildApp(config, {
        database: ctx.database,
        verifier: identity ? ctx.identity.verifier : undefined,
        logger: false,
      });
      try {
        await app.ready();
        await run(app);
      } finally {
        await app.close();
      }
    };

    test('hashed assets are cached for a year, other files revalidate, page paths fall back to index.html', async () => {
      await withApp({ RATE_LIMIT_MAX: '0' }, async (app) => {
        const asset = await app.inject({ url: '/assets/index-3f2a1b.js' });
        expect(asset.statusCode).toBe(200);
        expect(asset.headers['cache-control']).toBe('public, max-age=31536000, immutable');
        const icon = await app.inject({ url: '/favicon.svg' });
        expect(icon.headers['cache-control']).toBe('no-cache');
        for (const url of ['/', '/projects', '/requests/1/2/mails?x=1']) {
          const page = await app.inject({ url });
          expect(page.statusCode, url).toBe(200);
          expect(page.body).toContain('<div id="root">');
          expect(page.headers['cache-control']).toBe('no-cache');
        }
        expect((await app.inject({ url: '/assets/missing.js' })).statusCode).toBe(404);
        expect((await app.inject({ url: '/user/missing' })).json()).toMatchObject({ hasError: true });
      });
    });

    test('built files go out precompressed: brotli or gzip as the browser accepts, the file itself otherwise', async () => {
      await withApp({ RATE_LIMIT_MAX: '0' }, async (app) => {
        const get = (acceptEncoding?: string) =>
          app.inject({
            url: '/assets/main-9c8d7e.js',
            headers: acceptEncoding === undefined ? {} : { 'accept-encoding': acceptEncoding },
          });
        const br = await get('gzip, deflate, br');
        expect(br.statusCode).toBe(200);
        expect(br.headers['content-encoding']).toBe('br');
        expect(br.headers['content-type']).toContain('javascript');
        expect(String(br.headers.vary).toLowerCase()).toContain('accept-encoding');
        expect(br.headers['cache-control']).toBe('public, max-age=31536000, immutable');
        expect(Number(br.headers['content-length'])).toBeLessThan(mainScript.length / 2);
        expect(brotliDecompressSync(br.rawPayload).equals(mainScript)).toBe(true);

        const gzip = await get('gzip');
        expect(gzip.headers['content-encoding']).toBe('gzip');
        expect(gunzipSync(gzip.rawPayload).equals(mainScript)).toBe(true);
        expect(gzip.headers['cache-control']).toBe('public, max-age=31536000, immutable');

        for (const acceptEncoding of [undefined, 'identity']) {
          const plain = await get(acceptEncoding);
          expect(plain.headers['content-encoding'], acceptEncoding).toBeUndefined();
          expect(plain.rawPayload.equals(mainScript)).toBe(true);
        }
      });
    });

    test('API answers over 1 KB are compressed when the client accepts it; small ones are not', async () => {
      await withApp({ RATE_LIMIT_MAX: '0' }, async (app) => {
        const plain = await app.inject({ url: '/openapi.json' });
        expect(plain.headers['content-encoding']).toBeUndefined();
        expect(plain.rawPayload.length).toBeGreaterThan(1024);
        const document = plain.json<unknown>();

        const br = await app.inject({ url: '/openapi.json', headers: { 'accept-encoding': 'gzip, br' } });
        expect(br.statusCode).toBe(200);
        expect(br.headers['content-encoding']).toBe('br');
        expect(String(br.headers.vary).toLowerCase()).toContain('accept-encoding');
        expect(br.rawPayload.length).toBeLessThan(plain.rawPayload.length / 2);
        expect(JSON.parse(brotliDecompressSync(br.rawPayload).toString())).toEqual(document);

        const gzip = await app.inject({ url: '/openapi.json', headers: { 'accept-encoding': 'gzip' } });
        expect(gzip.headers['content-encoding']).toBe('gzip');
        expect(JSON.parse(gunzipSync(gzip.rawPayload).toString())).toEqual(document);

        const small = await app.inject({ url: '/healthz', headers: { 'accept-encoding': 'gzip, br' } });
        expect(small.headers['content-encoding']).toBeUndefined();
        expect(small.json()).toEqual({ status: 'ok' });
      });
    });

    test('each signed-in user has a budget of their own, so colleagues behind one address are not locked out', async () => {
      await withApp({ RATE_LIMIT_MAX: '2', RATE_LIMIT_IP_MAX: '100' }, async (app) => {
        const tokens = new Map<string, string>();
        const as = (email: string) => {
          if (!tokens.has(email)) tokens.set(email, ctx.identity.token('REGULAR', { email }));
          return {
            url: urlOf(userEndpoints.getUser, { namespace: 'user' }),
            headers: { authorization: `Bearer ${tokens.get(email)}`, 'accept-language': 'en' },
          };
        };
        for (let i = 0; i < 2; i++) expect((await app.inject(as('busy@example.com'))).statusCode).toBe(200);
        const limited = await app.inject(as('busy@example.com'));
        expect(limited.statusCode).toBe(429);
        expect(limited.json()).toEqual({
          hasError: true,
          message: 'Too many requests; try again in a moment',
        });
        expect(Number(limited.headers['retry-after'])).toBeGreaterThan(0);
        // The colleague at the next desk (same address) is not affected.
        expect((await app.inject(as('colleague@example.com'))).statusCode).toBe(200);
      });
    });

    test('the per-address limit answers 429 with the envelope, before any token is looked at', async () => {
      await withApp({ RATE_LIMIT_MAX: '1000', RATE_LIMIT_IP_MAX: '2' }, async (app) => {
        // An address of its own: on PostgreSQL the counts of the earlier tests' apps live on in
        // the shared counters table (as they would for the next process of a deployment).
        const remoteAddress = '192.0.2.10';
        const url = urlOf(userEndpoints.getUser, { namespace: 'user' });
        for (let i = 0; i < 2; i++) expect((await app.inject({ url, remoteAddress })).statusCode).toBe(401);
        const limited = await app.inject({
          url,
          remoteAddress,
          headers: { 'accept-language': 'en' },
        });
        expect(limited.statusCode).toBe(429);
        expect(limited.json()).toEqual({
          hasError: true,
          message: 'Too many requests; try again in a moment',
        });
        expect((await app.inject({ url: '/healthz', remoteAddress })).statusCode).toBe(200);
        // The web app's build files are not counted: a page load fetches dozens of them.
        for (let i = 0; i < 5; i++) {
          expect((await app.inject({ url: '/assets/index-3f2a1b.js', remoteAddress })).statusCode).toBe(200);
        }
      });
    });

    test('no API docs page in production', async () => {
      // Production requires the key that encrypts the embedded identity service's private keys.
      const production = { NODE_ENV: 'production', IDENTITY_KEY_ENCRYPTION_KEY: 'ab'.repeat(32) };
      await withApp({ ...production, RATE_LIMIT_MAX: '0' }, async (app) => {
        expect((await app.inject({ url: '/docs' })).statusCode).toBe(404);
        expect((await app.inject({ url: '/openapi.json' })).statusCode).toBe(200);
      });
    });

    test('without an identity service every token is refused with a clear 401', async () => {
      await withApp(
        { RATE_LIMIT_MAX: '0' },
        async (app) => {
          const token = ctx.identity.token('REGULAR', { email: 'x@example.com' });
          const response = await app.inject({
            url: urlOf(userEndpoints.getUser, { namespace: 'user' }),
            headers: { authorization: `Bearer ${token}`, 'accept-language': 'en' },
          });
          expect(response.statusCode).toBe(401);
          expect(response.json()).toEqual({
            hasError: true,
            message: 'Not logged in\nThe identity service is not configured',
          });
        },
        { identity: false },
      );
    });

    test('GET /readyz answers 503 when the database is unreachable', async () => {
      // The database handle of this file, with its ping failing as an unreachable server's would.
      const unreachable = { ...ctx.database, ping: () => Promise.reject(new Error('connect ECONNREFUSED')) };
      const config = testConfig({
        DATA_DIR: ctx.dataDir,
        ...(ctx.config.database.driver === 'postgres' ? { DATABASE_URL: ctx.config.database.url } : {}),
      });
      const app = await buildApp(config, { database: unreachable, logger: false });
      await app.ready();
      const response = await app.inject({ url: '/readyz' });
      expect(response.statusCode).toBe(503);
      expect(response.json()).toEqual({ status: 'unavailable' });
      expect((await app.inject({ url: '/healthz' })).statusCode).toBe(200);
      await app.close();
    });
  },
);
