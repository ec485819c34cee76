import type { Meta, StoryObj } from '@storybook/react-vite';
import { Select } from './Select';

const caseTypes = [
  { value: '0', label: '特許' },
  { value: '1', label: '実用新案' },
  { value: '2', label: '商標' },
  { value: '3', label: '意匠' },
];

const meta = {
  title: 'Forms/Select',
  component: Select,
  args: { label: '種別', options: caseTypes },
} satisfies Meta<typeof Select>;
export default meta;
type Story = StoryObj<typeof meta>;

export const Default: Story = {};
export const Required: Story = { args: { required: true } };
export const WithValue: Story = { args: { defaultValue: '2' } };
export const WithHelpText: Story = { args: { helpText: '案件登録時は特許と商標のみ選べます。' } };
export const WithError: Story = { args: { required: true, error: '必須項目です' } };
export const Disabled: Story = { args: { disabled: true, defaultValue: '0' } };
export const DisabledOption: Story = {
  args: { options: caseTypes.map((o) => ({ ...o, disabled: o.value === '1' || o.value === '3' })) },
};
export const NoPlaceholder: Story = { args: { placeholder: null } };
