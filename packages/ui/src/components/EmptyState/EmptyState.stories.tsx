import type { Meta, StoryObj } from '@storybook/react-vite';
import { PlusIcon } from '../../icons';
import { Button } from '../Button/Button';
import { EmptyState } from './EmptyState';

const meta = { title: 'Feedback/EmptyState', component: EmptyState } satisfies Meta<typeof EmptyState>;
export default meta;
type Story = StoryObj<typeof meta>;

export const Default: Story = {};
export const NoProjects: Story = {
  args: {
    title: '案件が登録されていません',
    description: '「案件を作成」から最初の案件を登録してください。登録した案件はここに一覧表示されます。',
    action: <Button startIcon={<PlusIcon size={18} />}>案件を作成</Button>,
  },
  parameters: {
    enArgs: {
      title: 'No matters yet',
      description: 'Register your first matter with "Create matter". Registered matters are listed here.',
      action: <Button startIcon={<PlusIcon size={18} />}>Create matter</Button>,
    },
  },
};
export const WithoutIcon: Story = {
  args: { title: '検索条件に一致する依頼はありません', icon: null },
  parameters: { enArgs: { title: 'No requests match the search' } },
};
