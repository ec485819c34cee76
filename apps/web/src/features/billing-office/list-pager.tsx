import { Pagination } from '@ipportal/ui';
import styled from 'styled-components';
import { billingPageSize } from './list-params';

const Pager = styled.div`
  display: flex;
  justify-content: center;
  margin-top: ${({ theme }) => theme.space.lg}px;
`;

/** The pages of an office billing list; nothing when everything fits on one page. */
export function ListPager({
  total,
  page,
  onPage,
}: {
  total: number;
  page: number;
  onPage: (page: number) => void;
}) {
  const pageCount = Math.ceil(total / billingPageSize);
  if (pageCount <= 1) return null;
  return (
    <Pager>
      <Pagination page={Math.min(page, pageCount)} pageCount={pageCount} onPageChange={onPage} />
    </Pager>
  );
}
