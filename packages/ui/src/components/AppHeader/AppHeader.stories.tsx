import type { Meta, StoryObj } from '@storybook/react-vite';
import { useState } from 'react';
import { expect, fn, userEvent, within } from 'storybook/test';
import { hashLink, sidebarSections } from '../../../test/fixtures/navigation';
import { pick } from '../../../test/fixtures/story-locale';
import type { UiLocale } from '../../i18n';
import { AccountIcon } from '../../icons';
import { Breadcrumb } from '../Breadcrumb/Breadcrumb';
import { Button } from '../Button/Button';
import { Footer } from '../Footer/Footer';
import { MenuButton } from '../MenuButton/MenuButton';
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

// As the app builds it: TOP > product > one translated entry per route word of the path.
const crumbs = (segment: string) => (
  <Breadcrumb
    renderLink={hashLink}
    items={[{ label: 'TOP', href: '/' }, { label: 'IP Portal', href: '/' }, { label: segment }]}
  />
);

const meta = {
  title: 'Layout/AppHeader',
  component: AppHeader,
  argTypes: {
    logo: { control: false },
    breadcrumb: { control: false },
    actions: { control: false },
    account: { control: false },
  },
  args: {
    logo: <Logo />,
    locale: 'ja',
    onLocaleChange: fn(),
    renderLink: hashLink,
    accountLabel: '山田 太郎',
    title: '案件管理',
    breadcrumb: crumbs('案件'),
  },
  parameters: {
    layout: 'fullscreen',
    enArgs: {
      locale: 'en',
      accountLabel: 'Taro Yamada',
      title: 'Matter management',
      breadcrumb: crumbs('Matters'),
    },
  },
} satisfies Meta<typeof AppHeader>;
export default meta;
type Story = StoryObj<typeof meta>;

export const Default: Story = {
  play: async ({ canvasElement, args, globals }) => {
    const canvas = within(canvasElement);
    // Switch to the language that is not shown (in the English toolbar mode the header shows en).
    const toEnglish = globals['locale'] !== 'en';
    await userEvent.click(canvas.getByRole('button', { name: toEnglish ? 'English' : '日本語' }));
    await expect(args.onLocaleChange).toHaveBeenCalledWith(toEnglish ? 'en' : 'ja');
    // Leave focus on the page, not on a header button, for the screenshot.
    (document.activeElement as HTMLElement | null)?.blur();
  },
};
export const WithoutTitle: Story = {
  args: { title: '' },
  parameters: {
    enArgs: { locale: 'en', accountLabel: 'Taro Yamada', title: '', breadcrumb: crumbs('Matters') },
  },
};
export const BarOnly: Story = { args: { showExtension: false } };

const accountMenu = (en: boolean) => (
  <MenuButton
    tone="inverse"
    narrowIconOnly
    renderLink={hashLink}
    icon={<AccountIcon />}
    label={en ? 'Taro Yamada' : '山田 太郎'}
    header="demo@example.com"
    items={[
      { id: 'profile', label: en ? 'Account information' : 'アカウント情報', href: '/profile' },
      { id: 'sign-out', label: en ? 'Log out' : 'ログアウト', onSelect: fn(), dividerBefore: true },
    ]}
  />
);

/** Signed in: an account menu (profile, sign out) in place of the account button. */
export const WithAccountMenu: Story = {
  args: { account: accountMenu(false) },
  parameters: {
    enArgs: {
      locale: 'en',
      title: 'Matter management',
      breadcrumb: crumbs('Matters'),
      account: accountMenu(true),
    },
  },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await userEvent.click(canvas.getByRole('button', { name: /山田 太郎|Taro Yamada/ }));
    await expect(canvas.getByRole('menuitem', { name: /アカウント情報|Account information/ })).toHaveFocus();
  },
};

/** Signed out: no account button. */
export const SignedOut: Story = {
  args: { showAccount: false, title: 'ログイン' },
  parameters: { enArgs: { locale: 'en', title: 'Log in', breadcrumb: crumbs('Log in') } },
};
export const English: Story = {
  args: {
    locale: 'en',
    title: 'Matter management',
    accountLabel: 'Taro Yamada',
    breadcrumb: crumbs('Matters'),
  },
};

/** Header, fixed-width sidebar, content and footer together, switching language from the header. */
export const AppShell: Story = {
  render: function Render(args, context) {
    const [locale, setLocale] = useState<UiLocale>(pick<UiLocale>(context, 'ja', 'en'));
    const t = <T,>(ja: T, en: T) => (locale === 'en' ? en : ja);
    return (
      <div style={{ display: 'flex', flexDirection: 'column', minHeight: '100vh' }}>
        <AppHeader
          {...args}
          locale={locale}
          onLocaleChange={setLocale}
          title={t('案件管理', 'Matter management')}
          accountLabel={t('山田 太郎', 'Taro Yamada')}
          breadcrumb={crumbs(t('案件', 'Matters'))}
        />
        <div style={{ display: 'flex', flex: 1 }}>
          <Sidebar sections={sidebarSections(() => {}, locale)} renderLink={hashLink} />
          <main style={{ flex: 1, padding: 24, minWidth: 0 }}>
            <Tabs
              label={t('案件の種類', 'Matter types')}
              items={[
                { id: 'all', label: t('すべて', 'All'), count: 3 },
                { id: 'patent', label: t('特許', 'Patent'), count: 2 },
                { id: 'trademark', label: t('商標', 'Trademark'), count: 1 },
              ]}
            >
              <Table
                caption={t('案件一覧', 'Matters')}
                captionHidden
                getRowKey={(r) => r.id}
                rows={[
                  {
                    id: '1',
                    ref: 'P-2024-00118',
                    title: t(
                      '半導体装置及びその製造方法',
                      'Semiconductor device and method of manufacturing the same',
                    ),
                  },
                  {
                    id: '2',
                    ref: 'P-2024-00121',
                    title: t(
                      '画像処理装置、画像処理方法及びプログラム',
                      'Image processing device, method and program',
                    ),
                  },
                  { id: '3', ref: 'T-2025-00003', title: t('「さくらテック」ロゴ', '"Sakura Tech" logo') },
                ]}
                columns={[
                  { key: 'ref', header: t('整理番号', 'Reference'), cell: (r) => r.ref, nowrap: true },
                  { key: 'title', header: t('タイトル', 'Title'), cell: (r) => r.title },
                ]}
              />
            </Tabs>
            <div style={{ marginTop: 16 }}>
              <Button>{t('案件を作成', 'Create matter')}</Button>
            </div>
          </main>
        </div>
        <Footer copyright="© 2025 IP Portal Inc." />
      </div>
    );
  },
};
