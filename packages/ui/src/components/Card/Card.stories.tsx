import type { Meta, StoryObj } from '@storybook/react-vite';
import { Button } from '../Button/Button';
import { Card } from './Card';

const meta = {
  title: 'Layout/Card',
  component: Card,
  args: {
    title: '出願情報',
    children: '出願番号: 特願2024-012345　出願日: 2024/03/15　公開番号: 特開2025-001234',
  },
} satisfies Meta<typeof Card>;
export default meta;
type Story = StoryObj<typeof meta>;

export const Default: Story = {};
export const WithActions: Story = {
  args: {
    actions: (
      <Button size="sm" variant="secondary">
        編集
      </Button>
    ),
  },
};
export const WithFooter: Story = { args: { footer: '最終更新: 2025/01/10 12:00' } };
export const WithoutTitle: Story = { args: { title: undefined } };
export const Flush: Story = {
  args: {
    flush: true,
    children: <div style={{ background: '#eef1f5', padding: 16 }}>edge-to-edge content</div>,
  },
};
