import type { Meta, StoryObj } from '@storybook/react-vite';
import { hashLink } from '../../../test/fixtures/navigation';
import { Breadcrumb } from './Breadcrumb';

const meta = {
  title: 'Navigation/Breadcrumb',
  component: Breadcrumb,
  args: {
    renderLink: hashLink,
    items: [
      { label: 'TOP', href: '/' },
      { label: 'IP Portal', href: '/' },
      { label: '依頼管理', href: '/requests' },
      { label: 'メール' },
    ],
  },
  parameters: {
    enArgs: {
      items: [
        { label: 'TOP', href: '/' },
        { label: 'IP Portal', href: '/' },
        { label: 'Requests', href: '/requests' },
        { label: 'Mails' },
      ],
    },
  },
} satisfies Meta<typeof Breadcrumb>;
export default meta;
type Story = StoryObj<typeof meta>;

export const Default: Story = {};
export const TwoLevels: Story = {
  args: { items: [{ label: 'TOP', href: '/' }, { label: 'IP Portal' }] },
  parameters: { enArgs: { items: [{ label: 'TOP', href: '/' }, { label: 'IP Portal' }] } },
};
export const LongPath: Story = {
  args: {
    items: [
      { label: 'TOP', href: '/' },
      { label: 'IP Portal', href: '/' },
      { label: '依頼管理', href: '/requests' },
      { label: 'P-2024-00118', href: '/requests/118' },
      { label: '翻訳依頼（米国出願用明細書）', href: '/requests/118/5' },
      { label: '見積・請求' },
    ],
  },
  parameters: {
    enArgs: {
      items: [
        { label: 'TOP', href: '/' },
        { label: 'IP Portal', href: '/' },
        { label: 'Requests', href: '/requests' },
        { label: 'P-2024-00118', href: '/requests/118' },
        { label: 'Translation (US application specification)', href: '/requests/118/5' },
        { label: 'Estimate / billing' },
      ],
    },
  },
};
