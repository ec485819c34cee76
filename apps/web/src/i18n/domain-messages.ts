import type { Locale } from '@ipportal/domain';
import type { i18n as I18n } from 'i18next';
import { use } from 'react';
import { useTranslation } from 'react-i18next';

// Keyed by the instance's resource store: react-i18next (17) hands each component mount its own
// wrapper object around the instance, so a component that suspends here and mounts again would
// otherwise start a new load and suspend for ever.
const loads = new WeakMap<object, Promise<void>>();

/**
 * Adds the domain's messages (code labels, region names, validation and API error texts) to an
 * i18next instance, once. The app's own messages win where both define a key.
 */
export function loadDomainMessages(i18n: I18n): Promise<void> {
  let load = loads.get(i18n.store);
  if (!load) {
    load = import('./domain-resources').then(({ domainResources }) => {
      for (const [locale, tree] of Object.entries(domainResources()) as [Locale, object][]) {
        i18n.addResourceBundle(locale, 'translation', tree, true, false);
      }
    });
    loads.set(i18n.store, load);
  }
  return load;
}

/**
 * Call at the top of a component that translates domain keys (forms with validation messages,
 * API errors, code labels, regions): it suspends until they are loaded.
 */
export function useDomainMessages(): void {
  const { i18n } = useTranslation();
  use(loadDomainMessages(i18n));
}
