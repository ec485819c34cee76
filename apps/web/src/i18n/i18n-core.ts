import { locales, productName, productNameKey } from '@ipportal/domain';
import type { DomainMessageTree } from '@ipportal/domain';
import type { InitOptions } from 'i18next';

export function deepMerge(base: DomainMessageTree, extra: DomainMessageTree): DomainMessageTree {
  const merged: DomainMessageTree = { ...base };
  for (const [key, value] of Object.entries(extra)) {
    const existing = merged[key];
    merged[key] =
      typeof value === 'object' && typeof existing === 'object' ? deepMerge(existing, value) : value;
  }
  return merged;
}

function keyTree(dottedKey: string, value: string): DomainMessageTree {
  return dottedKey
    .split('.')
    .reduceRight<string | DomainMessageTree>(
      (inner, part) => ({ [part]: inner }),
      value,
    ) as DomainMessageTree;
}

/** The shell's words of one language (`locales/`) with the product name (the domain's constant). */
export function withProductName(shell: DomainMessageTree): DomainMessageTree {
  return deepMerge(keyTree(productNameKey, productName), shell);
}

/** What a missing key renders as: visible, so it is noticed on screen and in tests. */
export function missingKeyPlaceholder(key: string): string {
  return `⟦${key}⟧`;
}

/**
 * The namespace of the shell's words (`locales/`). Pages add their texts to the default one
 * (`translation`) as they load; a key not found there is looked up here.
 */
export const shellNamespace = 'shell';

/**
 * Options every instance shares, the app's and the tests'. No fallback language: ja and en define
 * the same keys (`scripts/check-locales.mjs`), and a fallback would make an English visitor
 * download the Japanese words too. A missing key logs a warning once and renders a visible
 * placeholder.
 */
export function sharedOptions(onMissingKey?: (key: string) => void): InitOptions {
  const warned = new Set<string>();
  const report =
    onMissingKey ??
    ((key: string) => {
      console.warn(`[i18n] missing translation key: ${key}`);
    });
  return {
    fallbackLng: false,
    supportedLngs: locales,
    ns: ['translation', shellNamespace],
    defaultNS: 'translation',
    fallbackNS: shellNamespace,
    interpolation: { escapeValue: false },
    returnNull: false,
    // A lookup that names its own default (`t(key, { defaultValue })`) expects the key may be
    // missing, and gets that default.
    parseMissingKeyHandler: (key: string, defaultValue?: string) => {
      if (defaultValue !== undefined) return defaultValue;
      if (!warned.has(key)) {
        warned.add(key);
        report(key);
      }
      return missingKeyPlaceholder(key);
    },
  };
}
