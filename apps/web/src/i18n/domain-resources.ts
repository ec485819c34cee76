import { domainMessages, locales } from '@ipportal/domain';
import type { DomainMessageTree, Locale } from '@ipportal/domain';

// Loaded on demand (see domain-messages.ts): with the region names of both languages it is about
// 17 KB gzipped, and the shell and most pages do not need it.
export function domainResources(): Record<Locale, DomainMessageTree> {
  return Object.fromEntries(locales.map((locale) => [locale, domainMessages(locale)])) as Record<
    Locale,
    DomainMessageTree
  >;
}
