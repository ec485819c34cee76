import type { Meta, StoryObj } from '@storybook/react-vite';
import { useState } from 'react';
import { pick } from '../../../test/fixtures/story-locale';
import { TextArea } from './TextArea';

const meta = {
  title: 'Forms/TextArea',
  component: TextArea,
  args: { label: '依頼内容', placeholder: '依頼の内容を入力してください' },
  parameters: { enArgs: { label: 'Request details', placeholder: 'Describe the request' } },
  // A form column; `fullWidth` stories take the whole canvas.
  decorators: [
    (Story, { args }) => <div style={{ maxWidth: args.fullWidth ? undefined : 480 }}>{Story()}</div>,
  ],
} satisfies Meta<typeof TextArea>;
export default meta;
type Story = StoryObj<typeof meta>;

export const Default: Story = {};
export const Required: Story = { args: { required: true } };
export const WithHelpText: Story = {
  args: { helpText: '期限や希望する対応があれば記載してください。' },
  parameters: { enArgs: { helpText: 'Add any deadline or preferred handling.' } },
};
export const WithError: Story = {
  args: { required: true, error: '必須項目です' },
  parameters: { enArgs: { error: 'This field is required' } },
};
export const Disabled: Story = {
  args: { disabled: true, defaultValue: '特許出願の明細書翻訳をお願いします。' },
  parameters: { enArgs: { defaultValue: 'Please translate the specification of the patent application.' } },
};
export const WithCounter: Story = {
  args: { maxLength: 200, showCounter: true, fullWidth: true },
  render: function Render(args, context) {
    const [value, setValue] = useState(
      pick(
        context,
        '本願の請求項1について、先行技術調査をお願いします。',
        'Please run a prior-art search on claim 1.',
      ),
    );
    return <TextArea {...args} value={value} onChange={(e) => setValue(e.target.value)} />;
  },
};
export const OverLimit: Story = {
  args: { maxLength: 10, showCounter: true, value: '上限を超えた長いコメントです。', onChange: () => {} },
  parameters: { enArgs: { maxLength: 20, value: 'A comment longer than the limit.' } },
};
