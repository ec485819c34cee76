import type { Meta, StoryObj } from '@storybook/react-vite';
import { useState } from 'react';
import { expect, fn, userEvent, within } from 'storybook/test';
import { hashLink, sidebarSections } from '../../../test/fixtures/navigation';
import type { UiLocale } from '../../i18n';
import { Breadcrumb } from '../Breadcrumb/Breadcrumb';
import { Button } from '../Button/Button';
import { Footer } from '../Footer/Footer';
import { Sidebar } from '../Sidebar/Sidebar';
import { Table } from '../Table/Table';
import { Tabs } from '../Tabs/Tabs';
import { AppHeader } from './AppHeader';

function Logo() {
  return (
    <svg width="140" height="32" viewBox="0 0 140 32" role="img" aria-label="IP Portal">
      <rect x="0" y="4" width="24" height="24" rx="5" fill="#ffffff" />
      <path d="M7 10h10M7 16h10M7 22h6" stroke="#14263f" strokeWidth="2.5" strokeLinecap="round" />
      <text x="32" y="22" fill="#ffffff" fontSize="17" fontWeight="700" fontFamily="sans-serif">
        IP Portal
      </text>
    </svg>
  );
}

const meta = {
  title: 'Layout/AppHeader',
  component: AppHeader,
  parameters: { layout: 'fullscreen' },
  argTypes: { logo: { control: false }, breadcrumb: { control: false }, actions: { control: false } },
  args: {
    logo: <Logo />,
    locale: 'ja',
    onLocaleChange: fn(),
    renderLink: hashLink,
    accountLabel: '山田 太郎',
    title: '案件管理',
    breadcrumb: (
      <Breadcrumb
        renderLink={hashLink}
        items={[{ label: 'TOP', href: '/' }, { label: 'IP Portal', href: '/' }, { label: 'projects' }]}
      />
    ),
  },
} satisfies Meta<typeof AppHeader>;
export default meta;
type Story = StoryObj<typeof meta>;

export const Default: Story = {
  play: async ({ canvasElement, args }) => {
    const canvas = within(canvasElement);
    await userEvent.click(canvas.getByRole('button', { name: 'English' }));
    await expect(args.onLocaleChange).toHaveBeenCalledWith('en');
  },
};
export const WithoutTitle: Story = { args: { title: '' } };
export const BarOnly: Story = { args: { showExtension: false } };
export const English: Story = {
  args: { locale: 'en', title: 'Matter management', accountLabel: 'Taro Yamada' },
};

/** Header, fixed-width sidebar, content and footer together, switching language from the header. */
export const AppShell: Story = {
  render: function Render(args) {
    const [locale, setLocale] = useState<UiLocale>('ja');
    return (
      <div style={{ display: 'flex', flexDirection: 'column', minHeight: 640 }}>
        <AppHeader {...args} locale={locale} onLocaleChange={setLocale} />
        <div style={{ display: 'flex', flex: 1 }}>
          <Sidebar sections={sidebarSections()} renderLink={hashLink} />
          <main style={{ flex: 1, padding: 24, minWidth: 0 }}>
            <Tabs
              label="案件の種類"
              items={[
                { id: 'all', label: 'すべて', count: 3 },
                { id: 'patent', label: '特許', count: 2 },
                { id: 'trademark', label: '商標', count: 1 },
              ]}
            >
              <Table
                caption="案件一覧"
                captionHidden
                getRowKey={(r) => r.id}
                rows={[
                  { id: '1', ref: 'P-2024-00118', title: '半導体装置及びその製造方法' },
                  { id: '2', ref: 'P-2024-00121', title: '画像処理装置、画像処理方法及びプログラム' },
                  { id: '3', ref: 'T-2025-00003', title: '「さくらテック」ロゴ' },
                ]}
                columns={[
                  { key: 'ref', header: '整理番号', cell: (r) => r.ref, nowrap: true },
                  { key: 'title', header: 'タイトル', cell: (r) => r.title },
                ]}
              />
            </Tabs>
            <div style={{ marginTop: 16 }}>
              <Button>案件を作成</Button>
            </div>
          </main>
        </div>
        <Footer copyright="© 2025 IP Portal Inc." />
      </div>
    );
  },
};
