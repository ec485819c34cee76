import { screen, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { expectNoAxeViolations, renderUi } from '../../../test/render';
import { theme } from '../../theme';
import { Breadcrumb } from '../Breadcrumb/Breadcrumb';
import { MenuButton } from '../MenuButton/MenuButton';
import { AppHeader } from './AppHeader';

describe('AppHeader', () => {
  it('has the logo link, language selector, account link, breadcrumb and title', async () => {
    const onLocaleChange = vi.fn();
    const { user } = renderUi(
      <AppHeader
        logo={<img src="data:image/gif;base64,R0lGODlhAQABAAAAACw=" alt="IP Portal" />}
        locale="ja"
        onLocaleChange={onLocaleChange}
        breadcrumb={<Breadcrumb items={[{ label: 'TOP', href: '/' }, { label: '案件管理' }]} />}
        title="案件管理"
        renderLink={({ href, children, ...rest }) => (
          <a href={href} data-testid={`link-${href}`} {...rest}>
            {children}
          </a>
        )}
      />,
    );
    const banner = screen.getByRole('banner');
    expect(within(banner).getByRole('link', { name: 'IP Portal' })).toHaveAttribute('href', '/');
    expect(within(banner).getByRole('link', { name: 'アカウント' })).toHaveAttribute('href', '/profile');
    const group = within(banner).getByRole('group', { name: '言語' });
    expect(within(group).getByRole('button', { name: '日本語' })).toHaveAttribute('aria-pressed', 'true');
    await user.click(within(group).getByRole('button', { name: 'English' }));
    expect(onLocaleChange).toHaveBeenCalledWith('en');
    expect(screen.getByRole('heading', { level: 1, name: '案件管理' })).toBeInTheDocument();
    expect(screen.getByRole('navigation', { name: 'パンくずリスト' })).toBeInTheDocument();
    await expectNoAxeViolations();
  });

  it('takes its sizes from the theme: bar 60, logo 140, extension 100', () => {
    expect(theme.layout).toMatchObject({ headerHeight: 60, headerExtensionHeight: 100, logoWidth: 140 });
    renderUi(<AppHeader logo="IP" locale="en" onLocaleChange={() => {}} title="" />, { locale: 'en' });
    const banner = screen.getByRole('banner');
    const bar = banner.firstElementChild as HTMLElement;
    expect(getComputedStyle(bar).height).toBe('60px');
    expect(getComputedStyle(bar.firstElementChild as HTMLElement).width).toBe('140px');
    expect(getComputedStyle(banner.lastElementChild as HTMLElement).height).toBe('100px');
    expect(screen.queryByRole('heading')).toBeNull();
    expect(screen.getByRole('link', { name: /Account/ })).toBeInTheDocument();
  });

  it('puts an account menu in place of the account button', async () => {
    const onSignOut = vi.fn();
    const { user } = renderUi(
      <AppHeader
        logo="IP"
        locale="ja"
        onLocaleChange={() => {}}
        account={
          <MenuButton
            tone="inverse"
            label="山田 太郎"
            header="demo@example.com"
            items={[
              { id: 'profile', label: 'アカウント情報', href: '/profile' },
              { id: 'sign-out', label: 'ログアウト', onSelect: onSignOut, dividerBefore: true },
            ]}
          />
        }
        title="案件管理"
      />,
    );
    const banner = screen.getByRole('banner');
    const account = within(banner).getByRole('button', { name: '山田 太郎' });
    expect(within(banner).queryByRole('link', { name: /アカウント/ })).toBeNull();
    await user.click(account);
    const menu = within(banner).getByRole('menu', { name: '山田 太郎' });
    expect(within(banner).getByText('demo@example.com')).toBeVisible();
    expect(within(menu).getByRole('menuitem', { name: 'アカウント情報' })).toHaveAttribute(
      'href',
      '/profile',
    );
    await expectNoAxeViolations();
    await user.click(within(menu).getByRole('menuitem', { name: 'ログアウト' }));
    expect(onSignOut).toHaveBeenCalledTimes(1);
  });

  it('shows no account control when told so (signed out)', () => {
    renderUi(
      <AppHeader logo="IP" locale="ja" onLocaleChange={() => {}} showAccount={false} title="ログイン" />,
    );
    const banner = screen.getByRole('banner');
    expect(within(banner).queryByRole('link', { name: /アカウント/ })).toBeNull();
    expect(within(banner).queryByRole('button', { name: /アカウント/ })).toBeNull();
    expect(within(banner).getByRole('group', { name: '言語' })).toBeInTheDocument();
  });
});
