import styled from 'styled-components';
import type { UiTexts } from '../../i18n';
import { useTexts } from '../../i18n';
import { ChevronLeftIcon, ChevronRightIcon } from '../../icons';
import { focusRing } from '../../internal/styles';

export interface PaginationProps {
  /** Current page, 1-based. */
  page: number;
  /** Number of pages. */
  pageCount: number;
  /** Called with the requested page. */
  onPageChange: (page: number) => void;
  /** Pages shown on each side of the current one before an ellipsis. */
  siblingCount?: number;
  /** Overrides of built-in texts for this instance. */
  labels?: Partial<UiTexts>;
  className?: string;
}

/**
 * Page numbers to show, with `'ellipsis'` for gaps. The first and last pages are always shown and
 * the list keeps the same length while paging, so the buttons do not jump under the pointer.
 */
export function paginationRange(page: number, pageCount: number, siblingCount = 1): (number | 'ellipsis')[] {
  const total = siblingCount * 2 + 5;
  if (pageCount <= total) return Array.from({ length: pageCount }, (_, i) => i + 1);
  const start = Math.max(Math.min(page - siblingCount, pageCount - siblingCount * 2 - 2), 3);
  const end = Math.min(Math.max(page + siblingCount, siblingCount * 2 + 3), pageCount - 2);
  const result: (number | 'ellipsis')[] = [1, start > 3 ? 'ellipsis' : 2];
  for (let p = start; p <= end; p += 1) result.push(p);
  result.push(end < pageCount - 2 ? 'ellipsis' : pageCount - 1, pageCount);
  return result;
}

const List = styled.ul`
  display: flex;
  flex-wrap: wrap;
  align-items: center;
  gap: ${({ theme }) => theme.space.xs}px;
  margin: 0;
  padding: 0;
  list-style: none;
`;

const PageButton = styled.button`
  display: inline-flex;
  align-items: center;
  justify-content: center;
  min-width: ${({ theme }) => theme.layout.controlHeight.sm + 4}px;
  height: ${({ theme }) => theme.layout.controlHeight.sm + 4}px;
  padding: 0 ${({ theme }) => theme.space.sm}px;
  border: 1px solid transparent;
  border-radius: ${({ theme }) => theme.radii.md}px;
  background: transparent;
  color: ${({ theme }) => theme.colors.primary};
  font-variant-numeric: tabular-nums;
  cursor: pointer;
  ${focusRing}
  &:hover:not(:disabled) {
    background: ${({ theme }) => theme.colors.primarySubtle};
  }
  &[aria-current='page'] {
    background: ${({ theme }) => theme.colors.primary};
    color: ${({ theme }) => theme.colors.textOnPrimary};
    font-weight: ${({ theme }) => theme.typography.fontWeight.bold};
  }
  &:disabled {
    color: ${({ theme }) => theme.colors.textDisabled};
    cursor: not-allowed;
  }
`;

const Gap = styled.li`
  padding: 0 ${({ theme }) => theme.space.xs}px;
  color: ${({ theme }) => theme.colors.textMuted};
`;

/** Page navigation with previous/next buttons and numbered pages (current page marked). */
export function Pagination({
  page,
  pageCount,
  onPageChange,
  siblingCount = 1,
  labels,
  className,
}: PaginationProps) {
  const texts = useTexts(labels);
  if (pageCount <= 1) return null;
  const range = paginationRange(page, pageCount, siblingCount);
  return (
    <nav className={className} aria-label={texts.pagination}>
      <List>
        <li>
          <PageButton
            type="button"
            aria-label={texts.previousPage}
            title={texts.previousPage}
            disabled={page <= 1}
            onClick={() => onPageChange(page - 1)}
          >
            <ChevronLeftIcon size={18} />
          </PageButton>
        </li>
        {range.map((item, index) =>
          item === 'ellipsis' ? (
            <Gap key={`gap-${index}`} aria-hidden="true">
              {'\u2026'}
            </Gap>
          ) : (
            <li key={item}>
              <PageButton
                type="button"
                aria-label={texts.pageLabel(item)}
                aria-current={item === page ? 'page' : undefined}
                onClick={() => onPageChange(item)}
              >
                {item}
              </PageButton>
            </li>
          ),
        )}
        <li>
          <PageButton
            type="button"
            aria-label={texts.nextPage}
            title={texts.nextPage}
            disabled={page >= pageCount}
            onClick={() => onPageChange(page + 1)}
          >
            <ChevronRightIcon size={18} />
          </PageButton>
        </li>
      </List>
    </nav>
  );
}
