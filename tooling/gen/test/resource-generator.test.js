// @ts-check
import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import { existsSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import path from 'node:path';
import { after, before, test } from 'node:test';
import { copyWorkspace } from './workspace-copy.js';

/*
 * `pnpm gen resource` in a temporary copy of the workspace (other packages' tests read the real
 * sources meanwhile): the generated resource must typecheck, lint and be formatted as written,
 * its API and client tests must pass, and a second run with the same name must refuse without
 * touching anything. (The web page test needs the jsdom app set-up; the recipe runs it once.)
 */

const answers = ['gen-check', '生成確認', 'generator check', 'gen-checks'];

/** @type {string} */
let copy;

/**
 * Runs a command in the copy; its output is kept for the assertion message.
 * @param {string} folder relative to the copy
 * @param {string} command a binary of that folder's node_modules/.bin, or `node`
 * @param {string[]} args
 */
function run(folder, command, args) {
  const cwd = path.join(copy, folder);
  const binary = command === 'node' ? process.execPath : path.join(cwd, 'node_modules/.bin', command);
  const result = spawnSync(binary, args, { cwd, encoding: 'utf8', maxBuffer: 64 * 1024 * 1024 });
  return { status: result.status, output: `${result.stdout}${result.stderr}${result.error ?? ''}` };
}

/**
 * @param {string} folder
 * @param {string} command
 * @param {string[]} args
 */
function mustPass(folder, command, args) {
  const { status, output } = run(folder, command, args);
  assert.equal(status, 0, `${folder}: ${command} ${args.join(' ')}\n${output}`);
}

/** Files of `folder` (relative to the copy) below `under`, relative to `folder`. */
const filesUnder = (/** @type {string} */ folder, /** @type {string} */ under) =>
  readdirSync(path.join(copy, folder, under), { recursive: true, withFileTypes: true })
    .filter((entry) => entry.isFile())
    .map((entry) => path.relative(path.join(copy, folder), path.join(entry.parentPath, entry.name)));

before(() => {
  copy = copyWorkspace();
});

after(() => {
  if (copy) rmSync(copy, { recursive: true, force: true });
});

test('generates a resource that typechecks, lints and is formatted', () => {
  mustPass('', 'node', ['tooling/gen/src/cli.js', 'resource', ...answers]);

  const migrations = readdirSync(path.join(copy, 'apps/api/drizzle')).filter((name) =>
    name.endsWith('_create_gen_checks.sql'),
  );
  assert.equal(migrations.length, 1, 'one migration creates the table');
  assert.match(
    readFileSync(path.join(copy, 'apps/api/drizzle', migrations[0] ?? ''), 'utf8'),
    /CREATE TABLE "gen_checks"/,
  );

  for (const folder of ['packages/api-client', 'apps/api', 'apps/web']) {
    mustPass(folder, 'tsc', ['-p', 'tsconfig.json', '--noEmit']);
  }

  const generated = {
    'packages/domain': ['src/contracts/gen-check.ts', 'src/contracts/index.ts', 'src/contracts/refusals.ts'],
    'packages/api-client': [
      'src/gen-checks/gen-checks-api.ts',
      'src/gen-checks/index.ts',
      'test/gen-checks-api.test.ts',
    ],
    'apps/api': [
      'src/db/schema/gen-checks.ts',
      ...filesUnder('apps/api', 'src/repositories/gen-checks'),
      'src/routes/user/gen-checks.ts',
      'src/routes/user/index.ts',
      'src/http/messages.ts',
      'test/gen-checks/gen-checks.test.ts',
    ],
    'apps/web': [
      ...filesUnder('apps/web', 'src/features/gen-checks').filter((file) => !file.endsWith('.json')),
      'src/routes/route-table.ts',
      'src/app/route-pages.ts',
    ],
  };
  for (const [folder, files] of Object.entries(generated)) mustPass(folder, 'eslint', files);
  // The web's own check that both languages have the same keys (part of its lint).
  mustPass('apps/web', 'node', ['scripts/check-locales.mjs']);
  const everyFile = Object.entries(generated).flatMap(([folder, files]) =>
    files.map((file) => path.join(folder, file)),
  );
  mustPass('', 'prettier', [
    '--check',
    ...everyFile,
    'apps/web/src/i18n/locales',
    'apps/web/src/features/gen-checks',
  ]);
});

test("the generated API and client tests pass (the API's on PGlite)", () => {
  mustPass('packages/api-client', 'vitest', ['run', 'test/gen-checks-api.test.ts']);
  mustPass('apps/api', 'vitest', ['run', '--project', 'pglite', 'test/gen-checks']);
});

test('a second run with the same name refuses and changes nothing', () => {
  const routeTable = path.join(copy, 'apps/web/src/routes/route-table.ts');
  const before = readFileSync(routeTable, 'utf8');
  const { status, output } = run('', 'node', ['tooling/gen/src/cli.js', 'resource', ...answers]);
  assert.notEqual(status, 0, output);
  assert.match(output, /resource "gen-check" exists already/);
  assert.equal(readFileSync(routeTable, 'utf8'), before);
  assert.equal(
    readdirSync(path.join(copy, 'apps/api/drizzle')).filter((name) => name.includes('gen_checks')).length,
    1,
  );
  assert.ok(existsSync(path.join(copy, 'packages/domain/src/contracts/gen-check.ts')));
});
