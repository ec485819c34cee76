// Fails when a translation key exists in one language and not the other, or when the two
// languages use different {{placeholders}} for a key. Part of `lint` (and so of `pnpm test`).
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

/** @typedef {{ [key: string]: string | Messages }} Messages */

/**
 * @param {Messages} tree
 * @param {string} [prefix]
 * @returns {Map<string, string>}
 */
export function flatten(tree, prefix = '') {
  const out = new Map();
  for (const [key, value] of Object.entries(tree)) {
    const path = prefix ? `${prefix}.${key}` : key;
    if (typeof value === 'string') out.set(path, value);
    else if (value && typeof value === 'object') for (const [k, v] of flatten(value, path)) out.set(k, v);
    else out.set(path, String(value));
  }
  return out;
}

/** @param {string} text */
function placeholders(text) {
  return [...text.matchAll(/\{\{\s*(\w+)/g)]
    .map((m) => m[1])
    .sort()
    .join(',');
}

/**
 * @param {Record<string, Messages>} byLocale
 * @returns {string[]} the problems found
 */
export function compareLocales(byLocale) {
  const flat = Object.fromEntries(Object.entries(byLocale).map(([locale, tree]) => [locale, flatten(tree)]));
  const locales = Object.keys(flat);
  const problems = [];
  const allKeys = new Set(locales.flatMap((locale) => [...flat[locale].keys()]));
  for (const key of [...allKeys].sort()) {
    const missing = locales.filter((locale) => !flat[locale].has(key));
    if (missing.length > 0) {
      problems.push(`"${key}" is missing in ${missing.join(', ')}`);
      continue;
    }
    const values = locales.map((locale) => flat[locale].get(key) ?? '');
    if (values.some((value) => value.trim() === '')) problems.push(`"${key}" is empty in some language`);
    const variables = new Set(values.map(placeholders));
    if (variables.size > 1) problems.push(`"${key}" uses different {{placeholders}} across languages`);
  }
  return problems;
}

/** Every ja/en pair of message files: the start-up ones and those loaded with their pages. */
function localePairs(srcDir) {
  const pairs = [
    {
      name: 'src/i18n/locales',
      ja: join(srcDir, 'i18n/locales/ja.json'),
      en: join(srcDir, 'i18n/locales/en.json'),
    },
  ];
  const lazyDir = join(srcDir, 'i18n/lazy');
  if (existsSync(lazyDir)) {
    for (const file of readdirSync(lazyDir).filter((f) => f.endsWith('.ja.json'))) {
      const base = file.slice(0, -'.ja.json'.length);
      pairs.push({
        name: `src/i18n/lazy/${base}`,
        ja: join(lazyDir, file),
        en: join(lazyDir, `${base}.en.json`),
      });
    }
  }
  const featuresDir = join(srcDir, 'features');
  for (const feature of readdirSync(featuresDir)) {
    const dir = join(featuresDir, feature, 'locales');
    if (existsSync(join(dir, 'ja.json'))) {
      pairs.push({
        name: `src/features/${feature}/locales`,
        ja: join(dir, 'ja.json'),
        en: join(dir, 'en.json'),
      });
    }
  }
  return pairs;
}

function main() {
  const srcDir = join(dirname(fileURLToPath(import.meta.url)), '../src');
  let keys = 0;
  for (const pair of localePairs(srcDir)) {
    /** @type {Record<string, Messages>} */
    const byLocale = {};
    for (const locale of /** @type {const} */ (['ja', 'en'])) {
      byLocale[locale] = existsSync(pair[locale]) ? JSON.parse(readFileSync(pair[locale], 'utf8')) : {};
    }
    const problems = compareLocales(byLocale);
    if (problems.length > 0) {
      console.error(`check-locales: ${problems.length} problem(s) in ${pair.name}:`);
      for (const problem of problems) console.error(`  - ${problem}`);
      process.exitCode = 1;
    }
    keys += flatten(byLocale.ja).size;
  }
  if (!process.exitCode) console.log(`check-locales: ja and en have the same ${keys} keys`);
}

if (process.argv[1] && fileURLToPath(import.meta.url) === process.argv[1]) main();
