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

/**
 * The trees translateDomainKey reads, built once per locale: building one joins every region's
 * name, which cost more than the lookup itself when a server names thousands of deadlines (a
 * calendar feed, a day's reminders). Never handed out, so nobody can change them.
 */
const lookupTrees = new Map<Locale, DomainMessageTree>();

/** Looks up a dotted key in the domain messages; for servers and tests that do not use i18next. */
export function translateDomainKey(
  locale: Locale,
  key: string,
  params: Record<string, string | number> = {},
): string | undefined {
  let tree = lookupTrees.get(locale);
  if (!tree) lookupTrees.set(locale, (tree = domainMessages(locale)));
  let node: string | DomainMessageTree | undefined = tree;
  for (const part of key.split('.')) {
    if (typeof node !== 'object') return undefined;
    node = node[part];
  }
  if (typeof node !== 'string') return undefined;
  return node.replace(/\{\{(\w+)\}\}/g, (_, name: string) => String(params[name] ?? `{{${name}}}`));
}
