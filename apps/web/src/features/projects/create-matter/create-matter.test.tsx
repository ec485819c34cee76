import { projectEndpoints, requestEndpoints } from '@ipportal/domain';
import { waitFor, within } from '@testing-library/react';
import { HttpResponse } from 'msw';
import { beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { makeUser } from '../../../../test/fixtures';
import { server } from '../../../../test/msw-server';
import { renderApp } from '../../../../test/renderWithProviders';
import { giveElementsASize, makeDetail, makeProject, serveDetail, serveList, warmUp } from '../test-support';
import { handlerFor } from '../../../../test/handler-for';

beforeAll(warmUp, 60_000);
beforeEach(giveElementsASize);

async function openDialog(app: ReturnType<typeof renderApp>) {
  await app.user.click(app.getByRole('button', { name: '案件作成' }));
  const dialog = await app.findByRole('dialog', { name: '案件作成' });
  await within(dialog).findByRole('textbox', { name: /整理番号/ }, { timeout: 20_000 });
  return dialog;
}

async function chooseRegion(app: ReturnType<typeof renderApp>, dialog: HTMLElement, name: string) {
  await app.user.type(within(dialog).getByRole('combobox', { name: /国・地域/ }), name);
  await app.user.click(await within(dialog).findByRole('option', { name }));
}

describe('Create Matter dialog', { timeout: 60_000 }, () => {
  it('offers patent and trademark rights only; failed validation warns and keeps the dialog open', async () => {
    serveList([]);
    let posts = 0;
    server.use(
      handlerFor(projectEndpoints.createProject, () => {
        posts += 1;
        return HttpResponse.json({});
      }),
    );
    const app = renderApp('/projects', { apiUser: makeUser() });
    await app.findByText('案件が登録されていません', {}, { timeout: 20_000 });
    const dialog = await openDialog(app);
    const types = within(dialog).getAllByRole('radio');
    expect(types.map((radio) => radio.closest('label')?.textContent)).toEqual(['特許権', '商標権']);
    await app.user.click(within(dialog).getByRole('button', { name: '作成' }));
    expect(await app.findByText('入力内容にエラーがあります')).toBeInTheDocument();
    expect(within(dialog).getAllByText('必須項目です')).toHaveLength(4);
    expect(app.getByRole('dialog', { name: '案件作成' })).toBeInTheDocument();
    expect(posts).toBe(0);
  });

  it('creates: spinner while saving, info toast, closes, the list shows the new row, continues to the estimate', async () => {
    const existing = makeProject({ refrenceCode: 'OLD-1', updateDate: '2025-01-01T00:00:00.000Z' });
    const listed = [existing];
    const calls = serveList(listed);
    const created = makeProject({
      type: 2,
      refrenceCode: 'TM-NEW',
      title: '新商標',
      regionCode: 1,
      updateDate: '2026-06-01T00:00:00.000Z',
    });
    let body: unknown;
    let release: () => void = () => undefined;
    const answered = new Promise<void>((resolve) => {
      release = resolve;
    });
    server.use(
      handlerFor(projectEndpoints.createProject, async ({ request }) => {
        body = await request.json();
        await answered;
        listed.unshift(created);
        return HttpResponse.json({ hasError: false, message: '', item: created }, { status: 201 });
      }),
    );
    serveDetail(makeDetail({ ...created }));
    server.use(
      handlerFor(
        requestEndpoints.listRequests,
        () => HttpResponse.json({ hasError: false, message: '', items: [], total: 0 }),
        { namespace: 'user' },
      ),
    );
    const app = renderApp('/projects', { apiUser: makeUser() });
    await app.findByRole('cell', { name: 'OLD-1' }, { timeout: 20_000 });
    const dialog = await openDialog(app);
    await app.user.click(within(dialog).getByRole('radio', { name: '商標権' }));
    await app.user.type(within(dialog).getByRole('textbox', { name: /整理番号/ }), 'TM-NEW');
    await chooseRegion(app, dialog, '日本');
    await app.user.type(within(dialog).getByRole('textbox', { name: /案件名/ }), '新商標');
    await app.user.click(within(dialog).getByRole('checkbox', { name: /続けて見積依頼をする/ }));
    await app.user.click(within(dialog).getByRole('button', { name: '作成' }));
    expect(await within(dialog).findByText('保存中')).toBeInTheDocument();
    expect(within(dialog).queryByRole('button', { name: '作成' })).toBeNull();
    release();
    expect(await app.findByText('案件を登録しました')).toBeInTheDocument();
    expect(body).toEqual({ type: 2, refrenceCode: 'TM-NEW', regionCode: 1, title: '新商標' });
    await waitFor(() => expect(app.queryByRole('dialog', { name: '案件作成' })).toBeNull());
    await waitFor(() => expect(app.location()).toBe(`/projects?project-id=${created.id}&estimate=true`));
    // The request info tab opens with the request form, type estimate already chosen; cancelling
    // it drops estimate=true so a reload does not open it again.
    const requestForm = await app.findByRole('dialog', { name: '依頼の登録' }, { timeout: 20_000 });
    expect(
      await within(requestForm).findByRole('radio', { name: '見積依頼' }, { timeout: 20_000 }),
    ).toBeChecked();
    await app.user.click(within(requestForm).getByRole('button', { name: 'キャンセル' }));
    await waitFor(() => expect(app.location()).toBe(`/projects?project-id=${created.id}`));
    await app.user.click(app.getByRole('link', { name: '案件一覧へ戻る' }));
    expect(await app.findByRole('cell', { name: 'TM-NEW' })).toBeInTheDocument();
    expect(app.getByRole('cell', { name: 'OLD-1' })).toBeInTheDocument();
    // The list's pages by position are fetched again after a change (rows may have moved).
    expect(calls.length).toBeGreaterThan(1);
  });

  it('opens on its first field; Escape closes the open region list only, and closing with input asks first', async () => {
    serveList([]);
    const app = renderApp('/projects', { apiUser: makeUser() });
    await app.findByText('案件が登録されていません', {}, { timeout: 20_000 });
    const dialog = await openDialog(app);
    await waitFor(() => expect(within(dialog).getByRole('radio', { name: '特許権' })).toHaveFocus());

    const title = within(dialog).getByRole('textbox', { name: /案件名/ });
    await app.user.type(title, '半導体装置');
    const region = within(dialog).getByRole('combobox', { name: /国・地域/ });
    await app.user.click(region);
    expect(region).toHaveAttribute('aria-expanded', 'true');
    await app.user.keyboard('{Escape}');
    expect(region).toHaveAttribute('aria-expanded', 'false');
    expect(app.getByRole('dialog', { name: '案件作成' })).toBeInTheDocument();
    expect(title).toHaveValue('半導体装置');

    // Escape on the dialog itself: the typed title would be lost, so it asks.
    await app.user.keyboard('{Escape}');
    const ask = await app.findByRole('alertdialog', { name: '入力内容を破棄しますか？' });
    await app.user.click(within(ask).getByRole('button', { name: '編集を続ける' }));
    expect(app.getByRole('dialog', { name: '案件作成' })).toBeInTheDocument();
    expect(title).toHaveValue('半導体装置');

    await app.user.click(within(dialog).getByRole('button', { name: '閉じる' }));
    await app.user.click(
      within(await app.findByRole('alertdialog')).getByRole('button', { name: '破棄して閉じる' }),
    );
    await waitFor(() => expect(app.queryByRole('dialog', { name: '案件作成' })).toBeNull());

    // The next opening starts empty and closes at once while nothing was entered.
    const again = await openDialog(app);
    expect(within(again).getByRole('textbox', { name: /案件名/ })).toHaveValue('');
    await app.user.keyboard('{Escape}');
    await waitFor(() => expect(app.queryByRole('dialog', { name: '案件作成' })).toBeNull());
    expect(app.queryByRole('alertdialog')).toBeNull();
  });

  it('keeps one validation warning inside the dialog, drops it once the matter is created, and offers to open the matter', async () => {
    serveList([]);
    const created = makeProject({ refrenceCode: 'P-NEW', title: '新発明', regionCode: 1 });
    server.use(
      handlerFor(projectEndpoints.createProject, () =>
        HttpResponse.json({ hasError: false, message: '', item: created }, { status: 201 }),
      ),
    );
    serveDetail(makeDetail({ ...created }));
    const app = renderApp('/projects', { apiUser: makeUser() });
    await app.findByText('案件が登録されていません', {}, { timeout: 20_000 });
    const dialog = await openDialog(app);
    for (let i = 0; i < 4; i += 1) await app.user.click(within(dialog).getByRole('button', { name: '作成' }));
    const notices = app.getByRole('region', { name: '通知' });
    // In the dialog, above its fields: it covers neither the close button nor the form.
    expect(dialog).toContainElement(notices);
    expect(within(notices).getAllByText('入力内容にエラーがあります')).toHaveLength(1);

    await app.user.click(within(dialog).getByRole('radio', { name: '特許権' }));
    await app.user.type(within(dialog).getByRole('textbox', { name: /整理番号/ }), 'P-NEW');
    await chooseRegion(app, dialog, '日本');
    await app.user.type(within(dialog).getByRole('textbox', { name: /案件名/ }), '新発明');
    await app.user.click(within(dialog).getByRole('button', { name: '作成' }));
    await waitFor(() => expect(app.queryByRole('dialog', { name: '案件作成' })).toBeNull());
    const after = app.getByRole('region', { name: '通知' });
    expect(within(after).getByText('案件を登録しました')).toBeInTheDocument();
    expect(within(after).queryByText('入力内容にエラーがあります')).toBeNull();

    await app.user.click(within(after).getByRole('button', { name: '案件を開く' }));
    await waitFor(() => expect(app.location()).toBe(`/projects?project-id=${created.id}`));
    expect(await app.findByRole('heading', { name: /新発明/ }, { timeout: 20_000 })).toBeInTheDocument();
    expect(app.queryByText('案件を登録しました')).toBeNull();
  });

  it('shows the server message when creating fails and keeps the dialog open', async () => {
    serveList([]);
    server.use(
      handlerFor(projectEndpoints.createProject, () =>
        HttpResponse.json({ hasError: true, message: '整理番号が重複しています' }, { status: 409 }),
      ),
    );
    const app = renderApp('/projects', { apiUser: makeUser() });
    await app.findByText('案件が登録されていません', {}, { timeout: 20_000 });
    const dialog = await openDialog(app);
    await app.user.click(within(dialog).getByRole('radio', { name: '特許権' }));
    await app.user.type(within(dialog).getByRole('textbox', { name: /整理番号/ }), 'P-1');
    await chooseRegion(app, dialog, '日本');
    await app.user.type(within(dialog).getByRole('textbox', { name: /案件名/ }), '発明');
    await app.user.click(within(dialog).getByRole('button', { name: '作成' }));
    expect(await app.findByText('案件の登録に失敗しました')).toBeInTheDocument();
    expect(app.getByText('整理番号が重複しています')).toBeInTheDocument();
    expect(app.getByRole('dialog', { name: '案件作成' })).toBeInTheDocument();
    expect(within(dialog).getByRole('textbox', { name: /整理番号/ })).toHaveValue('P-1');
  });
});
