// Fails when a translation key exists in one language and not the other, or when the two
// languages use different {{placeholders}} for a key. Part of `lint` (and so of `pnpm test`).
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { dirname, join, relative, sep } from 'node:path';
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

/**
 * Every ja/en pair of message files: each `locales` folder under src with a ja.json or en.json: the
 * start-up texts (src/i18n/locales) and those loaded with their pages (each feature's
 * `locales`, also in sub-folders such as features/requests/detail, and src/shared/forms).
 */
function localePairs(srcDir) {
  const pairs = [];
  for (const entry of readdirSync(srcDir, { recursive: true, withFileTypes: true })) {
    if (!entry.isDirectory() || entry.name !== 'locales') continue;
    const dir = join(entry.parentPath, entry.name);
    if (!existsSync(join(dir, 'ja.json')) && !existsSync(join(dir, 'en.json'))) continue;
    pairs.push({
      name: relative(join(srcDir, '..'), dir).split(sep).join('/'),
      ja: join(dir, 'ja.json'),
      en: join(dir, 'en.json'),
    });
  }
  return pairs.sort((a, b) => a.name.localeCompare(b.name));
}

function main() {
  const srcDir = join(dirname(fileURLToPath(import.meta.url)), '../src');
  let keys = 0;
  const pairs = localePairs(srcDir);
  for (const pair of pairs) {
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
  if (!process.exitCode) {
    console.log(`check-locales: ja and en have the same ${keys} keys in ${pairs.length} locales folders`);
  }
}

if (process.argv[1] && fileURLToPath(import.meta.url) === process.argv[1]) main();
