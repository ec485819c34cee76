// The JavaScript a first visit to /login downloads, read from a production build: the entry chunk
// and its static imports (Vite's manifest), the /login page's chunk and its static imports, and the
// shell's words of the default language (ja), which the entry loads before the first render
// (src/i18n/start-i18n.ts). Other pages load lazily and are not counted. `check-login-budget.mjs`
// fails the web package's tests when the total passes the budget; bench/web-login-size.mjs prints it.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { gzipSync } from 'node:zlib';

/**
 * The budget in KB of gzip (level 6): the target. The build measured 149.88 KB on 2026-11-29
 * (docs/adr/0039, 0052).
 */
export const loginBudgetKb = 150;

/** The module of the /login page (its loader is in src/app/public-pages.ts). */
export const loginPageModule = 'src/features/auth/login-page.tsx';
/** The shell's words of the default language, loaded before the first render. */
export const shellWordsModule = 'src/i18n/locales/ja.json';

/**
 * @param {string} dist the built app's folder
 * @returns {{ file: string, raw: number, gzip: number }[]} largest first
 */
export function loginFiles(dist) {
  /** @type {Record<string, { file: string, isEntry?: boolean, imports?: string[] }>} */
  const manifest = JSON.parse(readFileSync(join(dist, '.vite/manifest.json'), 'utf8'));
  const entryKey = Object.keys(manifest).find((key) => manifest[key]?.isEntry);
  if (!entryKey) throw new Error('The manifest has no entry chunk');
  const keys = new Set();
  /** @param {string} key */
  const collect = (key) => {
    if (keys.has(key)) return;
    const chunk = manifest[key];
    if (!chunk) throw new Error(`The manifest has no chunk for ${key}`);
    keys.add(key);
    for (const imported of chunk.imports ?? []) collect(imported);
  };
  collect(entryKey);
  collect(loginPageModule);
  collect(shellWordsModule);
  return [...keys]
    .map((key) => manifest[key]?.file ?? '')
    .filter((file) => file.endsWith('.js'))
    .map((file) => {
      const bytes = readFileSync(join(dist, file));
      return { file, raw: bytes.length, gzip: gzipSync(bytes, { level: 6 }).length };
    })
    .sort((a, b) => b.gzip - a.gzip);
}
