import type { Meta, StoryObj } from '@storybook/react-vite';
import { useState } from 'react';
import { RadioGroup } from './RadioGroup';

const officeTypes = [
  { value: 'attorney', label: '特許事務所' },
  { value: 'translation', label: '翻訳会社' },
  { value: 'research', label: '調査会社' },
];
const officeTypesEn = [
  { value: 'attorney', label: 'Patent firm' },
  { value: 'translation', label: 'Translation company' },
  { value: 'research', label: 'Search company' },
];

const meta = {
  title: 'Forms/RadioGroup',
  component: RadioGroup,
  args: { label: '依頼先の種類', options: officeTypes },
  parameters: { enArgs: { label: 'Type of provider', options: officeTypesEn } },
} satisfies Meta<typeof RadioGroup>;
export default meta;
type Story = StoryObj<typeof meta>;

export const Default: Story = {};
export const Controlled: Story = {
  render: function Render(args) {
    const [value, setValue] = useState('attorney');
    return <RadioGroup {...args} value={value} onChange={setValue} />;
  },
};
export const Horizontal: Story = { args: { orientation: 'horizontal', defaultValue: 'research' } };
export const Required: Story = {
  args: { required: true, helpText: '依頼内容に合う種類を選んでください。' },
  parameters: { enArgs: { helpText: 'Choose the type that fits the request.' } },
};
export const WithError: Story = {
  args: { required: true, error: '必須項目です' },
  parameters: { enArgs: { error: 'This field is required' } },
};
export const WithDescriptions: Story = {
  args: {
    options: [
      { value: 'estimate', label: '見積依頼', description: '費用の見積もりを依頼します。' },
      { value: 'other', label: 'その他', description: '見積以外の依頼です。' },
    ],
  },
  parameters: {
    enArgs: {
      options: [
        { value: 'estimate', label: 'Estimate request', description: 'Ask for a cost estimate.' },
        { value: 'other', label: 'Other', description: 'Any request other than an estimate.' },
      ],
    },
  },
};
const researchDisabled = (options: typeof officeTypes) =>
  options.map((o) => ({ ...o, disabled: o.value === 'research' }));
export const DisabledOption: Story = {
  args: { options: researchDisabled(officeTypes) },
  parameters: { enArgs: { options: researchDisabled(officeTypesEn) } },
};
export const Disabled: Story = { args: { disabled: true, defaultValue: 'translation' } };
