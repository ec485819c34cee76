import { css } from 'styled-components';

/** Keyboard focus indicator for the shell's own links and controls (ui components bring theirs). */
export const focusRing = css`
  &:focus-visible {
    outline: 2px solid ${({ theme }) => theme.colors.focus};
    outline-offset: 2px;
  }
`;
