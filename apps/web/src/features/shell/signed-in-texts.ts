import type { i18n as I18n } from 'i18next';
import type { LazyMessages } from '../../shared/lazy-messages';

/**
 * The shell's words only signed-in users see (the protected pages' titles, the sidebars, the
 * realtime state, the create-matter dialog's title): they load with the signed-in chunk, not with
 * /login (docs/adr/0052). Both languages at once, so a language switch needs no load.
 */
export const signedInShellTexts: LazyMessages = {
  id: 'shell-signed-in',
  load: () => import('./locales/texts').then((m) => m.texts),
};

/**
 * Adds them to the app's instance as `loadMessages` would; the store calls it with the signed-in
 * chunk's load (`loadSignedInWords`), and it stays this small because /login downloads it.
 */
export async function loadSignedInShellTexts(i18n: I18n): Promise<void> {
  const trees = await signedInShellTexts.load();
  for (const [locale, tree] of Object.entries(trees)) {
    i18n.addResourceBundle(locale, 'translation', tree, true, false);
  }
}
