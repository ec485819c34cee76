import { createGlobalStyle } from 'styled-components';

/** Base document styles: font stack, colours and Japanese-friendly line breaking. */
export const GlobalStyle = createGlobalStyle`
  *, *::before, *::after {
    box-sizing: border-box;
  }
  html {
    -webkit-text-size-adjust: 100%;
  }
  body {
    margin: 0;
    background: ${({ theme }) => theme.colors.background};
    color: ${({ theme }) => theme.colors.text};
    font-family: ${({ theme }) => theme.typography.fontFamily};
    font-size: ${({ theme }) => theme.typography.fontSize.md};
    line-height: ${({ theme }) => theme.typography.lineHeight.normal};
    -webkit-font-smoothing: antialiased;
  }
  /*
   * Strict line breaking keeps small kana and closing brackets off the start of a line;
   * auto-phrase (Chromium) breaks Japanese between phrases (文節) instead of inside words.
   */
  :lang(ja) {
    line-break: strict;
    overflow-wrap: anywhere;
    word-break: normal;
    word-break: auto-phrase;
  }
  /* Links in the theme's colour everywhere (styled links refine it), never the browser's blue. */
  a {
    color: ${({ theme }) => theme.colors.primary};
    text-underline-offset: 2px;
  }
  a:hover {
    color: ${({ theme }) => theme.colors.primaryHover};
  }
  button, input, select, textarea {
    font: inherit;
    color: inherit;
  }
  @media (prefers-reduced-motion: reduce) {
    *, *::before, *::after {
      animation-duration: 0.01ms !important;
      transition-duration: 0.01ms !important;
    }
  }
`;
