import type { LazyMessages } from '../lazy-messages';

/** The texts of the shared form pieces (password hints): pages that show them load these too. */
export const formTexts: LazyMessages = {
  id: 'forms',
  load: () => import('./locales/texts').then((m) => m.texts),
};
