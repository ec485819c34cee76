import type { LazyMessages } from '../../../shared/lazy-messages';

/** The request detail pages (mails, deadlines, deliverables, estimate/billing, history) and /deliverables. */
export const requestDetailTexts: LazyMessages = {
  id: 'request-detail',
  load: () => import('./locales/texts').then((m) => m.texts),
};
