// Prints the gzipped size of the JavaScript a first visit to /login downloads: the entry chunk and
// its static imports (from Vite's manifest), plus the lazily loaded login page chunk and its static
// imports. Other pages load lazily and are not counted. Builds nothing: run
// `pnpm --filter @ipportal/web build` first, then `pnpm --filter @ipportal/bench exec tsx web-login-size.mjs`.
import { existsSync, readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { gzipSync } from 'node:zlib';
import { printFigures } from './lib/report.js';

const targetKb = 180;
const dist = join(dirname(fileURLToPath(import.meta.url)), '../apps/web/dist');
const manifestPath = join(dist, '.vite/manifest.json');
/** The module of the /login page (its loader is named in apps/web/src/app/route-pages.ts). */
const loginPageModule = 'src/features/auth/login-page.tsx';

/** @typedef {{ file: string, name?: string, src?: string, isEntry?: boolean, imports?: string[], dynamicImports?: string[] }} Chunk */

if (!existsSync(manifestPath)) {
  console.error(`No ${manifestPath}: run \`pnpm --filter @ipportal/web build\` first.`);
  process.exit(1);
}
/** @type {Record<string, Chunk>} */
const manifest = JSON.parse(readFileSync(manifestPath, 'utf8'));

const entryKey = Object.keys(manifest).find((key) => manifest[key]?.isEntry);
if (!entryKey) throw new Error('The manifest has no entry chunk');
if (!manifest[loginPageModule]) throw new Error(`The manifest has no chunk for ${loginPageModule}`);

/**
 * @param {string} key
 * @param {Set<string>} seen
 */
function collect(key, seen) {
  if (seen.has(key)) return;
  const chunk = manifest[key];
  if (!chunk) throw new Error(`Unknown manifest key ${key}`);
  seen.add(key);
  for (const imported of chunk.imports ?? []) collect(imported, seen);
}

const keys = new Set();
collect(entryKey, keys);
collect(loginPageModule, keys);

const files = [...keys]
  .map((key) => manifest[key]?.file ?? '')
  .filter((file) => file.endsWith('.js'))
  .map((file) => {
    const bytes = readFileSync(join(dist, file));
    return { file, raw: bytes.length, gzip: gzipSync(bytes).length };
  })
  .sort((a, b) => b.gzip - a.gzip);

const kb = (/** @type {number} */ bytes) => Math.round((bytes / 1024) * 100) / 100;
const totalGzip = files.reduce((sum, f) => sum + f.gzip, 0);
printFigures('JavaScript loaded by /login (gzip, level 6)', [
  ...files.map((f) => ({ name: f.file, value: kb(f.gzip), unit: 'KB' })),
  {
    name: 'total',
    value: kb(totalGzip),
    unit: 'KB',
    target: { text: `<= ${targetKb} KB`, met: totalGzip <= targetKb * 1024 },
  },
]);
