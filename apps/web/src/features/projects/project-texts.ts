import type { LazyMessages } from '../../shared/lazy-messages';

/**
 * The matter screens' texts (list, detail, Create Matter dialog): about 5 KB gzipped, loaded with
 * those screens so they stay out of what the first visit to /login downloads.
 */
export const projectTexts: LazyMessages = {
  id: 'projects',
  load: () => import('./locales/texts').then((m) => m.texts),
};
