import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, fn, userEvent, within } from 'storybook/test';
import { hashLink, sidebarSections } from '../../../test/fixtures/navigation';
import { Button } from '../Button/Button';
import { Sidebar } from './Sidebar';

const onCreate = fn();

const meta = {
  title: 'Navigation/Sidebar',
  component: Sidebar,
  args: { sections: sidebarSections(onCreate), renderLink: hashLink },
  parameters: { layout: 'fullscreen', enArgs: { sections: sidebarSections(onCreate, 'en') } },
  decorators: [(Story) => <div style={{ height: 620, display: 'flex' }}>{Story()}</div>],
} satisfies Meta<typeof Sidebar>;
export default meta;
type Story = StoryObj<typeof meta>;

/** Default sidebar: a button entry, links with one active, and disabled entries (terms, pension). */
export const Default: Story = {
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(canvas.getByRole('link', { name: /^(案件管理|Matter management)$/ })).toHaveAttribute(
      'aria-current',
      'page',
    );
    await expect(canvas.getByRole('link', { name: /^(期限管理|Deadline management)$/ })).toHaveAttribute(
      'aria-disabled',
      'true',
    );
    await userEvent.click(canvas.getByRole('button', { name: /^(案件を作成|Create matter)$/ }));
    await expect(onCreate).toHaveBeenCalled();
  },
};

const requestSections = (texts: readonly [string, string, string, string, string, string]) => [
  {
    id: 'request',
    items: [
      { id: 'back', label: texts[0], onClick: () => {} },
      { id: 'mails', label: texts[1], href: '/requests/1/2/mails', active: true },
      { id: 'terms', label: texts[2], href: '/requests/1/2/terms' },
      { id: 'deliverables', label: texts[3], href: '/requests/1/2/deliverables' },
      { id: 'estimate', label: texts[4], href: '/requests/1/2/estimate-bill' },
      { id: 'history', label: texts[5], href: '/requests/1/2/history' },
    ],
  },
];

export const RequestDetail: Story = {
  args: { sections: requestSections(['TOPへ戻る', 'メール', '期限', '納品物', '見積・請求', '履歴']) },
  parameters: {
    enArgs: {
      label: 'Request menu',
      sections: requestSections([
        'Back to top',
        'Mails',
        'Deadlines',
        'Deliverables',
        'Estimate / billing',
        'History',
      ]),
    },
  },
};

const withoutCreate = (sections: ReturnType<typeof sidebarSections>) =>
  sections.map((s) => ({ ...s, items: s.items.filter((i) => i.id !== 'create') }));

export const WithHeader: Story = {
  args: {
    header: <Button fullWidth>案件を作成</Button>,
    sections: withoutCreate(sidebarSections()),
  },
  parameters: {
    enArgs: {
      header: <Button fullWidth>Create matter</Button>,
      sections: withoutCreate(sidebarSections(() => {}, 'en')),
    },
  },
};

const englishSections = [
  {
    id: 'main',
    items: [
      { id: 'projects', label: 'Matter management', href: '/projects', active: true },
      { id: 'requests', label: 'Request management', href: '/requests' },
      { id: 'terms', label: 'Deadline management', href: '/terms', disabled: true },
      { id: 'pension', label: 'Annuity (pension) management', href: '/pension', disabled: true },
    ],
  },
];

/** English entries without icons, in either toolbar language. */
export const English: Story = {
  args: { label: 'Main menu', sections: englishSections },
  // The meta's English sample would otherwise replace this story's own list.
  parameters: { enArgs: { label: 'Main menu', sections: englishSections } },
};
