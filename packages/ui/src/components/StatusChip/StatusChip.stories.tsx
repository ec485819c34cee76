import type { Meta, StoryObj } from '@storybook/react-vite';
import { Badge, StatusChip } from './StatusChip';

const meta = {
  title: 'Data display/StatusChip',
  component: StatusChip,
  args: { children: '対応中', tone: 'info' },
} satisfies Meta<typeof StatusChip>;
export default meta;
type Story = StoryObj<typeof meta>;

export const Default: Story = {};
export const WithDot: Story = { args: { dot: true } };
export const AllTones: Story = {
  render: () => (
    <div style={{ display: 'flex', gap: 8, flexWrap: 'wrap' }}>
      <StatusChip tone="neutral">未着手</StatusChip>
      <StatusChip tone="info" dot>
        対応中
      </StatusChip>
      <StatusChip tone="success">完了</StatusChip>
      <StatusChip tone="warning">期限間近</StatusChip>
      <StatusChip tone="danger">期限超過</StatusChip>
    </div>
  ),
};
export const Badges: Story = {
  render: () => (
    <div style={{ display: 'flex', gap: 8, alignItems: 'center' }}>
      <Badge count={3} />
      <Badge count={12} tone="primary" />
      <Badge count={150} tone="danger" label="未読 150 件以上" />
    </div>
  ),
};
