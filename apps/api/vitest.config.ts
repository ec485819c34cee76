import { configDefaults, defineConfig } from 'vitest/config';

// Workspace packages export TypeScript source under this condition (tsconfig customConditions);
// no `module`: some AWS SDK packages point it at ESM files Node cannot load.
const conditions = ['@ipportal/source', 'node', 'development|production'];

/**
 * Two projects run the same API and database tests: `pglite` (always) and `postgres` (against
 * DATABASE_URL_TEST or the local server; skipped with a printed note when none is reachable).
 * The postgres project takes every test file by pattern, so a new test folder runs on both
 * drivers without anyone listing it; it leaves out only the files that would do the same work
 * twice, each named below with the reason.
 */
const sameOnEveryDriver = [
  // Pure modules (config, i18n, mail rendering, storage drivers): no database.
  'test/unit/**',
  // Real server processes that choose their database themselves: main and crash-mail start
  // src/main.ts on PGlite data directories, two-processes reaches PostgreSQL on its own.
  'test/process/**',
  // The identity service's SRP arithmetic against the client library: no database.
  'test/identity/srp.test.ts',
  // Verification of AWS Cognito tokens with a pre-loaded JWKS: no database.
  'test/identity/cognito-verifier.test.ts',
];

export default defineConfig({
  resolve: { conditions },
  ssr: { resolve: { conditions } },
  test: {
    // Vitest's default (cores - 1) is one worker on a 2-core machine; much of a file's time is
    // waiting on PostgreSQL or a child process, so two workers finish far sooner.
    maxWorkers: 2,
    testTimeout: 30_000,
    hookTimeout: 60_000,
    projects: [
      {
        extends: true,
        test: { name: 'pglite', env: { DB_DRIVER: 'pglite' }, include: ['test/**/*.test.ts'] },
      },
      {
        extends: true,
        test: {
          name: 'postgres',
          env: { DB_DRIVER: 'postgres' },
          include: ['test/**/*.test.ts'],
          exclude: [...configDefaults.exclude, ...sameOnEveryDriver],
          globalSetup: ['test/support/postgres-setup.ts'],
        },
      },
    ],
  },
});
