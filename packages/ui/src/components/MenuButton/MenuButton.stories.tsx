import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, fn, userEvent, within } from 'storybook/test';
import { hashLink } from '../../../test/fixtures/navigation';
import { AccountIcon, BuildingIcon, SignOutIcon } from '../../icons';
import { MenuButton } from './MenuButton';
import type { MenuItem } from './MenuButton';

const signOut = fn();

// The portal's account menu as an office user sees it.
const accountItems = (en: boolean): MenuItem[] => [
  {
    id: 'profile',
    label: en ? 'Account information' : 'アカウント情報',
    icon: <AccountIcon />,
    href: '/profile',
  },
  {
    id: 'office',
    label: en ? 'Office profile' : '事務所情報',
    icon: <BuildingIcon />,
    href: '/partner-firm',
  },
  {
    id: 'sign-out',
    label: en ? 'Log out' : 'ログアウト',
    icon: <SignOutIcon />,
    onSelect: signOut,
    dividerBefore: true,
  },
];

const signedInAs = (name: string, detail: string) => (
  <>
    <strong>{name}</strong>
    <br />
    {detail}
  </>
);

const meta = {
  title: 'Navigation/MenuButton',
  component: MenuButton,
  argTypes: { icon: { control: false }, header: { control: false }, items: { control: false } },
  args: {
    label: '佐藤 花子',
    icon: <AccountIcon />,
    items: accountItems(false),
    header: signedInAs('佐藤 花子', 'firm@example.com ・ 特許事務所ユーザー'),
    renderLink: hashLink,
  },
  parameters: {
    enArgs: {
      label: 'Hanako Sato',
      items: accountItems(true),
      header: signedInAs('Hanako Sato', 'firm@example.com · Patent office user'),
    },
  },
  // Room below the button for the open menu.
  decorators: [
    (Story) => (
      <div style={{ display: 'flex', justifyContent: 'flex-end', minHeight: 280 }}>
        <Story />
      </div>
    ),
  ],
} satisfies Meta<typeof MenuButton>;
export default meta;
type Story = StoryObj<typeof meta>;

export const Closed: Story = {};

/** Opened from the keyboard: the first entry has focus; the arrow keys move, Escape closes. */
export const Open: Story = {
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    const button = canvas.getByRole('button', { name: /佐藤 花子|Hanako Sato/ });
    button.focus();
    await userEvent.keyboard('{ArrowDown}');
    const menu = canvas.getByRole('menu');
    const items = within(menu).getAllByRole('menuitem');
    await expect(items).toHaveLength(3);
    await expect(items[0]).toHaveFocus();
    await userEvent.keyboard('{ArrowDown}');
    await expect(items[1]).toHaveFocus();
    await userEvent.keyboard('{Escape}');
    await expect(canvas.queryByRole('menu')).toBeNull();
    await expect(button).toHaveFocus();
    await userEvent.click(button);
    await expect(canvas.getByRole('menu')).toBeVisible();
  },
};

/** On the dark header bar, as the application header shows it. */
export const OnHeaderBar: Story = {
  args: { tone: 'inverse' },
  decorators: [
    (Story) => (
      <div style={{ background: '#14263f', padding: 10, display: 'flex', justifyContent: 'flex-end' }}>
        <Story />
      </div>
    ),
  ],
};
