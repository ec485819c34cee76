import { defineConfig } from 'drizzle-kit';

// Generation only (`pnpm db:generate`): the server applies ./drizzle itself at start-up on PGlite or PostgreSQL.
export default defineConfig({
  dialect: 'postgresql',
  schema: './src/db/schema/index.ts',
  out: './drizzle',
  casing: undefined,
  strict: true,
});
