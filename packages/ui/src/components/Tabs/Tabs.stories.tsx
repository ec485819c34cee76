import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, userEvent, within } from 'storybook/test';
import { Tabs } from './Tabs';

const matterTabs = [
  { id: 'all', label: 'すべて', count: 128 },
  { id: 'patent', label: '特許', count: 74 },
  { id: 'utility', label: '実用新案', count: 6 },
  { id: 'design', label: '意匠', count: 12 },
  { id: 'trademark', label: '商標', count: 36 },
  { id: 'deleted', label: '削除済み', count: 0 },
];

const meta = {
  title: 'Navigation/Tabs',
  component: Tabs,
  args: { label: '案件の種類', items: matterTabs, children: (id: string) => `表示中のタブ: ${id}` },
} satisfies Meta<typeof Tabs>;
export default meta;
type Story = StoryObj<typeof meta>;

export const WithCounts: Story = {
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await userEvent.click(canvas.getByRole('tab', { name: /特許/ }));
    await userEvent.keyboard('{ArrowRight}');
    await expect(canvas.getByRole('tab', { name: /実用新案/ })).toHaveAttribute('aria-selected', 'true');
    await expect(canvas.getByRole('tabpanel')).toHaveTextContent('utility');
  },
};
export const WithoutCounts: Story = {
  args: {
    label: '案件詳細',
    items: [
      { id: 'info', label: '案件情報' },
      { id: 'requests', label: '依頼情報' },
      { id: 'space', label: 'ユーザースペース' },
    ],
  },
};
export const WithDisabled: Story = {
  args: { items: matterTabs.map((t) => ({ ...t, disabled: t.id === 'utility' })), defaultValue: 'patent' },
};
export const English: Story = {
  args: {
    label: 'Matter type',
    items: [
      { id: 'all', label: 'All', count: 128 },
      { id: 'patent', label: 'Patent', count: 74 },
      { id: 'trademark', label: 'Trademark', count: 36 },
      { id: 'deleted', label: 'Deleted', count: 0 },
    ],
  },
};
