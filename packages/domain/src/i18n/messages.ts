import type { Locale } from '../codes/codes.js';
import { regionMessages } from '../regions/regions.js';
import { en } from './messages-en.js';
import { ja } from './messages-ja.js';
import type { DomainMessageTree } from './message-tree.js';

export type { DomainMessageTree };

/**
 * Translations of everything the domain names by key: code labels, region names, validation
 * and API error messages. Apps merge these into their i18n resources (e.g. i18next's default
 * namespace) so `t(caseTypes.labelKey(0))` works.
 */
export function domainMessages(locale: Locale): DomainMessageTree {
  const tree = locale === 'ja' ? ja : en;
  return { ...tree, region: regionMessages(locale) };
}

/** Looks up a dotted key in the domain messages; for servers and tests that do not use i18next. */
export function translateDomainKey(
  locale: Locale,
  key: string,
  params: Record<string, string | number> = {},
): string | undefined {
  let node: string | DomainMessageTree | undefined = domainMessages(locale);
  for (const part of key.split('.')) {
    if (typeof node !== 'object') return undefined;
    node = node[part];
  }
  if (typeof node !== 'string') return undefined;
  return node.replace(/\{\{(\w+)\}\}/g, (_, name: string) => String(params[name] ?? `{{${name}}}`));
}
