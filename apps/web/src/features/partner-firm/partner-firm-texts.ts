import type { LazyMessages } from '../../shared/lazy-messages';

/** The office profile screens and the reminder toast firms see after signing in. */
export const partnerFirmTexts: LazyMessages = {
  id: 'partnerFirm',
  load: () => import('./locales/texts').then((m) => m.texts),
};
