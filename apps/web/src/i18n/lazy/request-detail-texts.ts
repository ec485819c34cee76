import type { LazyMessages } from '../../shared/lazy-messages';

/** The request detail pages (mails, deadlines, deliverables, estimate/billing, history) and /deliverables. */
export const requestDetailTexts: LazyMessages = {
  id: 'request-detail',
  load: () =>
    Promise.all([import('./request-detail.ja.json'), import('./request-detail.en.json')]).then(
      ([ja, en]) => ({
        ja: ja.default,
        en: en.default,
      }),
    ),
};
