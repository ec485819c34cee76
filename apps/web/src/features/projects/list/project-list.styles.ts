import styled from 'styled-components';

export const Toolbar = styled.div`
  display: flex;
  flex-wrap: wrap;
  align-items: flex-end;
  gap: ${({ theme }) => theme.space.md}px ${({ theme }) => theme.space.lg}px;
  margin: ${({ theme }) => theme.space.lg}px 0 ${({ theme }) => theme.space.md}px;
  & > .search {
    flex: 1 1 260px;
    max-width: 420px;
  }
  & > .status {
    flex: 0 1 200px;
  }
`;

export const ToolbarEnd = styled.div`
  display: flex;
  flex-wrap: wrap;
  align-items: center;
  gap: ${({ theme }) => theme.space.md}px;
  margin-left: auto;
  min-height: ${({ theme }) => theme.layout.controlHeight.md}px;
`;

export const Progress = styled.p`
  margin: 0 0 ${({ theme }) => theme.space.sm}px;
  min-height: 1.5em;
  font-size: ${({ theme }) => theme.typography.fontSize.sm};
  color: ${({ theme }) => theme.colors.textMuted};
`;

export const FamilyCell = styled.span`
  display: inline-flex;
  align-items: center;
  gap: ${({ theme }) => theme.space.xs}px;
  min-width: 0;
  font-weight: ${({ theme }) => theme.typography.fontWeight.bold};
  & > span:first-of-type {
    overflow: hidden;
    text-overflow: ellipsis;
  }
  & > svg {
    flex: none;
    color: ${({ theme }) => theme.colors.textMuted};
  }
`;

/**
 * The table's frame. Cells are plain spans styled from here: with 10,000 rows a fast scroll mounts
 * dozens of rows per frame, and a styled component per cell would cost more than the cell itself.
 * The status pill matches ui's StatusChip (neutral / info / success tones, with a dot).
 */
export const TableFrame = styled.div`
  & .cell-none {
    color: ${({ theme }) => theme.colors.textMuted};
  }
  & .status {
    display: inline-flex;
    align-items: center;
    gap: ${({ theme }) => theme.space.xs}px;
    padding: 0 ${({ theme }) => theme.space.sm}px;
    border: 1px solid ${({ theme }) => theme.colors.divider};
    border-radius: ${({ theme }) => theme.radii.pill}px;
    background: ${({ theme }) => theme.colors.surfaceMuted};
    color: ${({ theme }) => theme.colors.text};
    font-weight: ${({ theme }) => theme.typography.fontWeight.medium};
    line-height: 1.6;
    white-space: nowrap;
  }
  & .status::before {
    content: '';
    width: 8px;
    height: 8px;
    border-radius: 50%;
    background: currentColor;
  }
  & .status-1 {
    background: ${({ theme }) => theme.colors.infoSubtle};
    color: ${({ theme }) => theme.colors.info};
    border-color: ${({ theme }) => theme.colors.info};
  }
  & .status-2 {
    background: ${({ theme }) => theme.colors.successSubtle};
    color: ${({ theme }) => theme.colors.success};
    border-color: ${({ theme }) => theme.colors.success};
  }
`;

/** The CSV download's progress line above the table. */
export const CsvStatus = styled.div`
  display: flex;
  flex-wrap: wrap;
  align-items: center;
  gap: ${({ theme }) => theme.space.md}px;
  margin: 0 0 ${({ theme }) => theme.space.sm}px;
  font-size: ${({ theme }) => theme.typography.fontSize.sm};
  & > progress {
    width: 240px;
    height: 8px;
    accent-color: ${({ theme }) => theme.colors.primary};
  }
`;
