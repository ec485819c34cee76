import { act, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { reloadTab } from '../src/features/auth/reload-tab';
import { makeUser } from './fixtures';
import { renderApp } from './renderWithProviders';

vi.mock('../src/features/auth/reload-tab', () => ({ reloadTab: vi.fn() }));

// The port's side (storage events, no token for the old user) is in create-auth-port.test.ts;
// e2e/tests/auth.spec.ts drives two tabs of one browser.
describe('another user signed in in another tab', () => {
  it('says so over the page, which it keeps until the tab is reloaded', async () => {
    const app = renderApp('/chat', { apiUser: makeUser() });
    await app.findByRole('heading', { level: 1, name: 'チャット' });
    // The page and the signed-in chunk are in (the replacement below is a synchronous act()).
    await app.findByRole('button', { name: 'Hanako Yamada' });
    await app.findByText('ルームを検索');
    expect(app.queryByRole('alertdialog')).toBeNull();

    act(() => app.auth.replaceFromOtherTab({ userType: 'PATENT', subject: 'user-patent-9' }));

    const dialog = await app.findByRole('alertdialog', { name: '別のタブで別のユーザーがログインしました' });
    expect(dialog).toHaveTextContent('新しいユーザー（特許事務所ユーザー）');
    expect(
      within(dialog)
        .getAllByRole('button')
        .map((button) => button.textContent),
    ).toEqual(['再読み込み']);
    await app.user.keyboard('{Escape}');
    expect(app.getByRole('alertdialog')).toBeInTheDocument();
    // The tab does not become the other user behind the dialog.
    expect(app.store.getState().auth).toMatchObject({ userType: 'REGULAR', subject: 'user-regular-1' });
  });

  it('reloads the tab from its only button, in English too', async () => {
    const app = renderApp('/chat', { apiUser: makeUser({ locale: 'en' }), locale: 'en' });
    await app.findByRole('heading', { level: 1, name: 'Chat' });
    act(() => app.auth.replaceFromOtherTab({ userType: 'REGULAR', subject: 'user-regular-2' }));
    const dialog = await app.findByRole('alertdialog', { name: 'Another user signed in in another tab' });
    expect(dialog).toHaveTextContent('User type: Client (company).');
    await app.user.click(within(dialog).getByRole('button', { name: 'Reload' }));
    expect(reloadTab).toHaveBeenCalledTimes(1);
  });
});
