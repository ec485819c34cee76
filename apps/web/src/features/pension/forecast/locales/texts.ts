import en from './en.json';
import ja from './ja.json';

/** Texts of the annuity forecast, loaded with /pension (see `shared/lazy-messages.ts`). */
export const texts = { ja, en };
