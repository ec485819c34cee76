import type { LazyMessages } from '../../shared/lazy-messages';

/** Texts of the printable documents, loaded with them (the office's editors load them too). */
export const billingDocumentTexts: LazyMessages = {
  id: 'billing-documents',
  load: () => import('./locales/texts').then((m) => m.texts),
};
