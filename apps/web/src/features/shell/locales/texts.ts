import en from './en.json';
import ja from './ja.json';

/** The shell's words of signed-in users (`signed-in-texts.ts`); tests and stories bundle them. */
export const texts = { ja, en };
