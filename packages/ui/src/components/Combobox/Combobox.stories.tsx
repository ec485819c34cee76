import type { Meta, StoryObj } from '@storybook/react-vite';
import { useEffect, useState } from 'react';
import { expect, userEvent, waitFor, within } from 'storybook/test';
import { regionOptions } from '../../../test/fixtures/regions';
import { pick } from '../../../test/fixtures/story-locale';
import { Combobox } from './Combobox';

const meta = {
  title: 'Forms/Combobox',
  component: Combobox,
  args: { label: '国・地域', options: regionOptions('ja') },
  parameters: { layout: 'padded', enArgs: { label: 'Country / region', options: regionOptions('en') } },
  decorators: [(Story) => <div style={{ maxWidth: 360, minHeight: 420 }}>{Story()}</div>],
} satisfies Meta<typeof Combobox>;
export default meta;
type Story = StoryObj<typeof meta>;

export const Default: Story = {};

export const Regions250: Story = {
  name: 'Regions (250+ options, searchable)',
  render: function Render(args, context) {
    const [value, setValue] = useState<string | null>('JP');
    return (
      <>
        <Combobox {...args} value={value} onChange={setValue} clearable />
        <p>
          {pick(context, '選択中の値', 'Selected value')}: {value ?? '—'}
        </p>
      </>
    );
  },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    const input = canvas.getByRole('combobox');
    await userEvent.clear(input);
    await userEvent.type(input, 'germany');
    await userEvent.keyboard('{Enter}');
    await expect(canvas.getByText(/: DE$/)).toBeInTheDocument();
  },
};

export const Open: Story = {
  play: async ({ canvasElement }) => {
    await userEvent.click(within(canvasElement).getByRole('combobox'));
  },
};
export const NoMatches: Story = {
  play: async ({ canvasElement }) => {
    await userEvent.type(within(canvasElement).getByRole('combobox'), 'zzzzzz');
  },
};
export const Required: Story = {
  args: { required: true, helpText: '出願国を選択してください。' },
  parameters: { enArgs: { helpText: 'Choose the country of filing.' } },
};
export const WithError: Story = {
  args: { required: true, error: '必須項目です' },
  parameters: { enArgs: { error: 'This field is required' } },
};
export const Disabled: Story = { args: { disabled: true, defaultValue: 'US' } };
export const English: Story = {
  args: { label: 'Country / region', options: regionOptions('en'), placeholder: 'Search' },
};

/** At the bottom of the window the list opens above the field instead of running off screen. */
export const FlipsAboveNearTheBottom: Story = {
  parameters: { layout: 'fullscreen' },
  decorators: [
    (Story) => (
      <div
        style={{
          height: '100vh',
          display: 'flex',
          alignItems: 'flex-end',
          padding: 16,
          boxSizing: 'border-box',
        }}
      >
        <div style={{ width: 320 }}>{Story()}</div>
      </div>
    ),
  ],
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    const input = canvas.getByRole('combobox');
    await userEvent.click(input);
    const list = await canvas.findByRole('listbox');
    await waitFor(() =>
      expect(list.getBoundingClientRect().bottom).toBeLessThanOrEqual(input.getBoundingClientRect().top),
    );
    await expect(list.getBoundingClientRect().top).toBeGreaterThanOrEqual(0);
  },
};

const matters = [
  { value: 'm-1', label: 'P-2026-001 燃料電池用セパレータ' },
  { value: 'm-2', label: 'P-2026-014 リチウムイオン電池の負極材' },
  { value: 'm-3', label: 'T-2026-003 商標「アオバ」' },
];

/** Options searched on the server (e.g. 10,000 matters): the combobox reports the text and shows the answer as it is. */
export const ServerSearch: Story = {
  name: 'Server search (filtering none, loading)',
  args: { label: '案件', options: [] },
  parameters: { enArgs: { label: 'Matter', options: [] } },
  render: function Render(args) {
    const [query, setQuery] = useState('');
    const [answered, setAnswered] = useState('');
    useEffect(() => {
      const timer = setTimeout(() => setAnswered(query), 400);
      return () => clearTimeout(timer);
    }, [query]);
    const options = matters.filter((m) => answered !== '' && m.label.includes(answered));
    return (
      <Combobox
        {...args}
        options={answered === '' ? matters : options}
        filtering="none"
        loading={query !== answered}
        onQueryChange={setQuery}
      />
    );
  },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await userEvent.type(canvas.getByRole('combobox'), '電池');
    await waitFor(() => expect(canvas.getAllByRole('option')).toHaveLength(2));
  },
};
