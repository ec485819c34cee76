import type { Meta, StoryObj } from '@storybook/react-vite';
import { Footer } from './Footer';

const meta = {
  title: 'Layout/Footer',
  component: Footer,
  args: { copyright: '© 2025 IP Portal Inc. All rights reserved.' },
  parameters: { layout: 'fullscreen' },
} satisfies Meta<typeof Footer>;
export default meta;
type Story = StoryObj<typeof meta>;

export const Default: Story = {};
export const WithLinks: Story = {
  args: {
    links: (
      <>
        <a href="#terms">利用規約</a>
        <a href="#privacy">プライバシーポリシー</a>
      </>
    ),
  },
  parameters: {
    enArgs: {
      links: (
        <>
          <a href="#terms">Terms of use</a>
          <a href="#privacy">Privacy policy</a>
        </>
      ),
    },
  },
};
