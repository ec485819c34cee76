import type { ReactNode } from 'react';
import styled from 'styled-components';

/** The editor or viewer of one document on the request's estimate/billing tab. */
export const EditorPanel = styled.section`
  display: grid;
  gap: ${({ theme }) => theme.space.lg}px;
  padding: ${({ theme }) => theme.space.xl}px;
  background: ${({ theme }) => theme.colors.surface};
  border: 1px solid ${({ theme }) => theme.colors.divider};
  border-radius: ${({ theme }) => theme.radii.lg}px;
  & > h2 {
    margin: 0;
    font-size: ${({ theme }) => theme.typography.fontSize.lg};
  }
`;

export const Section = styled.div`
  display: grid;
  gap: ${({ theme }) => theme.space.lg}px;
  & > p {
    margin: 0;
    color: ${({ theme }) => theme.colors.textMuted};
    font-size: ${({ theme }) => theme.typography.fontSize.sm};
  }
`;

/** Label/value pairs of a document's head. */
export const Facts = styled.dl`
  margin: 0;
  display: grid;
  grid-template-columns: minmax(0, 12rem) minmax(0, 1fr);
  gap: ${({ theme }) => theme.space.sm}px ${({ theme }) => theme.space.xl}px;
  & dt {
    font-weight: ${({ theme }) => theme.typography.fontWeight.bold};
    color: ${({ theme }) => theme.colors.textMuted};
    font-size: ${({ theme }) => theme.typography.fontSize.sm};
  }
  & dd {
    margin: 0;
    white-space: pre-line;
    overflow-wrap: anywhere;
  }
`;

/** One label/value pair of `Facts`, left out while there is no value (null, false or empty). */
export function Fact({ label, children }: { label: string; children: ReactNode }) {
  if (children === null || children === undefined || children === false || children === '') return null;
  return (
    <>
      <dt>{label}</dt>
      <dd>{children}</dd>
    </>
  );
}

/** A row of filters above a list. */
export const Filters = styled.form`
  display: flex;
  flex-wrap: wrap;
  align-items: flex-end;
  gap: ${({ theme }) => theme.space.md}px;
  margin-bottom: ${({ theme }) => theme.space.lg}px;
  & > * {
    min-width: 9rem;
  }
`;

export const Toolbar = styled.div`
  display: flex;
  flex-wrap: wrap;
  align-items: center;
  justify-content: space-between;
  gap: ${({ theme }) => theme.space.md}px;
  margin-bottom: ${({ theme }) => theme.space.md}px;
  & > p {
    margin: 0;
    color: ${({ theme }) => theme.colors.textMuted};
  }
`;
