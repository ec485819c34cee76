import { createRequire } from 'node:module';
import path from 'node:path';
import react from '@vitejs/plugin-react';
import { defaultClientConditions } from 'vite';
import { defineConfig } from 'vitest/config';
import { precompress } from './scripts/precompress.ts';
import { pureReactRouter } from './scripts/pure-react-router.ts';

/** Paths the API server answers; in development Vite forwards them to it. */
const apiServer = 'http://localhost:3000';
const proxied = ['/config.json', '/user', '/patent', '/identity'];

/**
 * react-router's package exports only its development build (warnings, invariant texts) to
 * bundlers; its production build sits beside it under dist/production. A production build
 * takes that one (docs/adr/0039).
 */
function reactRouterProductionBuild(): string {
  const packageJson = createRequire(import.meta.url).resolve('react-router/package.json');
  return path.join(path.dirname(packageJson), 'dist/production/index.mjs');
}

export default defineConfig(({ mode }) => ({
  // pureReactRouter: lets the build drop the parts of react-router nothing uses (docs/adr/0052).
  // precompress: the API server sends the built files as brotli or gzip without compressing per request.
  plugins: [react(), pureReactRouter(), precompress()],
  resolve: {
    // Workspace packages export their TypeScript source under this condition (docs/adr/0001).
    conditions: ['@ipportal/source', ...defaultClientConditions],
    alias:
      mode === 'production' ? [{ find: /^react-router$/, replacement: reactRouterProductionBuild() }] : [],
  },
  // amazon-cognito-identity-js (under packages/auth) expects Node's `global`.
  define: { global: 'globalThis' },
  server: {
    proxy: {
      ...Object.fromEntries(proxied.map((path) => [path, { target: apiServer, changeOrigin: true }])),
      '/graphql': { target: apiServer, changeOrigin: true, ws: true },
    },
  },
  build: {
    outDir: 'dist',
    // Browsers without `<link rel="modulepreload">` (Safari before 17) still load every chunk, only
    // without the early fetch; the polyfill would ride in /login's first download (docs/adr/0052).
    modulePreload: { polyfill: false },
    manifest: true,
    sourcemap: true,
    rolldownOptions: {
      output: {
        // The app shell in one chunk, and the login form with what it needs beyond the shell in
        // another: spread over several small common chunks they compressed worse (about 6 KB more
        // gzip on a first visit to /login, `bench/web-login-size.mjs`). Pages stay lazy.
        codeSplitting: {
          groups: [
            { name: 'app', tags: ['$initial'] },
            { name: 'login-form', test: /src[\\/]features[\\/]auth[\\/]login-form\.tsx$/ },
            // The pages' icons (one module each, docs/adr/0052) in one chunk, not one chunk apiece.
            { name: 'icons', test: /packages[\\/]ui[\\/]src[\\/]icons[\\/]/ },
          ],
        },
      },
    },
  },
  test: {
    environment: 'jsdom',
    include: ['src/**/*.test.{ts,tsx}', 'test/**/*.test.{ts,tsx}', 'scripts/**/*.test.{ts,mjs}'],
    setupFiles: ['test/setup.ts'],
    restoreMocks: true,
    // CI runs every package's suite side by side on 2 cores: allow for a loaded machine.
    testTimeout: 60_000,
    hookTimeout: 30_000,
  },
}));
