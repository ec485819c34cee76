// @ts-check
import { execFileSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import path from 'node:path';

/**
 * The migration of the new table, written by drizzle-kit from the schema exactly as
 * `pnpm --filter @ipportal/api db:generate` writes every other one (the server applies
 * apps/api/drizzle at start-up).
 * @param {string} root
 * @param {string} snakePlural
 */
export function generateMigration(root, snakePlural) {
  const api = path.join(root, 'apps/api');
  execFileSync(
    path.join(api, 'node_modules/.bin/drizzle-kit'),
    ['generate', `--name=create_${snakePlural}`],
    {
      cwd: api,
      // The schema imports @ipportal/domain; its source stands in for a build, as in the API's tests.
      env: {
        ...process.env,
        NODE_OPTIONS: `${process.env.NODE_OPTIONS ?? ''} --conditions=@ipportal/source`.trim(),
      },
      stdio: ['ignore', 'ignore', 'inherit'],
    },
  );
  const journal = /** @type {{ entries: { tag: string }[] }} */ (
    JSON.parse(readFileSync(path.join(api, 'drizzle/meta/_journal.json'), 'utf8'))
  );
  const tag = journal.entries.at(-1)?.tag ?? '';
  if (!tag.endsWith(`_create_${snakePlural}`))
    throw new Error(`drizzle-kit wrote no migration for ${snakePlural}`);
  return `apps/api/drizzle/${tag}.sql`;
}

/**
 * Prettier over every file written or changed, so the result is formatted as `pnpm test` checks it.
 * @param {string} root
 * @param {string[]} files relative to the root
 */
export function formatFiles(root, files) {
  execFileSync(path.join(root, 'node_modules/.bin/prettier'), ['--write', '--log-level=warn', ...files], {
    cwd: root,
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  return `prettier: ${files.length} files`;
}
