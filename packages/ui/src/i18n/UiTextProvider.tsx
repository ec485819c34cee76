import { createContext, useContext, useEffect, useMemo, useState } from 'react';
import type { ReactNode } from 'react';
import { loadedUiTexts, loadUiTexts } from './load-ui-texts';
import { jaUiTexts } from './texts';
import type { UiLocale, UiTexts } from './texts';

export interface UiTextContextValue {
  locale: UiLocale;
  texts: UiTexts;
}

const UiTextContext = createContext<UiTextContextValue>({
  locale: 'ja',
  texts: jaUiTexts,
});

export interface UiTextProviderProps {
  /** Interface language. Defaults to Japanese, the portal's default and fallback. */
  locale?: UiLocale;
  /** Overrides of individual built-in texts (e.g. from the app's i18next resources). */
  texts?: Partial<UiTexts>;
  children?: ReactNode;
}

/**
 * Supplies the locale and the built-in component texts (ja and en defaults, overridable). A
 * language whose texts are not loaded yet (see `loadUiTexts`) shows Japanese until they are.
 */
export function UiTextProvider({ locale = 'ja', texts, children }: UiTextProviderProps) {
  // Renders again once a language's texts arrive; until then Japanese stands in.
  const [, textsArrived] = useState(0);
  const current = loadedUiTexts(locale) ?? jaUiTexts;
  useEffect(() => {
    if (loadedUiTexts(locale)) return;
    let active = true;
    void loadUiTexts(locale).then(() => {
      if (active) textsArrived((count) => count + 1);
    });
    return () => {
      active = false;
    };
  }, [locale]);
  const value = useMemo<UiTextContextValue>(
    () => ({ locale, texts: texts ? { ...current, ...texts } : current }),
    [locale, texts, current],
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
