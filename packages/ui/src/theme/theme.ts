import { tokens } from './tokens';

type DeepWiden<T> = T extends string
  ? string
  : T extends number
    ? number
    : { readonly [K in keyof T]: DeepWiden<T[K]> };

/** The styled-components theme: every token group, with values widened so a theme can be overridden. */
export type Theme = DeepWiden<typeof tokens>;

/** The default theme of the portal. */
export const theme: Theme = tokens;

/** A min-width media query for a named breakpoint, for use inside styled templates. */
export function mediaUp(breakpoint: keyof Theme['breakpoints'], t: Theme = theme): string {
  return `@media (min-width: ${t.breakpoints[breakpoint]}px)`;
}

/** Pixel value helper for numeric tokens. */
export function px(value: number): string {
  return `${value}px`;
}

declare module 'styled-components' {
  // Declaration merging is how styled-components learns the theme's type.
  // eslint-disable-next-line @typescript-eslint/no-empty-object-type
  export interface DefaultTheme extends Theme {}
}
