import type { LazyMessages } from '../../shared/lazy-messages';

/** The request list, request form and the matter's request tab; loaded with those screens. */
export const requestTexts: LazyMessages = {
  id: 'requests',
  load: () => import('./locales/texts').then((m) => m.texts),
};
