export * from './tokens';
export { theme, mediaUp, px } from './theme';
export type { Theme } from './theme';
export { GlobalStyle } from './GlobalStyle';
