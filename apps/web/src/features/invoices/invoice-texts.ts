import type { LazyMessages } from '../../shared/lazy-messages';

/** Texts of the client's invoice pages and the request's estimate/billing tab, loaded with them. */
export const invoiceTexts: LazyMessages = {
  id: 'invoices',
  load: () => import('./locales/texts').then((m) => m.texts),
};
