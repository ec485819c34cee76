import { deadlineEndpoints } from '@ipportal/domain';
import { setupListeners } from '@reduxjs/toolkit/query';
import type { CalendarFeed } from '@ipportal/domain';
import { act, fireEvent, waitFor, within } from '@testing-library/react';
import { HttpResponse } from 'msw';
import { beforeAll, describe, expect, it, vi } from 'vitest';
import { makeUser } from '../../../test/fixtures';
import { server } from '../../../test/msw-server';
import {
  defaultReminderSettings as defaults,
  reminderSettingsApi as settingsApi,
} from '../../../test/reminder-settings-api';
import { renderApp } from '../../../test/renderWithProviders';
import { handlerFor } from '../../../test/handler-for';

const slow = { timeout: 20_000 };

const feedId = '8d3f8ea1-5d74-4f88-8d61-9e4a3b5c1d08';
const otherFeedId = '9e4a9fb2-6e85-4a99-9e72-af5b4c6d2e09';

/** /terms with no deadlines, where the tests that leave the settings go. */
function emptyDeadlinesApi() {
  server.use(
    handlerFor(deadlineEndpoints.deadlineFilterOptions, () =>
      HttpResponse.json({ hasError: false, message: '', item: { assignees: [], offices: [] } }),
    ),
    handlerFor(
      deadlineEndpoints.listDeadlines,
      () => HttpResponse.json({ hasError: false, message: '', items: [], nextCursor: null }),
      { namespace: 'user' },
    ),
  );
}

/** The calendar feed API: the list, creating one (its URL in the answer only), revoking. */
function feedsApi(start: CalendarFeed[] = []) {
  let feeds = start;
  const revoked: string[] = [];
  let created = 0;
  let listed = 0;
  server.use(
    handlerFor(
      deadlineEndpoints.listCalendarFeeds,
      () => {
        listed += 1;
        return HttpResponse.json({ hasError: false, message: '', items: feeds });
      },
      { namespace: 'user' },
    ),
    handlerFor(
      deadlineEndpoints.createCalendarFeed,
      () => {
        created += 1;
        const feed: CalendarFeed = { id: feedId, createdAt: '2026-11-26T01:00:00.000Z', lastFetchedAt: null };
        feeds = [...feeds, feed];
        return HttpResponse.json(
          {
            hasError: false,
            message: '',
            item: {
              ...feed,
              url: 'https://portal.example.com/calendar/Zx8Qm3Vt7Lp0Rk2Wn5Hs9Jd4Fb6Gc1Ye8Ua0Io3Pe7Tk.ics',
            },
          },
          { status: 201 },
        );
      },
      { namespace: 'user' },
    ),
    handlerFor(
      deadlineEndpoints.revokeCalendarFeed,
      ({ params }) => {
        revoked.push(String(params.feedId));
        feeds = feeds.filter((feed) => feed.id !== params.feedId);
        return new HttpResponse(null, { status: 204 });
      },
      { namespace: 'user' },
    ),
  );
  return {
    revoked,
    created: () => created,
    listed: () => listed,
    set: (next: CalendarFeed[]) => (feeds = next),
  };
}

beforeAll(async () => {
  await import('./terms-notification-page');
}, 60_000);

const offsetBoxes = (form: HTMLElement) =>
  within(within(form).getByRole('group', { name: 'お知らせのタイミング' })).getAllByRole('checkbox');

