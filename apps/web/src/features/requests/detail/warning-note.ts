import styled from 'styled-components';

/** A calm warning box above a form or section of the request detail (e.g. a lost assignee, a passed deadline). */
export const WarningNote = styled.p`
  margin: 0 0 ${({ theme }) => theme.space.md}px;
  padding: ${({ theme }) => `${theme.space.sm}px ${theme.space.md}px`};
  border: 1px solid ${({ theme }) => theme.colors.warning};
  border-radius: ${({ theme }) => theme.radii.md}px;
  background: ${({ theme }) => theme.colors.warningSubtle};
  color: ${({ theme }) => theme.colors.text};
`;
