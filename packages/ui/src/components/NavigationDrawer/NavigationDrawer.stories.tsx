import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, userEvent, waitFor, within } from 'storybook/test';
import { drawerItems, hashLink } from '../../../test/fixtures/navigation';
import { NavigationDrawer } from './NavigationDrawer';

const meta = {
  title: 'Navigation/NavigationDrawer',
  component: NavigationDrawer,
  parameters: { layout: 'fullscreen', enArgs: { items: drawerItems('en') } },
  args: { items: drawerItems(), renderLink: hashLink },
  decorators: [(Story) => <div style={{ height: 480, display: 'flex' }}>{Story()}</div>],
} satisfies Meta<typeof NavigationDrawer>;
export default meta;
type Story = StoryObj<typeof meta>;

/** Expanded, the default width (256 px). The toggle collapses it to the rail and back. */
export const Expanded: Story = {
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    const nav = canvas.getByRole('navigation');
    const collapse = canvas.getByRole('button', { name: /メニューを折りたたむ|Collapse menu/ });
    await expect(collapse).toHaveAttribute('aria-expanded', 'true');
    await userEvent.click(collapse);
    const expand = canvas.getByRole('button', { name: /メニューを開く|Expand menu/ });
    await expect(expand).toHaveAttribute('aria-expanded', 'false');
    // The width animates; wait for the transition to end.
    await waitFor(() => expect(nav).toHaveStyle({ width: '56px' }));
    await userEvent.click(expand);
    await waitFor(() => expect(nav).toHaveStyle({ width: '256px' }));
    (document.activeElement as HTMLElement | null)?.blur();
  },
};
/** Collapsed to the 56 px rail: icons only, labels as accessible names and tooltips. */
export const Rail: Story = { args: { defaultExpanded: false } };
