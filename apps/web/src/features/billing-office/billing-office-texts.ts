import type { LazyMessages } from '../../shared/lazy-messages';

/** Texts of the office's billing screens, loaded with them (kept out of what /login downloads). */
export const billingOfficeTexts: LazyMessages = {
  id: 'billingOffice',
  load: () => import('./locales/texts').then((m) => m.texts),
};
