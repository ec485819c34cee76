import { screen, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { expectNoAxeViolations, renderUi } from '../../../test/render';
import { MenuButton } from './MenuButton';
import type { MenuItem } from './MenuButton';

function items(onSignOut: () => void): MenuItem[] {
  return [
    { id: 'profile', label: 'アカウント情報', href: '/profile' },
    { id: 'office', label: '事務所情報', href: '/partner-firm' },
    { id: 'sign-out', label: 'ログアウト', onSelect: onSignOut, dividerBefore: true },
  ];
}

function renderMenu(onSignOut = vi.fn()) {
  const rendered = renderUi(
    <>
      <MenuButton
        label="山田 太郎"
        items={items(onSignOut)}
        header={<span>demo@example.com</span>}
        renderLink={({ href, children, ...rest }) => (
          <a href={href} {...rest}>
            {children}
          </a>
        )}
      />
      <button type="button">外のボタン</button>
    </>,
  );
  return { ...rendered, button: screen.getByRole('button', { name: '山田 太郎' }), onSignOut };
}

describe('MenuButton', () => {
  it('is a collapsed menu button until clicked, then shows its items with the first focused', async () => {
    const { user, button } = renderMenu();
    expect(button).toHaveAttribute('aria-haspopup', 'menu');
    expect(button).toHaveAttribute('aria-expanded', 'false');
    expect(screen.queryByRole('menu')).toBeNull();

    await user.click(button);

    expect(button).toHaveAttribute('aria-expanded', 'true');
    const menu = screen.getByRole('menu', { name: '山田 太郎' });
    expect(button).toHaveAttribute('aria-controls', menu.id);
    const entries = within(menu).getAllByRole('menuitem');
    expect(entries.map((entry) => entry.textContent)).toEqual(['アカウント情報', '事務所情報', 'ログアウト']);
    expect(entries[0]).toHaveAttribute('href', '/profile');
    expect(entries[0]).toHaveFocus();
    expect(within(menu).getByRole('separator')).toBeInTheDocument();
    // The header (who is signed in) is shown, but it is not an item.
    expect(screen.getByText('demo@example.com')).toBeVisible();
    await expectNoAxeViolations();
  });

  it('moves with the arrow keys, Home and End, wrapping around', async () => {
    const { user, button } = renderMenu();
    button.focus();
    await user.keyboard('{ArrowDown}');
    const entries = screen.getAllByRole('menuitem');
    expect(entries[0]).toHaveFocus();
    await user.keyboard('{ArrowDown}');
    expect(entries[1]).toHaveFocus();
    await user.keyboard('{ArrowDown}{ArrowDown}');
    expect(entries[0]).toHaveFocus();
    await user.keyboard('{ArrowUp}');
    expect(entries[2]).toHaveFocus();
    await user.keyboard('{Home}');
    expect(entries[0]).toHaveFocus();
    await user.keyboard('{End}');
    expect(entries[2]).toHaveFocus();
  });

  it('opens on ArrowUp with the last item focused', async () => {
    const { user, button } = renderMenu();
    button.focus();
    await user.keyboard('{ArrowUp}');
    expect(screen.getByRole('menuitem', { name: 'ログアウト' })).toHaveFocus();
  });

  it('closes on Escape, back on the button, without letting the key reach the page', async () => {
    const onPageEscape = vi.fn();
    document.addEventListener('keydown', onPageEscape);
    try {
      const { user, button } = renderMenu();
      await user.click(button);
      await user.keyboard('{Escape}');
      expect(screen.queryByRole('menu')).toBeNull();
      expect(button).toHaveFocus();
      expect(button).toHaveAttribute('aria-expanded', 'false');
      expect(onPageEscape).not.toHaveBeenCalled();
    } finally {
      document.removeEventListener('keydown', onPageEscape);
    }
  });

  it('runs an action and closes, focus back on the button', async () => {
    const { user, button, onSignOut } = renderMenu();
    await user.click(button);
    await user.click(screen.getByRole('menuitem', { name: 'ログアウト' }));
    expect(onSignOut).toHaveBeenCalledTimes(1);
    expect(screen.queryByRole('menu')).toBeNull();
    expect(button).toHaveFocus();
  });

  it('closes when a link is followed', async () => {
    const { user, button } = renderMenu();
    await user.click(button);
    const profile = screen.getByRole('menuitem', { name: 'アカウント情報' });
    profile.addEventListener('click', (event) => event.preventDefault());
    await user.click(profile);
    expect(screen.queryByRole('menu')).toBeNull();
  });

  it('closes on a click outside, and on Tab', async () => {
    const { user, button } = renderMenu();
    await user.click(button);
    await user.click(screen.getByRole('button', { name: '外のボタン' }));
    expect(screen.queryByRole('menu')).toBeNull();

    await user.click(button);
    await user.tab();
    expect(screen.queryByRole('menu')).toBeNull();
  });

  it('toggles closed when the button is clicked again', async () => {
    const { user, button } = renderMenu();
    await user.click(button);
    await user.click(button);
    expect(screen.queryByRole('menu')).toBeNull();
  });
});
