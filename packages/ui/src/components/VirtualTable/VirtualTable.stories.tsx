import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, fn, waitFor, within } from 'storybook/test';
import { sampleMatters } from '../../../test/fixtures/matters';
import type { SampleMatter } from '../../../test/fixtures/matters';
import { VirtualTable } from './VirtualTable';
import type { TableColumn } from '../Table';

const columns: TableColumn<SampleMatter>[] = [
  { key: 'no', header: 'No.', cell: (_m, i) => i + 1, width: 80, align: 'end' },
  {
    key: 'reference',
    header: '整理番号',
    cell: (m) => m.reference,
    sortable: true,
    sortValue: (m) => m.reference,
    width: 160,
  },
  { key: 'title', header: 'タイトル', cell: (m) => m.title, sortable: true, sortValue: (m) => m.title },
  { key: 'region', header: '国・地域', cell: (m) => m.region, width: 120 },
  {
    key: 'requests',
    header: '依頼数',
    cell: (m) => m.requests,
    align: 'end',
    width: 100,
    sortable: true,
    sortValue: (m) => m.requests,
  },
];

const tenThousand = sampleMatters(10_000);

const meta = {
  title: 'Data display/VirtualTable',
  component: VirtualTable<SampleMatter>,
  args: {
    columns,
    rows: tenThousand,
    getRowKey: (m: SampleMatter) => m.id,
    label: '案件一覧（10,000 件）',
    height: 420,
  },
} satisfies Meta<typeof VirtualTable<SampleMatter>>;
export default meta;
type Story = StoryObj<typeof meta>;

export const TenThousandRows: Story = {
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    const region = canvas.getByRole('region');
    const rendered = canvas.getAllByRole('row').length;
    await expect(rendered).toBeLessThan(60);
    region.scrollTop = region.scrollHeight;
    await waitFor(() => expect(canvas.getByText('10000')).toBeInTheDocument());
  },
};
export const ClickableRows: Story = { args: { onRowClick: fn() } };
export const Sorted: Story = { args: { defaultSort: { key: 'requests', direction: 'desc' } } };
export const Empty: Story = { args: { rows: [], emptyText: '案件が登録されていません' } };
