export { UiTextProvider, useUiText, useTexts } from './UiTextProvider';
export type { UiTextProviderProps, UiTextContextValue } from './UiTextProvider';
export { defaultUiTexts, dateFnsLocales, uiLocales } from './texts';
export type { UiLocale, UiTexts } from './texts';
