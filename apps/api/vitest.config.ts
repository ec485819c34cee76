import { defineConfig } from 'vitest/config';

// Workspace packages export TypeScript source under this condition (tsconfig customConditions);
// no `module`: some AWS SDK packages point it at ESM files Node cannot load.
const conditions = ['@ipportal/source', 'node', 'development|production'];

/**
 * Two projects run the same API and database tests: `pglite` (always) and `postgres` (against
 * DATABASE_URL_TEST or the local server; skipped with a printed note when none is reachable).
 * Unit tests of pure modules run once, in the pglite project.
 */
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
          include: [
            'test/api/**/*.test.ts',
            'test/db/**/*.test.ts',
            'test/projects/**/*.test.ts',
            'test/organizations/**/*.test.ts',
            'test/requests/**/*.test.ts',
            'test/platform/**/*.test.ts',
          ],
          globalSetup: ['test/support/postgres-setup.ts'],
        },
      },
    ],
  },
});
