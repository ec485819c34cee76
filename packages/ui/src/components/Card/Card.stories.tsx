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
  parameters: {
    enArgs: {
      title: 'Application',
      children: 'Application no.: 2024-012345 · Filed: 15 Mar 2024 · Publication no.: 2025-001234',
    },
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
  parameters: {
    enArgs: {
      actions: (
        <Button size="sm" variant="secondary">
          Edit
        </Button>
      ),
    },
  },
};
export const WithFooter: Story = {
  args: { footer: '最終更新: 2025/01/10 12:00' },
  parameters: { enArgs: { footer: 'Last updated: 10 Jan 2025 12:00' } },
};
export const WithoutTitle: Story = {
  args: { title: undefined },
  // '' rather than undefined: parameters merge skips undefined, which would keep the meta's title.
  parameters: { enArgs: { title: '' } },
};
export const Flush: Story = {
  args: {
    flush: true,
    children: (
      <div style={{ background: '#eef1f5', padding: 16 }}>余白なしの本文（表や一覧を端まで表示）</div>
    ),
  },
  parameters: {
    enArgs: {
      children: (
        <div style={{ background: '#eef1f5', padding: 16 }}>
          Body without padding (tables and lists reach the edges)
        </div>
      ),
    },
  },
};
