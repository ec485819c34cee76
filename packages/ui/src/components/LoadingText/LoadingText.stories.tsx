import type { Meta, StoryObj } from '@storybook/react-vite';
import { LoadingText } from './LoadingText';

const meta = { title: 'Feedback/LoadingText', component: LoadingText } satisfies Meta<typeof LoadingText>;
export default meta;
type Story = StoryObj<typeof meta>;

export const Default: Story = {};
export const Block: Story = { args: { block: true } };
export const CustomText: Story = {
  args: { children: '案件一覧を取得しています...' },
  parameters: { enArgs: { children: 'Loading the matter list...' } },
};
