import type { LazyMessages } from '../../shared/lazy-messages';

/** The request list, request form and the matter's request tab; loaded with those screens. */
export const requestTexts: LazyMessages = {
  id: 'requests',
  load: () =>
    Promise.all([import('./requests.ja.json'), import('./requests.en.json')]).then(([ja, en]) => ({
      ja: ja.default,
      en: en.default,
    })),
};
