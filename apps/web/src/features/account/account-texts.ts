import type { LazyMessages } from '../../shared/lazy-messages';

/** The texts of the account pages. */
export const accountTexts: LazyMessages = {
  id: 'account',
  load: () => import('./locales/texts').then((m) => m.texts),
};
