import type { DomainMessageTree, Locale } from '@ipportal/domain';
import type { i18n as I18n } from 'i18next';
import { use } from 'react';
import { useTranslation } from 'react-i18next';
import { loadDomainMessages } from '../i18n/domain-messages';

/** Texts only some pages need (ja and en), loaded with them; `id` names them once per app. */
export interface LazyMessages {
  id: string;
  load: () => Promise<Readonly<Record<Locale, DomainMessageTree>>>;
}

/** The domain's messages (code labels, regions, validation and API errors), as `useDomainMessages` loads them. */
export const domainMessages: LazyMessages = { id: 'domain', load: () => Promise.resolve({ ja: {}, en: {} }) };

// Keyed by the instance's resource store: react-i18next (17) hands each component mount its own
// wrapper object around the instance (a remount after suspending would start a new load).
const loads = new WeakMap<object, Map<string, Promise<void>>>();

function cached(i18n: I18n, key: string, start: () => Promise<void>): Promise<void> {
  let byKey = loads.get(i18n.store);
  if (!byKey) {
    byKey = new Map<string, Promise<void>>();
    loads.set(i18n.store, byKey);
  }
  let load = byKey.get(key);
  if (!load) {
    const map = byKey;
    load = start();
    load.catch(() => map.delete(key));
    map.set(key, load);
  }
  return load;
}

/**
 * Adds texts to an i18next instance, once; the app's messages (src/i18n/locales) win where both
 * define a key. Keeping page texts out of the start-up bundle keeps the first paint of /login small.
 */
export function loadMessages(i18n: I18n, messages: LazyMessages): Promise<void> {
  if (messages === domainMessages) return loadDomainMessages(i18n);
  return cached(i18n, messages.id, () =>
    messages.load().then((trees) => {
      for (const [locale, tree] of Object.entries(trees)) {
        i18n.addResourceBundle(locale, 'translation', tree, true, false);
      }
    }),
  );
}

/** Suspends until all the given texts are in (they load in parallel). */
export function useMessages(...all: LazyMessages[]): void {
  const { i18n } = useTranslation();
  const key = `all:${all.map((messages) => messages.id).join('+')}`;
  use(cached(i18n, key, () => Promise.all(all.map((m) => loadMessages(i18n, m))).then(() => undefined)));
}
