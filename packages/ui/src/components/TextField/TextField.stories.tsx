import type { Meta, StoryObj } from '@storybook/react-vite';
import { useState } from 'react';
import { expect, userEvent, within } from 'storybook/test';
import { TextField } from './TextField';

const meta = {
  title: 'Forms/TextField',
  component: TextField,
  args: { label: '整理番号', placeholder: '例: P-2025-001' },
} satisfies Meta<typeof TextField>;
export default meta;
type Story = StoryObj<typeof meta>;

export const Default: Story = {};
export const Required: Story = { args: { required: true } };
export const WithHelpText: Story = { args: { helpText: '社内で使っている管理番号を入力してください。' } };
export const WithError: Story = { args: { required: true, error: '必須項目です', defaultValue: '' } };
export const Disabled: Story = { args: { disabled: true, defaultValue: 'P-2024-118' } };

export const WithCounter: Story = {
  args: { label: 'タイトル', maxLength: 40, showCounter: true },
  render: function Render(args) {
    const [value, setValue] = useState('半導体装置及びその製造方法');
    return <TextField {...args} value={value} onChange={(e) => setValue(e.target.value)} />;
  },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    const input = canvas.getByRole('textbox');
    await userEvent.clear(input);
    await userEvent.type(input, '特許');
    await expect(canvas.getByText('2 / 40')).toBeInTheDocument();
  },
};

export const FullWidth: Story = { args: { fullWidth: true, label: '発明の名称' } };
