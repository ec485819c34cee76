import type { LazyMessages } from '../../shared/lazy-messages';

/** /terms, the reminder settings and the matter's deadlines; loaded with those screens. */
export const termsTexts: LazyMessages = {
  id: 'terms',
  load: () => import('./locales/texts').then((m) => m.texts),
};
