import { enUiTexts } from './texts-en';
import { jaUiTexts } from './texts';
import type { UiLocale, UiTexts } from './texts';

/**
 * Both languages' built-in texts, for stories, tests and apps that do not mind the download. The
 * provider itself does not import this: it holds Japanese and loads English on demand.
 */
export const defaultUiTexts: Record<UiLocale, UiTexts> = { ja: jaUiTexts, en: enUiTexts };
