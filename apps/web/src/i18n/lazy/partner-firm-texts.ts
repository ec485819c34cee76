import type { LazyMessages } from '../../shared/lazy-messages';

/** The office profile screens and the reminder toast firms see after signing in. */
export const partnerFirmTexts: LazyMessages = {
  id: 'partnerFirm',
  load: () =>
    Promise.all([import('./partner-firm.ja.json'), import('./partner-firm.en.json')]).then(([ja, en]) => ({
      ja: ja.default,
      en: en.default,
    })),
};
