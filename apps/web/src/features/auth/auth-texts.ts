import type { LazyMessages } from '../../shared/lazy-messages';

/** The texts of the sign-up, verify, password-reset and new-password screens (/login's are in src/i18n). */
export const authTexts: LazyMessages = {
  id: 'auth',
  load: () => import('./locales/texts').then((m) => m.texts),
};
