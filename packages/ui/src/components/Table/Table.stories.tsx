import type { Meta, StoryObj } from '@storybook/react-vite';
import { format } from 'date-fns';
import { useState } from 'react';
import { expect, fn, userEvent, waitFor, within } from 'storybook/test';
import { sampleMatters } from '../../../test/fixtures/matters';
import type { SampleMatter } from '../../../test/fixtures/matters';
import { EmptyState } from '../EmptyState/EmptyState';
import { StatusChip } from '../StatusChip/StatusChip';
import { Table } from './Table';
import type { TableColumn } from './index';

const texts = {
  ja: {
    status: ['未着手', '対応中', '完了'],
    type: { patent: '特許', utility: '実用新案', design: '意匠', trademark: '商標' },
    headers: ['整理番号', 'タイトル', '種別', '国・地域', 'ステータス', '出願日', '依頼数'],
    dateFormat: 'yyyy/MM/dd',
    caption: '案件一覧',
    emptyTitle: '案件が登録されていません',
    emptyDescription: '「案件を作成」から最初の案件を登録してください。',
  },
  en: {
    status: ['Not started', 'In progress', 'Done'],
    type: { patent: 'Patent', utility: 'Utility model', design: 'Design', trademark: 'Trademark' },
    headers: ['Reference', 'Title', 'Type', 'Region', 'Status', 'Filing date', 'Requests'],
    dateFormat: 'MMM d, yyyy',
    caption: 'Matters',
    emptyTitle: 'No matters yet',
    emptyDescription: 'Register your first matter with "Create matter".',
  },
} as const;
const statusTone = ['neutral', 'info', 'success'] as const;

const matterColumns = (locale: 'ja' | 'en'): TableColumn<SampleMatter>[] => {
  const t = texts[locale];
  return [
    {
      key: 'reference',
      header: t.headers[0],
      cell: (m) => m.reference,
      sortable: true,
      sortValue: (m) => m.reference,
      nowrap: true,
    },
    { key: 'title', header: t.headers[1], cell: (m) => m.title, sortable: true, sortValue: (m) => m.title },
    { key: 'type', header: t.headers[2], cell: (m) => t.type[m.type], nowrap: true },
    { key: 'region', header: t.headers[3], cell: (m) => m.region, nowrap: true },
    {
      key: 'status',
      header: t.headers[4],
      cell: (m) => <StatusChip tone={statusTone[m.status]}>{t.status[m.status]}</StatusChip>,
      sortable: true,
      sortValue: (m) => m.status,
    },
    {
      key: 'applicationDate',
      header: t.headers[5],
      cell: (m) => (m.applicationDate ? format(m.applicationDate, t.dateFormat) : '—'),
      sortable: true,
      sortValue: (m) => m.applicationDate,
      nowrap: true,
    },
    {
      key: 'requests',
      header: t.headers[6],
      cell: (m) => m.requests,
      align: 'end',
      sortable: true,
      sortValue: (m) => m.requests,
    },
  ];
};

const rows = sampleMatters(12);

const meta = {
  title: 'Data display/Table',
  component: Table<SampleMatter>,
  args: {
    columns: matterColumns('ja'),
    rows,
    getRowKey: (m: SampleMatter) => m.id,
    caption: texts.ja.caption,
  },
  parameters: {
    enArgs: { columns: matterColumns('en'), rows: sampleMatters(12, 'en'), caption: texts.en.caption },
  },
} satisfies Meta<typeof Table<SampleMatter>>;
export default meta;
type Story = StoryObj<typeof meta>;

export const Default: Story = {};

export const Sortable: Story = {
  args: { defaultSort: { key: 'applicationDate', direction: 'desc' } },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    const header = canvas.getByRole('columnheader', { name: /依頼数|Requests/ });
    await userEvent.click(within(header).getByRole('button'));
    await expect(header).toHaveAttribute('aria-sort', 'ascending');
  },
};

export const ClickableRows: Story = {
  args: { onRowClick: fn() },
  play: async ({ canvasElement, args }) => {
    const rowsEls = within(canvasElement).getAllByRole('row');
    await userEvent.click(rowsEls[1]!);
    // By id: in the English toolbar mode the rows shown are the English sample, not args.rows.
    await expect(args.onRowClick).toHaveBeenCalledWith(expect.objectContaining({ id: 'm-1' }));
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
  parameters: { enArgs: { rows: sampleMatters(60, 'en') } },
  /** Scrolls the body so that the header is seen staying on top. */
  play: async ({ canvasElement }) => {
    const table = within(canvasElement).getByRole('table');
    const scroller = table.closest<HTMLElement>('[tabindex]') ?? table.parentElement!;
    scroller.scrollTop = 600;
    const header = within(table).getAllByRole('columnheader')[0]!;
    await waitFor(() =>
      expect(
        Math.abs(header.getBoundingClientRect().top - scroller.getBoundingClientRect().top),
      ).toBeLessThan(2),
    );
  },
};

export const Empty: Story = { args: { rows: [] }, parameters: { enArgs: { rows: [] } } };

export const EmptyTextSlot: Story = {
  args: {
    rows: [],
    emptyText: <EmptyState title={texts.ja.emptyTitle} description={texts.ja.emptyDescription} />,
  },
  parameters: {
    enArgs: {
      rows: [],
      emptyText: <EmptyState title={texts.en.emptyTitle} description={texts.en.emptyDescription} />,
    },
  },
};

export const HiddenCaption: Story = { args: { captionHidden: true } };
