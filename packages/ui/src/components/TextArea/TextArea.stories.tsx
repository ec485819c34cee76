import type { Meta, StoryObj } from '@storybook/react-vite';
import { useState } from 'react';
import { TextArea } from './TextArea';

const meta = {
  title: 'Forms/TextArea',
  component: TextArea,
  args: { label: '依頼内容', placeholder: '依頼の内容を入力してください' },
} satisfies Meta<typeof TextArea>;
export default meta;
type Story = StoryObj<typeof meta>;

export const Default: Story = {};
export const Required: Story = { args: { required: true } };
export const WithHelpText: Story = { args: { helpText: '期限や希望する対応があれば記載してください。' } };
export const WithError: Story = { args: { required: true, error: '必須項目です' } };
export const Disabled: Story = {
  args: { disabled: true, defaultValue: '特許出願の明細書翻訳をお願いします。' },
};
export const WithCounter: Story = {
  args: { maxLength: 200, showCounter: true, fullWidth: true },
  render: function Render(args) {
    const [value, setValue] = useState('本願の請求項1について、先行技術調査をお願いします。');
    return <TextArea {...args} value={value} onChange={(e) => setValue(e.target.value)} />;
  },
};
export const OverLimit: Story = {
  args: { maxLength: 10, showCounter: true, value: '上限を超えた長いコメントです。', onChange: () => {} },
};
