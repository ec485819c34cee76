import { screen } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { expectNoAxeViolations, renderUi } from '../../../test/render';
import { Pagination, paginationRange } from './Pagination';

describe('Pagination', () => {
  it('computes ranges with ellipses', () => {
    expect(paginationRange(1, 5)).toEqual([1, 2, 3, 4, 5]);
    expect(paginationRange(10, 20)).toEqual([1, 'ellipsis', 9, 10, 11, 'ellipsis', 20]);
    expect(paginationRange(2, 20)).toEqual([1, 2, 3, 4, 5, 'ellipsis', 20]);
  });

  it('navigates and marks the current page', async () => {
    const onPageChange = vi.fn();
    const { user } = renderUi(<Pagination page={1} pageCount={10} onPageChange={onPageChange} />);
    expect(screen.getByRole('navigation', { name: 'ページ送り' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: '前のページ' })).toBeDisabled();
    expect(screen.getByRole('button', { name: '1 ページ' })).toHaveAttribute('aria-current', 'page');
    await user.click(screen.getByRole('button', { name: '次のページ' }));
    expect(onPageChange).toHaveBeenLastCalledWith(2);
    await user.click(screen.getByRole('button', { name: '10 ページ' }));
    expect(onPageChange).toHaveBeenLastCalledWith(10);
    await expectNoAxeViolations();
  });

  it('renders nothing for a single page', () => {
    const { container } = renderUi(<Pagination page={1} pageCount={1} onPageChange={() => {}} />);
    expect(container).toBeEmptyDOMElement();
  });
});
