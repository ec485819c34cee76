import { useId } from 'react';
import type { ReactNode } from 'react';
import styled from 'styled-components';

// A group card without `overflow: hidden` (ui's Card clips), so date picker popovers show.
const Section = styled.section`
  background: ${({ theme }) => theme.colors.surface};
  border: 1px solid ${({ theme }) => theme.colors.divider};
  border-radius: ${({ theme }) => theme.radii.lg}px;
  box-shadow: ${({ theme }) => theme.shadows.sm};
`;

const Header = styled.div`
  display: flex;
  flex-wrap: wrap;
  align-items: center;
  justify-content: space-between;
  gap: ${({ theme }) => theme.space.sm}px ${({ theme }) => theme.space.md}px;
  padding: ${({ theme }) => `${theme.space.md}px ${theme.space.lg}px`};
  border-bottom: 1px solid ${({ theme }) => theme.colors.divider};
`;

const Title = styled.h3`
  margin: 0;
  font-size: ${({ theme }) => theme.typography.fontSize.lg};
  font-weight: ${({ theme }) => theme.typography.fontWeight.bold};
  line-height: ${({ theme }) => theme.typography.lineHeight.tight};
`;

const Actions = styled.div`
  display: flex;
  flex-wrap: wrap;
  gap: ${({ theme }) => theme.space.sm}px;
`;

const Body = styled.div`
  padding: ${({ theme }) => theme.space.lg}px;
`;

export function GroupSection({
  title,
  actions,
  children,
  id,
}: {
  title: ReactNode;
  actions?: ReactNode;
  children: ReactNode;
  id?: string;
}) {
  const titleId = useId();
  return (
    <Section aria-labelledby={titleId} id={id}>
      <Header>
        <Title id={titleId}>{title}</Title>
        {actions && <Actions>{actions}</Actions>}
      </Header>
      <Body>{children}</Body>
    </Section>
  );
}

/** Label / value pairs of a group in view mode: two columns on wide screens. */
export const Fields = styled.dl`
  display: grid;
  grid-template-columns: repeat(auto-fill, minmax(260px, 1fr));
  gap: ${({ theme }) => theme.space.md}px ${({ theme }) => theme.space.xl}px;
  margin: 0;
`;

const FieldRoot = styled.div<{ $wide: boolean }>`
  min-width: 0;
  ${({ $wide }) => ($wide ? 'grid-column: 1 / -1;' : '')}
  & > dt {
    font-size: ${({ theme }) => theme.typography.fontSize.sm};
    color: ${({ theme }) => theme.colors.textMuted};
    margin-bottom: ${({ theme }) => theme.space.xxs}px;
  }
  & > dd {
    margin: 0;
    overflow-wrap: anywhere;
    white-space: pre-line;
    line-height: ${({ theme }) => theme.typography.lineHeight.normal};
  }
`;

export function Field({
  label,
  children,
  wide = false,
}: {
  label: ReactNode;
  children: ReactNode;
  wide?: boolean;
}) {
  return (
    <FieldRoot $wide={wide}>
      <dt>{label}</dt>
      <dd>{children}</dd>
    </FieldRoot>
  );
}

/** Edit-mode fields: a responsive grid. */
export const EditGrid = styled.div`
  display: grid;
  grid-template-columns: repeat(auto-fill, minmax(240px, 1fr));
  gap: ${({ theme }) => theme.space.lg}px ${({ theme }) => theme.space.xl}px;
  & > * {
    min-width: 0;
  }
  & > .wide {
    grid-column: 1 / -1;
  }
`;

export const Muted = styled.span`
  color: ${({ theme }) => theme.colors.textMuted};
`;

export const Stack = styled.div<{ $gap?: 'md' | 'lg' | 'xl' }>`
  display: grid;
  gap: ${({ theme, $gap = 'lg' }) => theme.space[$gap]}px;
  & > * {
    min-width: 0;
  }
`;
