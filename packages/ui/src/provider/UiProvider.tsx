import { useMemo } from 'react';
import type { ReactNode } from 'react';
import { ThemeProvider } from 'styled-components';
import { theme as defaultTheme } from '../theme/theme';
import type { Theme } from '../theme/theme';
import { GlobalStyle } from '../theme/GlobalStyle';
import { UiTextProvider } from '../i18n';
import type { UiLocale, UiTexts } from '../i18n';
import { RenderLinkContext, defaultRenderLink } from '../internal/link';
import type { RenderLink } from '../internal/link';
import { ToastProvider } from '../components/Toast/ToastProvider';

export interface UiProviderProps {
  /** Interface language; defaults to `ja`. */
  locale?: UiLocale;
  /** Overrides of built-in component texts. */
  texts?: Partial<UiTexts>;
  /** Theme to use instead of the default (e.g. a deep-merged copy of `theme`). */
  theme?: Theme;
  /** Link renderer for navigation components (pass one built on your router's Link). */
  renderLink?: RenderLink;
  /** Injects the global base styles (font stack, colours). Defaults to true. */
  globalStyle?: boolean;
  /** Default toast timeout in ms; defaults to the theme's -1 (until closed). */
  toastTimeout?: number;
  children?: ReactNode;
}

/** The one provider an app needs: theme, global style, texts and locale, link rendering and toasts. */
export function UiProvider({
  locale = 'ja',
  texts,
  theme = defaultTheme,
  renderLink = defaultRenderLink,
  globalStyle = true,
  toastTimeout,
  children,
}: UiProviderProps) {
  const link = useMemo(() => renderLink, [renderLink]);
  return (
    <ThemeProvider theme={theme}>
      {globalStyle && <GlobalStyle />}
      <UiTextProvider locale={locale} texts={texts}>
        <RenderLinkContext.Provider value={link}>
          <ToastProvider defaultTimeout={toastTimeout}>{children}</ToastProvider>
        </RenderLinkContext.Provider>
      </UiTextProvider>
    </ThemeProvider>
  );
}
