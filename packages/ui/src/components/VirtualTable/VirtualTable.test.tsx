import { fireEvent, screen, waitFor } from '@testing-library/react';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { expectNoAxeViolations, renderUi } from '../../../test/render';
import type { TableColumn } from '../Table';
import { VirtualTable } from './VirtualTable';

interface Row {
  id: string;
  n: number;
}
const rows: Row[] = Array.from({ length: 10_000 }, (_, i) => ({ id: String(i), n: i + 1 }));
const columns: TableColumn<Row>[] = [
  { key: 'n', header: '番号', cell: (r) => `row ${r.n}`, sortable: true, sortValue: (r) => r.n },
];

describe('VirtualTable', () => {
  // jsdom has no layout: give elements a viewport size so the virtualizer has something to fill.
  beforeAll(() => {
    vi.spyOn(HTMLElement.prototype, 'clientHeight', 'get').mockReturnValue(400);
    vi.spyOn(HTMLElement.prototype, 'clientWidth', 'get').mockReturnValue(800);
  });
  afterAll(() => {
    vi.restoreAllMocks();
  });

  it('renders a window of 10,000 rows with table semantics', async () => {
    renderUi(
      <VirtualTable
        label="一覧"
        columns={columns}
        rows={rows}
        getRowKey={(r) => r.id}
        height={400}
        rowHeight={40}
      />,
    );
    const table = screen.getByRole('table', { name: '一覧' });
    expect(table).toHaveAttribute('aria-rowcount', '10001');
    const rendered = screen.getAllByRole('row');
    expect(rendered.length).toBeGreaterThan(1);
    expect(rendered.length).toBeLessThan(60);
    expect(screen.getByText('row 1')).toBeInTheDocument();
    await expectNoAxeViolations();
  });

  it('renders rows near the scroll position', () => {
    renderUi(
      <VirtualTable
        label="一覧"
        columns={columns}
        rows={rows}
        getRowKey={(r) => r.id}
        height={400}
        rowHeight={40}
      />,
    );
    const region = screen.getByRole('region', { name: '一覧' });
    region.scrollTop = 40 * 5000;
    fireEvent.scroll(region);
    expect(screen.getByText('row 5001')).toBeInTheDocument();
    expect(screen.queryByText('row 1')).toBeNull();
  });

  it('turns pointer events off on the rows while scrolling and back on once it settles', async () => {
    renderUi(
      <VirtualTable
        label="一覧"
        columns={columns}
        rows={rows}
        getRowKey={(r) => r.id}
        height={400}
        rowHeight={40}
      />,
    );
    const region = screen.getByRole('region', { name: '一覧' });
    expect(region).not.toHaveAttribute('data-scrolling');
    region.scrollTop = 400;
    fireEvent.scroll(region);
    expect(region).toHaveAttribute('data-scrolling');
    await waitFor(() => expect(region).not.toHaveAttribute('data-scrolling'));
  });

  it('sorts and activates rows with Enter', async () => {
    const onRowClick = vi.fn();
    const { user } = renderUi(
      <VirtualTable
        label="一覧"
        columns={columns}
        rows={rows.slice(0, 5)}
        getRowKey={(r) => r.id}
        onRowClick={onRowClick}
      />,
    );
    await user.click(screen.getByRole('button', { name: /番号/ }));
    await user.click(screen.getByRole('button', { name: /番号/ }));
    expect(screen.getByRole('columnheader')).toHaveAttribute('aria-sort', 'descending');
    const first = screen.getAllByRole('row')[1]!;
    expect(first).toHaveTextContent('row 5');
    first.focus();
    await user.keyboard('{Enter}');
    expect(onRowClick).toHaveBeenCalledWith(rows[4]);
  });

  it('renders only the rows that come into view while scrolling', () => {
    const cell = vi.fn((r: Row) => `row ${r.n}`);
    renderUi(
      <VirtualTable
        label="一覧"
        columns={[{ key: 'n', header: '番号', cell }]}
        rows={rows}
        getRowKey={(r) => r.id}
        height={400}
        rowHeight={40}
        overscan={2}
      />,
    );
    const region = screen.getByRole('region', { name: '一覧' });
    const shown = screen.getAllByRole('row').length - 1;
    expect(shown).toBeGreaterThan(10);
    cell.mockClear();
    // Three rows further: three rows enter the view; the others keep their elements.
    region.scrollTop = 40 * 3;
    fireEvent.scroll(region);
    expect(screen.getByText(`row ${shown + 3}`)).toBeInTheDocument();
    expect(cell.mock.calls.map(([r]) => r.n).sort((a, b) => a - b)).toEqual([
      shown + 1,
      shown + 2,
      shown + 3,
    ]);
  });

  it('activates the clicked row, whichever the caller passes as handler', async () => {
    const first = vi.fn();
    const second = vi.fn();
    const props = {
      label: '一覧',
      columns,
      rows: rows.slice(0, 5),
      getRowKey: (r: Row) => r.id,
    };
    const { user, rerender } = renderUi(<VirtualTable {...props} onRowClick={first} />);
    await user.click(screen.getByText('row 3'));
    expect(first).toHaveBeenCalledWith(rows[2]);
    rerender(<VirtualTable {...props} onRowClick={second} />);
    await user.click(screen.getByText('row 4'));
    expect(second).toHaveBeenCalledWith(rows[3]);
    expect(first).toHaveBeenCalledTimes(1);
  });
});
