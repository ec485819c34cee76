import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, userEvent, waitFor, within } from 'storybook/test';
import { drawerItems, hashLink } from '../../../test/fixtures/navigation';
import { NavigationDrawer } from './NavigationDrawer';

const meta = {
  title: 'Navigation/NavigationDrawer',
  component: NavigationDrawer,
  parameters: { layout: 'fullscreen' },
  args: { items: drawerItems(), renderLink: hashLink },
  decorators: [(Story) => <div style={{ height: 480, display: 'flex' }}>{Story()}</div>],
} satisfies Meta<typeof NavigationDrawer>;
export default meta;
type Story = StoryObj<typeof meta>;

/** Expanded, the default width (256 px). */
export const Expanded: Story = {
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    const toggle = canvas.getByRole('button', { name: 'メニューを折りたたむ' });
    await expect(toggle).toHaveAttribute('aria-expanded', 'true');
    await userEvent.click(toggle);
    await expect(canvas.getByRole('button', { name: 'メニューを開く' })).toHaveAttribute(
      'aria-expanded',
      'false',
    );
    // The width animates; wait for the transition to end.
    await waitFor(() => expect(canvas.getByRole('navigation')).toHaveStyle({ width: '56px' }));
  },
};
/** Collapsed to the 56 px rail: icons only, labels as accessible names and tooltips. */
export const Rail: Story = { args: { defaultExpanded: false } };
