import en from './en.json';
import ja from './ja.json';

/** The realtime state's texts, loaded with the header's state dot after sign-in (not with /login). */
export const texts = { ja, en };
