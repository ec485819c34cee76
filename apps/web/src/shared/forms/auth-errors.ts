import type { i18n as I18n } from 'i18next';
import { loadDomainMessages } from '../../i18n/domain-messages';

/** The i18n key for anything an identity operation rejected with. */
export const unknownAuthErrorKey = 'auth.error.unknown';

function field(error: unknown, name: 'messageKey' | 'code'): string | null {
  if (typeof error !== 'object' || error === null || !(name in error)) return null;
  const value = (error as Record<string, unknown>)[name];
  return typeof value === 'string' && value.length > 0 ? value : null;
}

/** The i18n key of a failed identity operation (packages/auth `AuthError.messageKey`). */
export function authErrorKey(error: unknown): string {
  return field(error, 'messageKey') ?? unknownAuthErrorKey;
}

/** The identity service's exception name (e.g. `UserNotConfirmedException`), when it answered one. */
export function authErrorCode(error: unknown): string | null {
  return field(error, 'code');
}

// Keyed by the resource store: react-i18next gives each component its own wrapper of the instance.
const authLoads = new WeakMap<object, Promise<void>>();

/**
 * Adds packages/auth's `auth.error.*` texts (ja, en) to an i18next instance, once. It is the
 * library's chunk, already loaded by the time an operation has failed.
 */
export function loadAuthMessages(i18n: I18n): Promise<void> {
  let load = authLoads.get(i18n.store);
  if (!load) {
    load = import('@ipportal/auth').then(({ messages }) => {
      for (const [locale, tree] of Object.entries(messages)) {
        i18n.addResourceBundle(locale, 'translation', tree, true, false);
      }
    });
    load.catch(() => authLoads.delete(i18n.store));
    authLoads.set(i18n.store, load);
  }
  return load;
}

/** Makes sure a failure's key can be translated (auth and domain texts load on demand). */
export async function errorMessagesReady(i18n: I18n): Promise<void> {
  await Promise.all([loadAuthMessages(i18n), loadDomainMessages(i18n)]).catch(() => undefined);
}
