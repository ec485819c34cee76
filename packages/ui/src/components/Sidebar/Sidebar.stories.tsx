import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, fn, userEvent, within } from 'storybook/test';
import { hashLink, sidebarSections } from '../../../test/fixtures/navigation';
import { Button } from '../Button/Button';
import { Sidebar } from './Sidebar';

const onCreate = fn();

const meta = {
  title: 'Navigation/Sidebar',
  component: Sidebar,
  parameters: { layout: 'fullscreen' },
  args: { sections: sidebarSections(onCreate), renderLink: hashLink },
  decorators: [(Story) => <div style={{ height: 620, display: 'flex' }}>{Story()}</div>],
} satisfies Meta<typeof Sidebar>;
export default meta;
type Story = StoryObj<typeof meta>;

/** Default sidebar: a button entry, links with one active, and disabled entries (terms, pension). */
export const Default: Story = {
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(canvas.getByRole('link', { name: '案件管理' })).toHaveAttribute('aria-current', 'page');
    await expect(canvas.getByRole('link', { name: '期限管理' })).toHaveAttribute('aria-disabled', 'true');
    await userEvent.click(canvas.getByRole('button', { name: '案件を作成' }));
    await expect(onCreate).toHaveBeenCalled();
  },
};

export const RequestDetail: Story = {
  args: {
    sections: [
      {
        id: 'request',
        items: [
          { id: 'back', label: 'TOPへ戻る', onClick: () => {} },
          { id: 'mails', label: 'メール', href: '/requests/1/2/mails', active: true },
          { id: 'terms', label: '期限', href: '/requests/1/2/terms' },
          { id: 'deliverables', label: '納品物', href: '/requests/1/2/deliverables' },
          { id: 'estimate', label: '見積・請求', href: '/requests/1/2/estimate-bill' },
          { id: 'history', label: '履歴', href: '/requests/1/2/history' },
        ],
      },
    ],
  },
};

export const WithHeader: Story = {
  args: {
    header: <Button fullWidth>案件を作成</Button>,
    sections: sidebarSections().map((s) => ({ ...s, items: s.items.filter((i) => i.id !== 'create') })),
  },
};

export const English: Story = {
  args: {
    label: 'Main menu',
    sections: [
      {
        id: 'main',
        items: [
          { id: 'projects', label: 'Matter management', href: '/projects', active: true },
          { id: 'requests', label: 'Request management', href: '/requests' },
          { id: 'terms', label: 'Deadline management', href: '/terms', disabled: true },
          { id: 'pension', label: 'Annuity (pension) management', href: '/pension', disabled: true },
        ],
      },
    ],
  },
};
