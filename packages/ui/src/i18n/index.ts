export { UiTextProvider, useUiText, useTexts } from './UiTextProvider';
export type { UiTextProviderProps, UiTextContextValue } from './UiTextProvider';
export { uiLocales } from './texts';
export { defaultUiTexts } from './default-texts';
export { loadUiTexts } from './load-ui-texts';
export { dateFnsLocales } from './date-locales';
export type { UiLocale, UiTexts } from './texts';