describe('/terms/notification', { timeout: 60_000 }, () => {
  it('shows the six default offsets checked, the kinds of deadline other than payments and one mail per reminder', async () => {
    settingsApi(defaults('term'));
    feedsApi();
    const app = renderApp('/terms/notification', { apiUser: makeUser() });
    const form = await app.findByRole('form', { name: '期限通知設定' }, slow);
    expect(within(form).getByRole('checkbox', { name: 'お知らせメールを受け取る' })).toBeChecked();
    const offsets = offsetBoxes(form);
    expect(offsets.map((box) => box.closest('label')?.textContent)).toEqual([
      '6か月前',
      '3か月前',
      '1か月前',
      '2週間前',
      '1週間前',
      '当日',
    ]);
    for (const box of offsets) expect(box).toBeChecked();
    // Payments are annuities: their reminders are set on /pension/notification.
    const kinds = within(within(form).getByRole('group', { name: '対象の期限' })).getAllByRole('checkbox');
    expect(kinds.map((box) => box.closest('label')?.textContent)).toEqual([
      '手続期限',
      '存続期間満了',
      '社内期限',
    ]);
    for (const box of kinds) expect(box).toBeChecked();
    expect(within(form).getByRole('radio', { name: '期限ごとに 1 通' })).toBeChecked();
    expect(app.getByText('発行済みの URL はありません')).toBeInTheDocument();
    expect(app.missingKeys).toEqual([]);
  });

  it('a saved custom offset sits in order among the defaults', async () => {
    settingsApi({ ...defaults('term'), offsets: ['P3M', 'P10D', 'P0D'], delivery: 'daily' });
    feedsApi();
    const app = renderApp('/terms/notification', { apiUser: makeUser() });
    const form = await app.findByRole('form', { name: '期限通知設定' }, slow);
    const offsets = offsetBoxes(form);
    expect(
      offsets.map((box) => [box.closest('label')?.textContent, (box as HTMLInputElement).checked]),
    ).toEqual([
      ['6か月前', false],
      ['3か月前', true],
      ['1か月前', false],
      ['2週間前', false],
      ['10 日前', true],
      ['1週間前', false],
      ['当日', true],
    ]);
    expect(within(form).getByRole('radio', { name: '1 日分をまとめて（毎日）' })).toBeChecked();
  });

  it('unchecking a custom offset keeps it offered, so it can be checked again', async () => {
    const api = settingsApi(defaults('term'));
    feedsApi();
    const app = renderApp('/terms/notification', { apiUser: makeUser() });
    const form = await app.findByRole('form', { name: '期限通知設定' }, slow);
    await app.user.type(within(form).getByRole('textbox', { name: '数' }), '10');
    await app.user.selectOptions(within(form).getByRole('combobox', { name: '単位' }), '日前');
    await app.user.click(within(form).getByRole('button', { name: '追加' }));
    const custom = within(form).getByRole('checkbox', { name: '10 日前' });
    await app.user.click(custom);
    expect(within(form).getByRole('checkbox', { name: '10 日前' })).not.toBeChecked();
    await app.user.click(within(form).getByRole('checkbox', { name: '10 日前' }));
    expect(within(form).getByRole('checkbox', { name: '10 日前' })).toBeChecked();
    expect(api.bodies).toEqual([]);
  });

  it('adding and removing offsets and choosing a digest saves that body', async () => {
    const api = settingsApi(defaults('term'));
    feedsApi();
    const app = renderApp('/terms/notification', { apiUser: makeUser() });
    const form = await app.findByRole('form', { name: '期限通知設定' }, slow);
    await app.user.click(within(form).getByRole('checkbox', { name: '6か月前' }));
    await app.user.click(within(form).getByRole('checkbox', { name: '当日' }));
    await app.user.type(within(form).getByRole('textbox', { name: '数' }), '10');
    await app.user.selectOptions(within(form).getByRole('combobox', { name: '単位' }), '日前');
    await app.user.click(within(form).getByRole('button', { name: '追加' }));
    expect(within(form).getByRole('checkbox', { name: '10 日前' })).toBeChecked();
    expect(within(form).getByRole('textbox', { name: '数' })).toHaveValue('');
    await app.user.type(within(form).getByRole('textbox', { name: '数' }), '2');
    await app.user.selectOptions(within(form).getByRole('combobox', { name: '単位' }), 'か月前');
    await app.user.click(within(form).getByRole('button', { name: '追加' }));
    await app.user.click(within(form).getByRole('radio', { name: '1 週間分をまとめて（毎週月曜）' }));
    await app.user.click(within(form).getByRole('button', { name: '保存' }));

    expect(await app.findByText('お知らせの設定を保存しました', {}, slow)).toBeInTheDocument();
    expect(api.bodies).toEqual([
      {
        enabled: true,
        offsets: ['P3M', 'P2M', 'P1M', 'P2W', 'P10D', 'P1W'],
        kinds: ['procedure', 'termEnd', 'internal'],
        delivery: 'weekly',
      },
    ]);
    // The form shows what was saved.
    const saved = await app.findByRole('form', { name: '期限通知設定' });
    await waitFor(() => expect(within(saved).getByRole('checkbox', { name: '2 か月前' })).toBeChecked());
    expect(within(saved).getByRole('checkbox', { name: '6か月前' })).not.toBeChecked();
    expect(within(saved).getByRole('radio', { name: '1 週間分をまとめて（毎週月曜）' })).toBeChecked();
  });

  it('takes an offset typed on a Japanese keyboard (４５) and asks for half-width digits where it is still not a number', async () => {
    const api = settingsApi(defaults('term'));
    feedsApi();
    const app = renderApp('/terms/notification', { apiUser: makeUser() });
    const form = await app.findByRole('form', { name: '期限通知設定' }, slow);
    const amount = within(form).getByRole('textbox', { name: '数' });
    const add = within(form).getByRole('button', { name: '追加' });
    await app.user.type(amount, '四十五');
    await app.user.click(add);
    expect(within(form).getByRole('alert')).toHaveTextContent('半角数字');
    await app.user.clear(amount);
    await app.user.type(amount, '４５');
    await app.user.click(add);
    expect(within(form).getByRole('checkbox', { name: '45 日前' })).toBeChecked();
    await app.user.click(within(form).getByRole('button', { name: '保存' }));
    await waitFor(() => expect(api.bodies).toHaveLength(1), slow);
    expect((api.bodies[0] as { offsets: string[] }).offsets).toContain('P45D');
  });

  it('refuses an offset that is empty, not a whole number or over two years, and no offset at all', async () => {
    const api = settingsApi(defaults('term'));
    feedsApi();
    const app = renderApp('/terms/notification', { apiUser: makeUser() });
    const form = await app.findByRole('form', { name: '期限通知設定' }, slow);
    const amount = within(form).getByRole('textbox', { name: '数' });
    const add = within(form).getByRole('button', { name: '追加' });

    // Nothing typed: nothing is added (an empty number is not "on the day").
    await app.user.click(within(form).getByRole('checkbox', { name: '当日' }));
    await app.user.click(add);
    expect(within(form).getByRole('alert')).toHaveTextContent('入力内容が正しくありません');
    expect(within(form).getByRole('checkbox', { name: '当日' })).not.toBeChecked();
    // Zero weeks is the day itself, not a second reminder on it.
    await app.user.type(amount, '0');
    await app.user.selectOptions(within(form).getByRole('combobox', { name: '単位' }), '週間前');
    await app.user.click(add);
    expect(within(form).getByRole('checkbox', { name: '当日' })).toBeChecked();
    expect(within(form).queryByRole('checkbox', { name: '0 週間前' })).not.toBeInTheDocument();

    await app.user.type(amount, '1.5');
    await app.user.click(add);
    expect(within(form).getByRole('alert')).toHaveTextContent('半角数字の整数で入力してください');
    await app.user.clear(amount);
    await app.user.type(amount, '25');
    await app.user.selectOptions(within(form).getByRole('combobox', { name: '単位' }), 'か月前');
    await app.user.click(add);
    expect(within(form).getByRole('alert')).toHaveTextContent('入力内容が正しくありません');
    expect(offsetBoxes(form)).toHaveLength(6);

    for (const box of offsetBoxes(form)) if ((box as HTMLInputElement).checked) await app.user.click(box);
    await app.user.click(within(form).getByRole('button', { name: '保存' }));
    expect(within(form).getByRole('alert')).toHaveTextContent('1つ以上選択してください');
    expect(api.bodies).toEqual([]);
  });

  it('a refusal by the server is shown in the language of the page and the input is kept (en)', async () => {
    const api = settingsApi(defaults('term'), () => ({
      status: 400,
      message: 'offsets: Invalid value',
      errors: [{ path: 'offsets', message: 'Invalid value' }],
    }));
    feedsApi();
    const app = renderApp('/terms/notification', { apiUser: makeUser({ locale: 'en' }), locale: 'en' });
    const form = await app.findByRole('form', { name: 'Deadline notification settings' }, slow);
    await app.user.click(within(form).getByRole('checkbox', { name: '6 months before' }));
    await app.user.type(within(form).getByRole('textbox', { name: 'Number' }), '10');
    await app.user.click(within(form).getByRole('button', { name: 'Add' }));
    expect(within(form).getByRole('checkbox', { name: '10 days before' })).toBeChecked();
    await app.user.type(within(form).getByRole('textbox', { name: 'Number' }), '1');
    await app.user.click(within(form).getByRole('button', { name: 'Add' }));
    expect(within(form).getByRole('checkbox', { name: '1 day before' })).toBeChecked();
    await app.user.click(within(form).getByRole('radio', { name: 'A daily digest' }));
    await app.user.click(within(form).getByRole('button', { name: 'Save' }));

    const toast = await app.findByRole('alert', {}, slow);
    expect(toast).toHaveTextContent('Could not save the reminder settings');
    expect(toast).toHaveTextContent('offsets: Invalid value');
    expect(api.bodies).toHaveLength(1);
    // Nothing the user chose is lost.
    expect(within(form).getByRole('checkbox', { name: '6 months before' })).not.toBeChecked();
    expect(within(form).getByRole('checkbox', { name: '10 days before' })).toBeChecked();
    expect(within(form).getByRole('checkbox', { name: '1 day before' })).toBeChecked();
    expect(within(form).getByRole('radio', { name: 'A daily digest' })).toBeChecked();
    expect(app.missingKeys).toEqual([]);
  });

  it('changed settings not saved ask before a link leaves the page', async () => {
    settingsApi(defaults('term'));
    feedsApi();
    emptyDeadlinesApi();
    const app = renderApp('/terms/notification', { apiUser: makeUser() });
    const form = await app.findByRole('form', { name: '期限通知設定' }, slow);
    await app.user.click(within(form).getByRole('checkbox', { name: '6か月前' }));
    await app.user.click(
      within(app.getByRole('navigation', { name: 'パンくずリスト' })).getByRole('link', { name: '期限管理' }),
    );
    const ask = await app.findByRole('alertdialog', { name: '入力内容を破棄しますか？' });
    await app.user.click(within(ask).getByRole('button', { name: '編集を続ける' }));
    expect(app.location()).toBe('/terms/notification');
    expect(within(form).getByRole('checkbox', { name: '6か月前' })).not.toBeChecked();

    // Checking it again is no change.
    await app.user.click(within(form).getByRole('checkbox', { name: '6か月前' }));
    await app.user.click(
      within(app.getByRole('navigation', { name: 'パンくずリスト' })).getByRole('link', { name: '期限管理' }),
    );
    await waitFor(() => expect(app.location()).toBe('/terms'));
    expect(app.queryByRole('alertdialog')).not.toBeInTheDocument();
  });

  it('saved settings leave the page without asking', async () => {
    settingsApi(defaults('term'));
    feedsApi();
    emptyDeadlinesApi();
    const app = renderApp('/terms/notification', { apiUser: makeUser() });
    const form = await app.findByRole('form', { name: '期限通知設定' }, slow);
    await app.user.click(within(form).getByRole('radio', { name: '1 日分をまとめて（毎日）' }));
    await app.user.click(within(form).getByRole('button', { name: '保存' }));
    expect(await app.findByText('お知らせの設定を保存しました', {}, slow)).toBeInTheDocument();
    await app.user.click(
      within(app.getByRole('navigation', { name: 'パンくずリスト' })).getByRole('link', { name: '期限管理' }),
    );
    await waitFor(() => expect(app.location()).toBe('/terms'));
    expect(app.queryByRole('alertdialog')).not.toBeInTheDocument();
  });

  it('turning reminders off disables the choices and saves them off', async () => {
    const api = settingsApi(defaults('term'));
    feedsApi();
    const app = renderApp('/terms/notification', { apiUser: makeUser() });
    const form = await app.findByRole('form', { name: '期限通知設定' }, slow);
    await app.user.click(within(form).getByRole('checkbox', { name: 'お知らせメールを受け取る' }));
    expect(within(form).getByRole('checkbox', { name: '6か月前' })).toBeDisabled();
    expect(within(form).getByRole('radio', { name: '期限ごとに 1 通' })).toBeDisabled();
    await app.user.click(within(form).getByRole('button', { name: '保存' }));
    await waitFor(() => expect(api.bodies).toHaveLength(1));
    expect(api.bodies[0]).toMatchObject({ enabled: false });
  });
});

