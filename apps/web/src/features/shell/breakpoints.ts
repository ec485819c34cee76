import type { DefaultTheme } from 'styled-components';

/** Below tablet width the sidebar is the navigation drawer. */
export const belowTablet = ({ theme }: { theme: DefaultTheme }) =>
  `@media (max-width: ${theme.breakpoints.md - 1}px)`;
