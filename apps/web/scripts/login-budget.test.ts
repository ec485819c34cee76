import { execFileSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
// @ts-expect-error -- a plain .mjs script without types (run by the package's tests after the build)
import { loginFiles, loginPageModule, shellWordsModule } from './login-budget.mjs';

type LoginFiles = (dist: string) => { file: string; raw: number; gzip: number }[];

/** A built app's folder with a manifest: the entry imports a shared chunk; a page is not loaded. */
function fakeDist(): string {
  const dist = mkdtempSync(join(tmpdir(), 'login-budget-'));
  mkdirSync(join(dist, '.vite'));
  mkdirSync(join(dist, 'assets'));
  const manifest = {
    'src/main.tsx': { file: 'assets/index.js', isEntry: true, imports: ['_shared.js'] },
    '_shared.js': { file: 'assets/shared.js' },
    [loginPageModule as string]: { file: 'assets/login-page.js', imports: ['_shared.js'] },
    [shellWordsModule as string]: { file: 'assets/ja.js' },
    'src/features/projects/projects-page.tsx': { file: 'assets/projects-page.js' },
  };
  writeFileSync(join(dist, '.vite/manifest.json'), JSON.stringify(manifest));
  for (const file of ['index', 'shared', 'login-page', 'ja', 'projects-page']) {
    writeFileSync(join(dist, `assets/${file}.js`), `export const ${file.replace('-', '')} = 1;`);
  }
  return dist;
}

describe('the /login budget', () => {
  it('counts the entry, the login page, the shell words and their imports, once each', () => {
    const files = (loginFiles as LoginFiles)(fakeDist())
      .map((f) => f.file)
      .sort();
    expect(files).toEqual(['assets/index.js', 'assets/ja.js', 'assets/login-page.js', 'assets/shared.js']);
  });

  it('passes within the budget and fails past it', () => {
    const check = join(import.meta.dirname, 'check-login-budget.mjs');
    const dist = fakeDist();
    const run = (budgetKb: string) =>
      execFileSync(process.execPath, [check, dist], {
        encoding: 'utf8',
        stdio: 'pipe',
        env: { ...process.env, LOGIN_BUDGET_KB: budgetKb },
      });
    expect(run('1')).toMatch(/within it/);
    expect(() => run('0.01')).toThrow(/OVER BUDGET/);
  });
});
