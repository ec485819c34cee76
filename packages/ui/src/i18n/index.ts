export { UiTextProvider, useUiText, useTexts } from './UiTextProvider';
export type { UiTextProviderProps, UiTextContextValue } from './UiTextProvider';
export { defaultUiTexts, uiLocales } from './texts';
export { dateFnsLocales } from './date-locales';
export type { UiLocale, UiTexts } from './texts';
