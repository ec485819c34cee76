import { createContext, useContext, useMemo } from 'react';
import type { ReactNode } from 'react';
import { defaultUiTexts } from './texts';
import type { UiLocale, UiTexts } from './texts';

export interface UiTextContextValue {
  locale: UiLocale;
  texts: UiTexts;
}

const UiTextContext = createContext<UiTextContextValue>({
  locale: 'ja',
  texts: defaultUiTexts.ja,
});

export interface UiTextProviderProps {
  /** Interface language. Defaults to Japanese, the portal's default and fallback. */
  locale?: UiLocale;
  /** Overrides of individual built-in texts (e.g. from the app's i18next resources). */
  texts?: Partial<UiTexts>;
  children?: ReactNode;
}

/** Supplies the locale and the built-in component texts (ja and en defaults, overridable). */
export function UiTextProvider({ locale = 'ja', texts, children }: UiTextProviderProps) {
  const value = useMemo<UiTextContextValue>(
    () => ({
      locale,
      texts: texts ? { ...defaultUiTexts[locale], ...texts } : defaultUiTexts[locale],
    }),
    [locale, texts],
  );
  return <UiTextContext.Provider value={value}>{children}</UiTextContext.Provider>;
}

/** Reads the current locale and built-in texts. */
export function useUiText(): UiTextContextValue {
  return useContext(UiTextContext);
}

/**
 * Built-in texts merged with a component's own `labels` prop, so one instance can override a
 * text without a provider.
 */
export function useTexts(labels?: Partial<UiTexts>): UiTexts {
  const { texts } = useContext(UiTextContext);
  return useMemo(() => (labels ? { ...texts, ...labels } : texts), [texts, labels]);
}
