import { screen } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { drawerItems } from '../../../test/fixtures/navigation';
import { expectNoAxeViolations, renderUi } from '../../../test/render';
import { NavigationDrawer } from './NavigationDrawer';

describe('NavigationDrawer', () => {
  it('toggles between 256 px and the 56 px rail, keeping entries named', async () => {
    const onExpandedChange = vi.fn();
    const { user } = renderUi(<NavigationDrawer items={drawerItems()} onExpandedChange={onExpandedChange} />);
    const nav = screen.getByRole('navigation');
    expect(getComputedStyle(nav).width).toBe('256px');
    await expectNoAxeViolations();
    await user.click(screen.getByRole('button', { name: 'メニューを折りたたむ' }));
    expect(onExpandedChange).toHaveBeenCalledWith(false);
    expect(getComputedStyle(nav).width).toBe('56px');
    expect(screen.getByRole('link', { name: '案件管理' })).toHaveAttribute('aria-current', 'page');
    expect(screen.queryByText('案件管理')).toBeNull();
    expect(screen.getByRole('button', { name: 'メニューを開く' })).toHaveAttribute('aria-expanded', 'false');
    await expectNoAxeViolations();
  });

  it('can be controlled', () => {
    renderUi(<NavigationDrawer items={drawerItems()} expanded={false} />, { locale: 'en' });
    expect(screen.getByRole('button', { name: 'Expand menu' })).toBeInTheDocument();
  });
});
