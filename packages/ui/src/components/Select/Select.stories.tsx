import type { Meta, StoryObj } from '@storybook/react-vite';
import { Select } from './Select';

const caseTypes = [
  { value: '0', label: '特許' },
  { value: '1', label: '実用新案' },
  { value: '2', label: '商標' },
  { value: '3', label: '意匠' },
];
const caseTypesEn = [
  { value: '0', label: 'Patent' },
  { value: '1', label: 'Utility model' },
  { value: '2', label: 'Trademark' },
  { value: '3', label: 'Design' },
];

const meta = {
  title: 'Forms/Select',
  component: Select,
  args: { label: '種別', options: caseTypes },
  parameters: { enArgs: { label: 'Type', options: caseTypesEn } },
  // As wide as a form column; without it the field stretched across the whole canvas.
  decorators: [(Story) => <div style={{ maxWidth: 360 }}>{Story()}</div>],
} satisfies Meta<typeof Select>;
export default meta;
type Story = StoryObj<typeof meta>;

export const Default: Story = {};
export const Required: Story = { args: { required: true } };
export const WithValue: Story = { args: { defaultValue: '2' } };
export const WithHelpText: Story = {
  args: { helpText: '案件登録時は特許と商標のみ選べます。' },
  parameters: { enArgs: { helpText: 'Only patents and trademarks can be registered as matters.' } },
};
export const WithError: Story = {
  args: { required: true, error: '必須項目です' },
  parameters: { enArgs: { error: 'This field is required' } },
};
export const Disabled: Story = { args: { disabled: true, defaultValue: '0' } };
const onlyPatentAndTrademark = (options: typeof caseTypes) =>
  options.map((o) => ({ ...o, disabled: o.value === '1' || o.value === '3' }));
export const DisabledOption: Story = {
  args: { options: onlyPatentAndTrademark(caseTypes) },
  parameters: { enArgs: { options: onlyPatentAndTrademark(caseTypesEn) } },
};
export const NoPlaceholder: Story = { args: { placeholder: null } };
