import type { Meta, StoryObj } from '@storybook/react-vite';
import { pick } from '../../../test/fixtures/story-locale';
import { Badge, StatusChip } from './StatusChip';

const meta = {
  title: 'Data display/StatusChip',
  component: StatusChip,
  args: { children: '対応中', tone: 'info' },
  parameters: { enArgs: { children: 'In progress' } },
} satisfies Meta<typeof StatusChip>;
export default meta;
type Story = StoryObj<typeof meta>;

export const Default: Story = {};
export const WithDot: Story = { args: { dot: true } };
export const AllTones: Story = {
  render: (_args, context) => (
    <div style={{ display: 'flex', gap: 8, flexWrap: 'wrap' }}>
      <StatusChip tone="neutral">{pick(context, '未着手', 'Not started')}</StatusChip>
      <StatusChip tone="info" dot>
        {pick(context, '対応中', 'In progress')}
      </StatusChip>
      <StatusChip tone="success">{pick(context, '完了', 'Done')}</StatusChip>
      <StatusChip tone="warning">{pick(context, '期限間近', 'Due soon')}</StatusChip>
      <StatusChip tone="danger">{pick(context, '期限超過', 'Overdue')}</StatusChip>
    </div>
  ),
};
export const Badges: Story = {
  render: (_args, context) => (
    <div style={{ display: 'flex', gap: 8, alignItems: 'center' }}>
      <Badge count={3} />
      <Badge count={12} tone="primary" />
      <Badge count={150} tone="danger" label={pick(context, '未読 150 件以上', 'Over 150 unread')} />
    </div>
  ),
};
