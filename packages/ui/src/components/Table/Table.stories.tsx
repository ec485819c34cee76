import type { Meta, StoryObj } from '@storybook/react-vite';
import { format } from 'date-fns';
import { useState } from 'react';
import { expect, fn, userEvent, within } from 'storybook/test';
import { sampleMatters } from '../../../test/fixtures/matters';
import type { SampleMatter } from '../../../test/fixtures/matters';
import { EmptyState } from '../EmptyState/EmptyState';
import { StatusChip } from '../StatusChip/StatusChip';
import { Table } from './Table';
import type { TableColumn } from './Table';

const statusLabel = ['未着手', '対応中', '完了'] as const;
const statusTone = ['neutral', 'info', 'success'] as const;
const typeLabel = { patent: '特許', utility: '実用新案', design: '意匠', trademark: '商標' } as const;

const columns: TableColumn<SampleMatter>[] = [
  {
    key: 'reference',
    header: '整理番号',
    cell: (m) => m.reference,
    sortable: true,
    sortValue: (m) => m.reference,
    nowrap: true,
  },
  { key: 'title', header: 'タイトル', cell: (m) => m.title, sortable: true, sortValue: (m) => m.title },
  { key: 'type', header: '種別', cell: (m) => typeLabel[m.type], nowrap: true },
  { key: 'region', header: '国・地域', cell: (m) => m.region, nowrap: true },
  {
    key: 'status',
    header: 'ステータス',
    cell: (m) => <StatusChip tone={statusTone[m.status]}>{statusLabel[m.status]}</StatusChip>,
    sortable: true,
    sortValue: (m) => m.status,
  },
  {
    key: 'applicationDate',
    header: '出願日',
    cell: (m) => (m.applicationDate ? format(m.applicationDate, 'yyyy/MM/dd') : '—'),
    sortable: true,
    sortValue: (m) => m.applicationDate,
    nowrap: true,
  },
  {
    key: 'requests',
    header: '依頼数',
    cell: (m) => m.requests,
    align: 'end',
    sortable: true,
    sortValue: (m) => m.requests,
  },
];

const rows = sampleMatters(12);

const meta = {
  title: 'Data display/Table',
  component: Table<SampleMatter>,
  args: { columns, rows, getRowKey: (m: SampleMatter) => m.id, caption: '案件一覧' },
} satisfies Meta<typeof Table<SampleMatter>>;
export default meta;
type Story = StoryObj<typeof meta>;

export const Default: Story = {};

export const Sortable: Story = {
  args: { defaultSort: { key: 'applicationDate', direction: 'desc' } },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    const header = canvas.getByRole('columnheader', { name: /依頼数/ });
    await userEvent.click(within(header).getByRole('button'));
    await expect(header).toHaveAttribute('aria-sort', 'ascending');
  },
};

export const ClickableRows: Story = {
  args: { onRowClick: fn() },
  play: async ({ canvasElement, args }) => {
    const rowsEls = within(canvasElement).getAllByRole('row');
    await userEvent.click(rowsEls[1]!);
    await expect(args.onRowClick).toHaveBeenCalledWith(rows[0]);
  },
};

export const Selected: Story = {
  render: function Render(args) {
    const [selected, setSelected] = useState('m-3');
    return <Table {...args} selectedRowKey={selected} onRowClick={(m) => setSelected(m.id)} />;
  },
};

export const StickyHeader: Story = {
  args: { rows: sampleMatters(60), stickyHeader: true, maxHeight: 360 },
};

export const Empty: Story = { args: { rows: [] } };

export const EmptyTextSlot: Story = {
  args: {
    rows: [],
    emptyText: (
      <EmptyState
        title="案件が登録されていません"
        description="「案件を作成」から最初の案件を登録してください。"
      />
    ),
  },
};

export const HiddenCaption: Story = { args: { captionHidden: true } };
