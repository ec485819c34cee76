import type { LazyMessages } from '../../shared/lazy-messages';

/** Texts of /estimates/..., loaded with the page. */
export const estimateTexts: LazyMessages = {
  id: 'estimates',
  load: () => import('./locales/texts').then((m) => m.texts),
};
