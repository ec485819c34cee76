// Prints the gzipped size of the JavaScript a first visit to /login downloads: the entry chunk and
// its static imports (from Vite's manifest), the lazily loaded login page chunk and its static
// imports, and the shell's words of the default language (loaded before the first render). Other
// pages load lazily and are not counted. The files are chosen by apps/web/scripts/login-budget.mjs,
// which the web package's tests also run against their budget. Builds nothing: run
// `pnpm --filter @ipportal/web build` first, then `pnpm --filter @ipportal/bench exec tsx web-login-size.mjs`.
import { existsSync } from 'node:fs';
import { loadavg } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { loginFiles } from '../apps/web/scripts/login-budget.mjs';
import { printFigures } from './lib/report.js';

const targetKb = 150;
const dist = join(dirname(fileURLToPath(import.meta.url)), '../apps/web/dist');

if (!existsSync(join(dist, '.vite/manifest.json'))) {
  console.error(`No build in ${dist}: run \`pnpm --filter @ipportal/web build\` first.`);
  process.exit(1);
}

const files = loginFiles(dist);
const kb = (/** @type {number} */ bytes) => Math.round((bytes / 1024) * 100) / 100;
const totalGzip = files.reduce((sum, f) => sum + f.gzip, 0);
printFigures(
  `JavaScript loaded by /login (gzip, level 6; load average ${loadavg()
    .map((l) => l.toFixed(2))
    .join(' ')})`,
  [
    ...files.map((f) => ({ name: f.file, value: kb(f.gzip), unit: 'KB' })),
    {
      name: 'total',
      value: kb(totalGzip),
      unit: 'KB',
      target: { text: `<= ${targetKb} KB`, met: totalGzip <= targetKb * 1024 },
    },
  ],
);
