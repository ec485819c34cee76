import type { LazyMessages } from '../../../shared/lazy-messages';

/** Texts of the annuity forecast, loaded with /pension so they stay out of what /login downloads first. */
export const forecastTexts: LazyMessages = {
  id: 'pensionForecast',
  load: () => import('./locales/texts').then((m) => m.texts),
};
