import type { Meta, StoryObj } from '@storybook/react-vite';
import { useState } from 'react';
import { expect, userEvent, within } from 'storybook/test';
import { pick } from '../../../test/fixtures/story-locale';
import { TextField } from './TextField';

const meta = {
  title: 'Forms/TextField',
  component: TextField,
  args: { label: '整理番号', placeholder: '例: P-2025-001' },
  parameters: { enArgs: { label: 'Reference', placeholder: 'e.g. P-2025-001' } },
  // A form column; the FullWidth story takes the whole canvas.
  decorators: [
    (Story, { args }) => <div style={{ maxWidth: args.fullWidth ? undefined : 360 }}>{Story()}</div>,
  ],
} satisfies Meta<typeof TextField>;
export default meta;
type Story = StoryObj<typeof meta>;

export const Default: Story = {};
export const Required: Story = { args: { required: true } };
export const WithHelpText: Story = {
  args: { helpText: '社内で使っている管理番号を入力してください。' },
  parameters: { enArgs: { helpText: 'The number your company uses to track the matter.' } },
};
export const WithError: Story = {
  args: { required: true, error: '必須項目です', defaultValue: '' },
  parameters: { enArgs: { error: 'This field is required' } },
};
export const Disabled: Story = { args: { disabled: true, defaultValue: 'P-2024-118' } };

export const WithCounter: Story = {
  args: { label: 'タイトル', maxLength: 40, showCounter: true },
  parameters: { enArgs: { label: 'Title' } },
  render: function Render(args, context) {
    const [value, setValue] = useState(pick(context, '半導体装置及びその製造方法', 'Semiconductor device'));
    return <TextField {...args} value={value} onChange={(e) => setValue(e.target.value)} />;
  },
  play: async ({ canvasElement, globals }) => {
    const canvas = within(canvasElement);
    const input = canvas.getByRole('textbox');
    await userEvent.clear(input);
    await userEvent.type(input, globals['locale'] === 'en' ? 'AI' : '特許');
    await expect(canvas.getByText('2 / 40')).toBeInTheDocument();
  },
};

export const OverLimit: Story = {
  args: {
    label: 'タイトル',
    maxLength: 10,
    showCounter: true,
    value: '半導体装置及びその製造方法',
    onChange: () => {},
  },
  parameters: { enArgs: { label: 'Title', value: 'Semiconductor device' } },
};

export const FullWidth: Story = {
  args: { fullWidth: true, label: '発明の名称', placeholder: '例: 半導体装置及びその製造方法' },
  parameters: {
    enArgs: {
      label: 'Title of the invention',
      placeholder: 'e.g. Semiconductor device and method of manufacturing the same',
    },
  },
};
