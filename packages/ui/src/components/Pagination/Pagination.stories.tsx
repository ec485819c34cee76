import type { Meta, StoryObj } from '@storybook/react-vite';
import { useState } from 'react';
import { expect, userEvent, within } from 'storybook/test';
import { Pagination } from './Pagination';

const meta = {
  title: 'Navigation/Pagination',
  component: Pagination,
  args: { page: 1, pageCount: 20, onPageChange: () => {} },
  render: function Render(args) {
    const [page, setPage] = useState(args.page);
    return <Pagination {...args} page={page} onPageChange={setPage} />;
  },
} satisfies Meta<typeof Pagination>;
export default meta;
type Story = StoryObj<typeof meta>;

export const FirstPage: Story = {
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await userEvent.click(canvas.getByRole('button', { name: /^(次のページ|Next page)$/ }));
    await expect(canvas.getByRole('button', { current: 'page' })).toHaveTextContent('2');
  },
};
export const MiddlePage: Story = { args: { page: 10 } };
export const LastPage: Story = { args: { page: 20 } };
export const FewPages: Story = { args: { pageCount: 4, page: 2 } };
