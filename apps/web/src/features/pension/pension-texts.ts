import type { LazyMessages } from '../../shared/lazy-messages';

/** Texts of /pension, loaded with the page so they stay out of what /login downloads first. */
export const pensionTexts: LazyMessages = {
  id: 'pension',
  load: () => import('./locales/texts').then((m) => m.texts),
};
