import { screen, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { expectNoAxeViolations, renderUi } from '../../../test/render';
import { Table, sortRows } from './index';
import type { TableColumn } from './index';

interface Row {
  id: string;
  name: string;
  count: number | null;
}
const rows: Row[] = [
  { id: '1', name: 'いちご', count: 10 },
  { id: '2', name: 'あんず', count: 2 },
  { id: '3', name: 'うめ', count: null },
];
const columns: TableColumn<Row>[] = [
  { key: 'name', header: '名前', cell: (r) => r.name, sortable: true, sortValue: (r) => r.name },
  {
    key: 'count',
    header: '件数',
    cell: (r) => r.count ?? '-',
    sortable: true,
    sortValue: (r) => r.count,
    align: 'end',
  },
];

function names() {
  return screen
    .getAllByRole('row')
    .slice(1)
    .map((r) => within(r).getAllByRole('cell')[0]!.textContent);
}

describe('Table', () => {
  it('below its minimum width scrolls sideways in a focusable region, keeping the first column in view', async () => {
    renderUi(
      <Table
        caption="請求書"
        captionHidden
        columns={columns}
        rows={rows}
        getRowKey={(r) => r.id}
        minWidth={960}
        stickyFirstColumn
      />,
    );
    const region = screen.getByRole('region', { name: '請求書' });
    expect(region).toHaveAttribute('tabindex', '0');
    const table = within(region).getByRole('table');
    expect(getComputedStyle(table).minWidth).toBe('960px');
    const firstCell = within(table).getAllByRole('cell')[0]!;
    expect(getComputedStyle(firstCell).position).toBe('sticky');
    await expectNoAxeViolations();
  });

  it('a table wider than the screen leaves is a focusable region too, without a minimum width', async () => {
    // jsdom lays nothing out: the box reports a table twice as wide as itself.
    const widths = {
      scrollWidth: vi.spyOn(HTMLElement.prototype, 'scrollWidth', 'get').mockReturnValue(1600),
      clientWidth: vi.spyOn(HTMLElement.prototype, 'clientWidth', 'get').mockReturnValue(800),
    };
    try {
      renderUi(<Table caption="請求書" columns={columns} rows={rows} getRowKey={(r) => r.id} />);
      const region = await screen.findByRole('region', { name: '請求書' });
      expect(region).toHaveAttribute('tabindex', '0');
      await expectNoAxeViolations();
    } finally {
      widths.scrollWidth.mockRestore();
      widths.clientWidth.mockRestore();
    }
  });

  it('a table that fits is no extra tab stop', () => {
    renderUi(<Table caption="請求書" columns={columns} rows={rows} getRowKey={(r) => r.id} />);
    expect(screen.queryByRole('region')).toBeNull();
    expect(screen.getByRole('table').parentElement).not.toHaveAttribute('tabindex');
  });

  it('sorts by header buttons and reports aria-sort', async () => {
    const onSortChange = vi.fn();
    const { user } = renderUi(
      <Table
        caption="一覧"
        columns={columns}
        rows={rows}
        getRowKey={(r) => r.id}
        onSortChange={onSortChange}
      />,
    );
    expect(names()).toEqual(['いちご', 'あんず', 'うめ']);
    const header = screen.getByRole('columnheader', { name: /名前/ });
    expect(header).toHaveAttribute('aria-sort', 'none');
    await user.click(within(header).getByRole('button'));
    expect(header).toHaveAttribute('aria-sort', 'ascending');
    expect(names()).toEqual(['あんず', 'いちご', 'うめ']);
    await user.click(within(header).getByRole('button'));
    expect(header).toHaveAttribute('aria-sort', 'descending');
    expect(names()).toEqual(['うめ', 'いちご', 'あんず']);
    expect(onSortChange).toHaveBeenLastCalledWith({ key: 'name', direction: 'desc' });
    await expectNoAxeViolations();
  });

  it('keeps empty values last in both directions', () => {
    const asc = sortRows(rows, (r) => r.count, 'asc', 'ja').map((r) => r.id);
    const desc = sortRows(rows, (r) => r.count, 'desc', 'ja').map((r) => r.id);
    expect(asc).toEqual(['2', '1', '3']);
    expect(desc).toEqual(['1', '2', '3']);
  });

  it('activates clickable rows with the mouse and the keyboard', async () => {
    const onRowClick = vi.fn();
    const { user } = renderUi(
      <Table caption="一覧" columns={columns} rows={rows} getRowKey={(r) => r.id} onRowClick={onRowClick} />,
    );
    await user.click(screen.getByText('あんず'));
    expect(onRowClick).toHaveBeenLastCalledWith(rows[1]);
    const firstRow = screen.getAllByRole('row')[1]!;
    firstRow.focus();
    await user.keyboard('{Enter}');
    expect(onRowClick).toHaveBeenLastCalledWith(rows[0]);
    await expectNoAxeViolations();
  });

  it('shows the empty text slot or the default text', async () => {
    const { unmount } = renderUi(
      <Table caption="一覧" columns={columns} rows={[]} getRowKey={(r) => r.id} />,
    );
    expect(screen.getByText('データがありません')).toBeInTheDocument();
    unmount();
    renderUi(
      <Table
        caption="List"
        columns={columns}
        rows={[]}
        getRowKey={(r) => r.id}
        emptyText="No project registered"
        stickyHeader
        maxHeight={200}
      />,
      {
        locale: 'en',
      },
    );
    expect(screen.getByText('No project registered')).toBeInTheDocument();
    expect(screen.getByRole('region', { name: 'List' })).toHaveAttribute('tabindex', '0');
    await expectNoAxeViolations();
  });
});
