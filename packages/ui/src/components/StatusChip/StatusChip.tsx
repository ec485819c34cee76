import styled, { css } from 'styled-components';
import type { ReactNode } from 'react';

export type StatusTone = 'neutral' | 'info' | 'success' | 'warning' | 'danger';

export interface StatusChipProps {
  /** Colour meaning. Text always carries the meaning too; colour is never the only signal. */
  tone?: StatusTone;
  /** Shows a small dot before the text. */
  dot?: boolean;
  /** The status text, e.g. 対応中 / In progress. */
  children: ReactNode;
  className?: string;
}

export interface BadgeProps {
  /** The number to show. */
  count: number;
  /** Above this, shows "max+" (e.g. 99+). */
  max?: number;
  /** Emphasis: `primary` fill or `neutral` grey. */
  tone?: 'primary' | 'neutral' | 'danger';
  /** Accessible text when the number alone is unclear, e.g. "3 unread". */
  label?: string;
  className?: string;
}

const toneColors = {
  neutral: css`
    background: ${({ theme }) => theme.colors.surfaceMuted};
    color: ${({ theme }) => theme.colors.text};
    border-color: ${({ theme }) => theme.colors.divider};
  `,
  info: css`
    background: ${({ theme }) => theme.colors.infoSubtle};
    color: ${({ theme }) => theme.colors.info};
    border-color: ${({ theme }) => theme.colors.info};
  `,
  success: css`
    background: ${({ theme }) => theme.colors.successSubtle};
    color: ${({ theme }) => theme.colors.success};
    border-color: ${({ theme }) => theme.colors.success};
  `,
  warning: css`
    background: ${({ theme }) => theme.colors.warningSubtle};
    color: ${({ theme }) => theme.colors.warning};
    border-color: ${({ theme }) => theme.colors.warning};
  `,
  danger: css`
    background: ${({ theme }) => theme.colors.dangerSubtle};
    color: ${({ theme }) => theme.colors.danger};
    border-color: ${({ theme }) => theme.colors.danger};
  `,
};

const Chip = styled.span<{ $tone: StatusTone }>`
  display: inline-flex;
  align-items: center;
  gap: ${({ theme }) => theme.space.xs}px;
  padding: 0 ${({ theme }) => theme.space.sm}px;
  border: 1px solid;
  border-radius: ${({ theme }) => theme.radii.pill}px;
  font-size: ${({ theme }) => theme.typography.fontSize.sm};
  font-weight: ${({ theme }) => theme.typography.fontWeight.medium};
  line-height: 1.6;
  white-space: nowrap;
  ${({ $tone }) => toneColors[$tone]}
`;

const Dot = styled.span`
  width: 8px;
  height: 8px;
  border-radius: 50%;
  background: currentColor;
`;

/** A small labelled status, e.g. a matter's progress (未着手 / 対応中 / 完了). */
export function StatusChip({ tone = 'neutral', dot = false, children, className }: StatusChipProps) {
  return (
    <Chip className={className} $tone={tone}>
      {dot && <Dot aria-hidden="true" />}
      {children}
    </Chip>
  );
}

const Count = styled.span<{ $tone: NonNullable<BadgeProps['tone']> }>`
  display: inline-flex;
  align-items: center;
  justify-content: center;
  min-width: 20px;
  height: 20px;
  padding: 0 6px;
  border-radius: ${({ theme }) => theme.radii.pill}px;
  font-size: ${({ theme }) => theme.typography.fontSize.xs};
  font-weight: ${({ theme }) => theme.typography.fontWeight.bold};
  font-variant-numeric: tabular-nums;
  line-height: 1;
  background: ${({ theme, $tone }) =>
    $tone === 'primary'
      ? theme.colors.primary
      : $tone === 'danger'
        ? theme.colors.danger
        : theme.colors.surfaceMuted};
  color: ${({ theme, $tone }) => ($tone === 'neutral' ? theme.colors.text : theme.colors.textOnPrimary)};
  border: 1px solid ${({ theme, $tone }) => ($tone === 'neutral' ? theme.colors.border : 'transparent')};
`;

/** A count bubble (e.g. the number of matters in a tab). */
export function Badge({ count, max = 99, tone = 'neutral', label, className }: BadgeProps) {
  const text = count > max ? `${max}+` : String(count);
  return (
    <Count className={className} $tone={tone} aria-label={label} role={label ? 'img' : undefined}>
      {text}
    </Count>
  );
}
