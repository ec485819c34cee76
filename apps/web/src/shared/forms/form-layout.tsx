import { Link } from 'react-router';
import styled from 'styled-components';
import { focusRing } from '../focus-ring';

/** A centered column for a form page (sign-in, sign-up, account forms). */
export const FormPage = styled.div<{ $width?: number }>`
  width: 100%;
  max-width: ${({ $width = 520 }) => $width}px;
  margin: 0 auto;
`;

/** The surface a sign-in form sits on: a ui Card without a heading (lighter for /login's first paint). */
export const FormPanel = styled.section`
  padding: ${({ theme }) => theme.space.xl}px;
  background: ${({ theme }) => theme.colors.surface};
  border: 1px solid ${({ theme }) => theme.colors.divider};
  border-radius: ${({ theme }) => theme.radii.lg}px;
  box-shadow: ${({ theme }) => theme.shadows.sm};
`;

/** Fields and messages of a form, one under another. */
export const FormStack = styled.div`
  display: grid;
  gap: ${({ theme }) => theme.space.lg}px;
  & > * {
    min-width: 0;
  }
  /* A field focused after an error (or by Shift+Tab) must not end up under the fixed header. */
  & input,
  & button {
    scroll-margin-top: ${({ theme }) => theme.layout.headerHeight + theme.layout.headerExtensionHeight + theme.space.xxl}px;
    scroll-margin-bottom: ${({ theme }) => theme.space.xxl}px;
  }
`;

/** Links under a form ("Create an account", "Forgot your password?"). */
export const FormLinks = styled.div`
  display: grid;
  gap: ${({ theme }) => theme.space.sm}px;
  justify-items: center;
  margin-top: ${({ theme }) => theme.space.xl}px;
  font-size: ${({ theme }) => theme.typography.fontSize.sm};
  color: ${({ theme }) => theme.colors.textMuted};
  text-align: center;
`;

export const TextLink = styled(Link)`
  color: ${({ theme }) => theme.colors.primary};
  font-weight: ${({ theme }) => theme.typography.fontWeight.bold};
  text-decoration: underline;
  text-underline-offset: 2px;
  border-radius: ${({ theme }) => theme.radii.sm}px;
  &:hover {
    color: ${({ theme }) => theme.colors.primaryHover};
  }
  ${focusRing}
`;