describe('/terms/notification calendar feeds', { timeout: 60_000 }, () => {
  it('shows a new secret URL once, with the feed in the list', async () => {
    settingsApi(defaults('term'));
    const api = feedsApi();
    const first = renderApp('/terms/notification', { apiUser: makeUser() });
    await first.findByText('発行済みの URL はありません', {}, slow);
    await first.user.click(first.getByRole('button', { name: 'URL を発行' }));
    const shown = await first.findByRole('status', {}, slow);
    expect(shown).toHaveTextContent('この URL は今だけ表示されます');
    expect(within(shown).getByRole('textbox')).toHaveValue(
      'https://portal.example.com/calendar/Zx8Qm3Vt7Lp0Rk2Wn5Hs9Jd4Fb6Gc1Ye8Ua0Io3Pe7Tk.ics',
    );
    expect(await first.findByText('2026/11/26 に発行', {}, slow)).toBeInTheDocument();
    expect(first.getByText('まだ取得されていません')).toBeInTheDocument();
    expect(api.created()).toBe(1);
    first.unmount();

    // Another visit lists the feed but cannot show its URL again.
    const again = renderApp('/terms/notification', { apiUser: makeUser() });
    expect(await again.findByText('2026/11/26 に発行', {}, slow)).toBeInTheDocument();
    expect(again.queryByDisplayValue(/calendar\/.*\.ics$/)).not.toBeInTheDocument();
  });

  it('a URL the server does not create says so', async () => {
    settingsApi(defaults('term'));
    feedsApi();
    server.use(
      handlerFor(
        deadlineEndpoints.createCalendarFeed,
        () => HttpResponse.json({ hasError: true, message: 'Internal Server Error' }, { status: 500 }),
        { namespace: 'user' },
      ),
    );
    const app = renderApp('/terms/notification', { apiUser: makeUser() });
    await app.findByText('発行済みの URL はありません', {}, slow);
    await app.user.click(app.getByRole('button', { name: 'URL を発行' }));
    expect(await app.findByRole('alert', {}, slow)).toHaveTextContent('URL を発行できませんでした');
    expect(app.queryByRole('textbox', { name: 'カレンダーに登録（ICS）' })).not.toBeInTheDocument();
  });

  it('revoking a URL asks first and then calls the API', async () => {
    settingsApi(defaults('term'));
    const api = feedsApi([
      { id: feedId, createdAt: '2026-11-20T01:00:00.000Z', lastFetchedAt: '2026-11-25T22:00:00.000Z' },
      { id: otherFeedId, createdAt: '2026-10-01T01:00:00.000Z', lastFetchedAt: null },
    ]);
    const app = renderApp('/terms/notification', { apiUser: makeUser() });
    expect(await app.findByText(/^最終取得 /, {}, slow)).toBeInTheDocument();
    // Each URL's button says which it revokes.
    await app.user.click(app.getByRole('button', { name: '無効にする 2026/11/20 に発行' }));
    let ask = await app.findByRole('alertdialog', { name: 'この URL を無効にしますか？' });
    await app.user.click(within(ask).getByRole('button', { name: 'キャンセル' }));
    await waitFor(() => expect(app.queryByRole('alertdialog')).not.toBeInTheDocument());
    expect(api.revoked).toEqual([]);

    await app.user.click(app.getByRole('button', { name: '無効にする 2026/11/20 に発行' }));
    ask = await app.findByRole('alertdialog', { name: 'この URL を無効にしますか？' });
    await app.user.click(within(ask).getByRole('button', { name: '無効にする' }));
    expect(await app.findByText('URL を無効にしました', {}, slow)).toBeInTheDocument();
    expect(api.revoked).toEqual([feedId]);
    await waitFor(() => expect(app.queryByText('2026/11/20 に発行')).not.toBeInTheDocument());
    expect(app.getByRole('button', { name: '無効にする 2026/10/01 に発行' })).toBeInTheDocument();
  });

  it('the last fetch time is read again when the window regains focus', async () => {
    settingsApi(defaults('term'));
    const api = feedsApi([{ id: feedId, createdAt: '2026-11-20T01:00:00.000Z', lastFetchedAt: null }]);
    const app = renderApp('/terms/notification', { apiUser: makeUser() });
    // As main.tsx does for the app's store.
    const stopListening = setupListeners(app.store.dispatch);
    try {
      expect(await app.findByText('まだ取得されていません', {}, slow)).toBeInTheDocument();
      const before = api.listed();
      // The user adds the URL to their calendar app, which fetches it, and comes back.
      api.set([
        { id: feedId, createdAt: '2026-11-20T01:00:00.000Z', lastFetchedAt: '2026-11-26T02:00:00.000Z' },
      ]);
      fireEvent.blur(window);
      fireEvent.focus(window);
      expect(await app.findByText('最終取得 2026/11/26', {}, slow)).toBeInTheDocument();
      expect(api.listed()).toBe(before + 1);
    } finally {
      stopListening();
    }
  });

  it('the last fetch time is read again every minute while the page is open', async () => {
    settingsApi(defaults('term'));
    const api = feedsApi([{ id: feedId, createdAt: '2026-11-20T01:00:00.000Z', lastFetchedAt: null }]);
    // Timers advance with the clock (the network and waitFor go on), and on demand by a minute.
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'], shouldAdvanceTime: true });
    try {
      const app = renderApp('/terms/notification', { apiUser: makeUser() });
      expect(await app.findByText('まだ取得されていません', {}, slow)).toBeInTheDocument();
      api.set([
        { id: feedId, createdAt: '2026-11-20T01:00:00.000Z', lastFetchedAt: '2026-11-26T02:00:00.000Z' },
      ]);
      await act(() => vi.advanceTimersByTimeAsync(60_000));
      expect(await app.findByText('最終取得 2026/11/26', {}, slow)).toBeInTheDocument();
    } finally {
      vi.useRealTimers();
    }
  });
});
