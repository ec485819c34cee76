import { Link } from 'react-router';
import styled from 'styled-components';
import { focusRing } from '../focus-ring';

// Layout pieces of the longer forms (kept apart from form-layout.tsx so /login loads less).

/** Two fields side by side on wide screens. */
export const FormRow = styled.div`
  display: grid;
  gap: ${({ theme }) => theme.space.lg}px;
  grid-template-columns: repeat(auto-fit, minmax(200px, 1fr));
`;

/** An introductory paragraph at the top of a form. */
export const FormLead = styled.p`
  margin: 0;
  color: ${({ theme }) => theme.colors.textMuted};
  line-height: ${({ theme }) => theme.typography.lineHeight.normal};
  overflow-wrap: anywhere;
`;

/** The buttons of a form: the main one first (full width on its own line), others under it. */
export const FormActions = styled.div`
  display: flex;
  flex-wrap: wrap;
  align-items: center;
  gap: ${({ theme }) => theme.space.sm}px ${({ theme }) => theme.space.md}px;
`;

/** A link that looks like a secondary button (navigation that sits among buttons). */
export const ButtonLink = styled(Link)`
  display: inline-flex;
  align-items: center;
  justify-content: center;
  gap: ${({ theme }) => theme.space.sm}px;
  min-height: ${({ theme }) => theme.layout.controlHeight.md}px;
  padding: 0 ${({ theme }) => theme.space.lg}px;
  border: 1px solid ${({ theme }) => theme.colors.border};
  border-radius: ${({ theme }) => theme.radii.md}px;
  background: ${({ theme }) => theme.colors.surface};
  color: ${({ theme }) => theme.colors.primary};
  font-weight: ${({ theme }) => theme.typography.fontWeight.bold};
  line-height: ${({ theme }) => theme.typography.lineHeight.tight};
  text-decoration: none;
  white-space: nowrap;
  &:hover {
    background: ${({ theme }) => theme.colors.primarySubtle};
  }
  ${focusRing}
`;
