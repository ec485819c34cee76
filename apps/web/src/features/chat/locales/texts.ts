import en from './en.json';
import ja from './ja.json';

/** Texts loaded with the pages that use them (see `shared/lazy-messages.ts`). */
export const texts = { ja, en };
