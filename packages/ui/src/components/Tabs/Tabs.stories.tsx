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
const matterTabsEn = [
  { id: 'all', label: 'All', count: 128 },
  { id: 'patent', label: 'Patent', count: 74 },
  { id: 'utility', label: 'Utility model', count: 6 },
  { id: 'design', label: 'Design', count: 12 },
  { id: 'trademark', label: 'Trademark', count: 36 },
  { id: 'deleted', label: 'Deleted', count: 0 },
];

/** Panel content naming the shown tab, as a list page would show its rows there. */
const panel = (items: readonly { id: string; label: string }[], ja: boolean) => (id: string) => {
  const label = items.find((i) => i.id === id)?.label ?? id;
  return <p style={{ margin: 0, padding: '16px 0' }}>{ja ? `「${label}」の一覧` : `List: ${label}`}</p>;
};

const meta = {
  title: 'Navigation/Tabs',
  component: Tabs,
  args: { label: '案件の種類', items: matterTabs, children: panel(matterTabs, true) },
  parameters: { enArgs: { label: 'Matter type', items: matterTabsEn, children: panel(matterTabsEn, false) } },
} satisfies Meta<typeof Tabs>;
export default meta;
type Story = StoryObj<typeof meta>;

export const WithCounts: Story = {
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await userEvent.click(canvas.getByRole('tab', { name: /特許|Patent/ }));
    await userEvent.keyboard('{ArrowRight}');
    const utility = canvas.getByRole('tab', { name: /実用新案|Utility model/ });
    await expect(utility).toHaveAttribute('aria-selected', 'true');
    await expect(canvas.getByRole('tabpanel')).toHaveTextContent(/実用新案|Utility model/);
  },
};

const detailTabs = [
  { id: 'info', label: '案件情報' },
  { id: 'requests', label: '依頼情報' },
  { id: 'space', label: 'ユーザースペース' },
];
const detailTabsEn = [
  { id: 'info', label: 'Matter details' },
  { id: 'requests', label: 'Requests' },
  { id: 'space', label: 'User space' },
];
export const WithoutCounts: Story = {
  args: { label: '案件詳細', items: detailTabs, children: panel(detailTabs, true) },
  parameters: { enArgs: { label: 'Matter', items: detailTabsEn, children: panel(detailTabsEn, false) } },
};

const utilityDisabled = (items: typeof matterTabs) =>
  items.map((t) => ({ ...t, disabled: t.id === 'utility' }));
export const WithDisabled: Story = {
  args: { items: utilityDisabled(matterTabs), defaultValue: 'patent' },
  parameters: { enArgs: { items: utilityDisabled(matterTabsEn) } },
};

const englishTabs = matterTabsEn.filter((t) => ['all', 'patent', 'trademark', 'deleted'].includes(t.id));
export const English: Story = {
  args: { label: 'Matter type', items: englishTabs, children: panel(englishTabs, false) },
  parameters: { enArgs: { label: 'Matter type', items: englishTabs, children: panel(englishTabs, false) } },
};
