import { projectDetailEndpoints, projectEndpoints, projectUserSpaceEndpoints } from '@ipportal/domain';
import { waitFor, within } from '@testing-library/react';
import { HttpResponse } from 'msw';
import { beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { patentSession } from '../../../../test/fake-auth-port';
import { makeUser } from '../../../../test/fixtures';
import { server } from '../../../../test/msw-server';
import { renderApp } from '../../../../test/renderWithProviders';
import {
  giveElementsASize,
  makeDetail,
  makeProject,
  serveDetail,
  serveList,
  serveUserSpace,
  warmUp,
} from '../test-support';
import { handlerFor } from '../../../../test/handler-for';

beforeAll(warmUp, 60_000);
beforeEach(giveElementsASize);

const me = makeUser();
const slow = { timeout: 20_000 };

function jpPatent() {
  return makeDetail({
    refrenceCode: 'P-2024-001',
    title: 'リチウムイオン二次電池用正極材料',
    type: 0,
    regionCode: 1,
    application: {
      applicationCode: '特願2024-012345',
      applicationDate: '2024-01-30',
      publicationCode: null,
      publicationDate: null,
      priorityPeriod: null,
      examRequestPeriod: '2027-01-29',
      examRequestDate: null,
      accessCode: null,
    },
  });
}

function group(app: ReturnType<typeof renderApp>, name: string) {
  return app.getByRole('region', { name });
}

describe('matter detail', { timeout: 60_000 }, () => {
  it('shows the computed deadline beside the stored date, with rule and source, moved past the JPO closed day', async () => {
    const detail = jpPatent();
    serveDetail(detail);
    const app = renderApp(`/projects?project-id=${detail.id}`, { apiUser: me });
    expect(
      await app.findByRole('heading', { level: 2, name: /リチウムイオン二次電池用正極材料/ }, slow),
    ).toBeInTheDocument();
    const application = group(app, '出願情報');
    expect(within(application).getByText('2024年1月30日')).toBeInTheDocument();
    expect(within(application).getByText('2027年1月29日')).toBeInTheDocument();
    const hint = application.querySelector('[data-rule="jp.patent.examinationRequest"]') as HTMLElement;
    expect(within(hint).getByText('自動計算')).toBeInTheDocument();
    // Three years from filing is Saturday 2027-01-30: the deadline moves to Monday 1 February.
    expect(within(hint).getByText('2027年2月1日')).toBeInTheDocument();
    // The legal basis reads in the interface language.
    expect(within(hint).getByText(/特許法第48条の3第1項/)).toBeInTheDocument();
    expect(within(hint).queryByText(/Patent Act/)).toBeNull();
    expect(within(hint).getByText(/登録されている日付と計算した日付が異なります/)).toBeInTheDocument();
    // A rule read from secondary texts says so plainly, without the warning.
    expect(within(hint).queryByText('この規則は未確認です。必ずご確認ください。')).toBeNull();
    expect(within(hint).getByText(/二次資料に基づく/)).toBeInTheDocument();
    // Term expiry is also listed in the deadlines summary.
    expect(within(group(app, '期限（自動計算）')).getByText('2044年1月30日')).toBeInTheDocument();
  });

  it('marks a computed deadline that has passed in words, and cites the law in the interface language', async () => {
    const detail = makeDetail({
      refrenceCode: 'T-2010-001',
      title: 'OLD MARK',
      type: 2,
      regionCode: 1,
      registration: { ...makeDetail().registration, registDate: '2010-04-01' },
    });
    serveDetail(detail);
    const app = renderApp(`/projects?project-id=${detail.id}`, { apiUser: me });
    await app.findByRole('heading', { level: 2, name: /OLD MARK/ }, slow);
    const summary = group(app, '期限（自動計算）');
    const expiry = summary.querySelector('[data-rule="jp.trademark.termExpiry"]') as HTMLElement;
    expect(within(expiry).getByText('期限経過')).toBeInTheDocument();
    expect(within(expiry).getByText(/商標法第19条第1項/)).toBeInTheDocument();
    app.unmount();

    serveDetail(detail);
    const english = renderApp(`/projects?project-id=${detail.id}`, { apiUser: me, locale: 'en' });
    await english.findByRole('heading', { level: 2, name: /OLD MARK/ }, slow);
    const renewal = group(english, 'Deadlines (computed)').querySelector(
      '[data-rule="jp.trademark.renewalWindow"]',
    ) as HTMLElement;
    expect(within(renewal).getByText('Passed')).toBeInTheDocument();
    expect(within(renewal).getByText(/Trademark Act \(Japan\) Art\. 20\(2\) and \(3\)/)).toBeInTheDocument();
  });

  it('edits a field group: validation warning, cancel, then save with the PATCH of that group only', async () => {
    const detail = jpPatent();
    serveDetail(detail);
    let patch: unknown;
    server.use(
      handlerFor(
        projectDetailEndpoints.updateProject,
        async ({ request }) => {
          patch = await request.json();
          const body = patch as { application: typeof detail.application };
          return HttpResponse.json({
            hasError: false,
            message: '',
            item: { ...detail, application: body.application },
          });
        },
        { namespace: 'user', params: { projectId: detail.id } },
      ),
    );
    const app = renderApp(`/projects?project-id=${detail.id}`, { apiUser: me });
    await app.findByRole('heading', { level: 2, name: /リチウム/ }, slow);

    await app.user.click(app.getByRole('button', { name: '登録情報を編集' }));
    await app.user.type(within(group(app, '登録情報')).getByRole('textbox', { name: '請求項の数' }), 'abc');
    await app.user.click(within(group(app, '登録情報')).getByRole('button', { name: '保存' }));
    expect(await app.findByText('入力内容にエラーがあります')).toBeInTheDocument();
    await app.user.click(within(group(app, '登録情報')).getByRole('button', { name: 'キャンセル' }));
    expect(await app.findByText('案件情報の更新をキャンセルしました')).toBeInTheDocument();

    await app.user.click(app.getByRole('button', { name: '出願情報を編集' }));
    const form = within(group(app, '出願情報'));
    await app.user.type(form.getByRole('textbox', { name: '公開番号' }), '特開2025-100200');
    await app.user.click(form.getByRole('button', { name: '保存' }));
    expect(await app.findByText('案件情報を更新しました')).toBeInTheDocument();
    expect(patch).toEqual({ application: { ...detail.application, publicationCode: '特開2025-100200' } });
    expect(await within(group(app, '出願情報')).findByText('特開2025-100200')).toBeInTheDocument();
  });

  it('an edit with changes asks before another tab, a link or a reload drops it', async () => {
    const detail = jpPatent();
    serveDetail(detail);
    serveList([]);
    const app = renderApp(`/projects?project-id=${detail.id}`, { apiUser: me });
    await app.findByRole('heading', { level: 2, name: /リチウム/ }, slow);
    const unload = () => {
      const event = new Event('beforeunload', { cancelable: true });
      window.dispatchEvent(event);
      return event.defaultPrevented;
    };

    // Edit mode without a change leaves freely.
    await app.user.click(app.getByRole('button', { name: '出願情報を編集' }));
    expect(unload()).toBe(false);
    const code = within(group(app, '出願情報')).getByRole('textbox', { name: '公開番号' });
    await app.user.type(code, '特開2025-100200');
    expect(unload()).toBe(true);

    await app.user.click(app.getByRole('tab', { name: /依頼情報/ }));
    let ask = await app.findByRole('alertdialog', { name: '入力内容を破棄しますか？' });
    await app.user.click(within(ask).getByRole('button', { name: '編集を続ける' }));
    expect(app.getByRole('tab', { name: /案件情報/ })).toHaveAttribute('aria-selected', 'true');
    expect(within(group(app, '出願情報')).getByRole('textbox', { name: '公開番号' })).toHaveValue(
      '特開2025-100200',
    );

    await app.user.click(app.getByRole('link', { name: '案件一覧へ戻る' }));
    ask = await app.findByRole('alertdialog', { name: '入力内容を破棄しますか？' });
    await app.user.click(within(ask).getByRole('button', { name: '編集を続ける' }));
    expect(app.location()).toBe(`/projects?project-id=${detail.id}`);

    await app.user.click(app.getByRole('link', { name: '案件一覧へ戻る' }));
    ask = await app.findByRole('alertdialog', { name: '入力内容を破棄しますか？' });
    await app.user.click(within(ask).getByRole('button', { name: '破棄して移動する' }));
    await waitFor(() => expect(app.location()).toBe('/projects'));
    expect(unload()).toBe(false);
  });

  it('saves the family name with its own toasts (failure)', async () => {
    const detail = jpPatent();
    serveDetail(detail);
    server.use(
      handlerFor(
        projectEndpoints.renameProjectFamily,
        () => HttpResponse.json({ hasError: true, message: 'conflict' }, { status: 409 }),
        { params: { projectId: detail.id } },
      ),
    );
    const app = renderApp(`/projects?project-id=${detail.id}`, { apiUser: me });
    await app.findByRole('heading', { level: 2, name: /リチウム/ }, slow);
    await app.user.click(app.getByRole('button', { name: 'ファミリーを編集' }));
    await app.user.type(app.getByRole('textbox', { name: 'ファミリー名' }), '正極材料');
    await app.user.click(within(group(app, 'ファミリー')).getByRole('button', { name: '保存' }));
    expect(await app.findByText('ファミリー名の保存に失敗しました')).toBeInTheDocument();
    expect(app.getByText('conflict')).toBeInTheDocument();
  });

  it('renames the whole family from the detail, or only this matter when asked', async () => {
    const detail = { ...jpPatent(), family: 'FC' };
    const member = makeProject({ refrenceCode: 'P-2024-009', title: '燃料電池セル', family: 'FC' });
    serveDetail(detail);
    serveList([makeProject({ ...detail }), member]);
    const bodies: unknown[] = [];
    server.use(
      handlerFor(
        projectEndpoints.renameProjectFamily,
        async ({ request }) => {
          const body = (await request.json()) as { family: string | null; allOfFamily: boolean };
          bodies.push(body);
          const renamed = [{ ...makeProject({ ...detail }), family: body.family }];
          if (body.allOfFamily) renamed.push({ ...member, family: body.family });
          return HttpResponse.json({ hasError: false, message: '', items: renamed });
        },
        { params: { projectId: detail.id } },
      ),
    );
    const app = renderApp(`/projects?project-id=${detail.id}`, { apiUser: me });
    await app.findByRole('heading', { level: 2, name: /リチウム/ }, slow);
    const family = group(app, 'ファミリー');
    expect(await within(family).findByRole('link', { name: 'P-2024-009' })).toBeInTheDocument();

    await app.user.click(app.getByRole('button', { name: 'ファミリーを編集' }));
    const whole = app.getByRole('checkbox', { name: /同じファミリーの他の案件（1 件）/ });
    expect(whole).toBeChecked();
    const name = app.getByRole('textbox', { name: 'ファミリー名' });
    await app.user.clear(name);
    await app.user.type(name, '燃料電池');
    await app.user.click(within(family).getByRole('button', { name: '保存' }));
    expect(await app.findByText('ファミリー名を保存しました')).toBeInTheDocument();
    expect(bodies).toEqual([{ family: '燃料電池', allOfFamily: true }]);
    expect(await within(group(app, 'ファミリー')).findByText('燃料電池')).toBeInTheDocument();

    await app.user.click(app.getByRole('button', { name: 'ファミリーを編集' }));
    await app.user.click(app.getByRole('checkbox', { name: /同じファミリーの他の案件/ }));
    await app.user.clear(app.getByRole('textbox', { name: 'ファミリー名' }));
    await app.user.type(app.getByRole('textbox', { name: 'ファミリー名' }), '燃料電池（欧州）');
    await app.user.click(within(group(app, 'ファミリー')).getByRole('button', { name: '保存' }));
    await waitFor(() => expect(bodies).toHaveLength(2));
    expect(bodies[1]).toEqual({ family: '燃料電池（欧州）', allOfFamily: false });
  });

  it('duplicates after confirmation and opens the copy', async () => {
    const detail = jpPatent();
    const copy = makeProject({ refrenceCode: 'P-2024-001-2' });
    serveDetail(detail);
    serveDetail(makeDetail(copy));
    server.use(
      handlerFor(
        projectDetailEndpoints.duplicateProject,
        () => HttpResponse.json({ hasError: false, message: '', item: copy }, { status: 201 }),
        { params: { projectId: detail.id } },
      ),
    );
    const app = renderApp(`/projects?tab=patent&project-id=${detail.id}`, { apiUser: me });
    await app.findByRole('heading', { level: 2, name: /リチウム/ }, slow);
    await app.user.click(app.getByRole('button', { name: '複製' }));
    const confirm = app.getByRole('alertdialog', { name: 'この案件を複製しますか？' });
    await app.user.click(within(confirm).getByRole('button', { name: '複製する' }));
    expect(await app.findByText('案件を複製しました')).toBeInTheDocument();
    await waitFor(() => expect(app.location()).toBe(`/projects?tab=patent&project-id=${copy.id}`));
  });

  it('deletes after an irreversible-action confirmation; the matter then appears read-only in the deleted tab', async () => {
    const detail = jpPatent();
    const deletedAt = '2026-07-01T00:00:00.000Z';
    serveDetail(detail);
    serveList([{ ...detail, deletedAt }]);
    server.use(
      handlerFor(
        projectEndpoints.deleteProject,
        () => HttpResponse.json({ hasError: false, message: '', item: { id: detail.id, deletedAt } }),
        { params: { projectId: detail.id } },
      ),
    );
    const app = renderApp(`/projects?project-id=${detail.id}`, { apiUser: me });
    await app.findByRole('heading', { level: 2, name: /リチウム/ }, slow);
    await app.user.click(app.getByRole('button', { name: '削除' }));
    const confirm = app.getByRole('alertdialog', { name: 'この案件を削除しますか？' });
    expect(within(confirm).getByText(/この操作は取り消せません/)).toBeInTheDocument();
    await app.user.click(within(confirm).getByRole('button', { name: '削除する' }));
    expect(await app.findByText('案件を削除しました')).toBeInTheDocument();
    expect(app.location()).toBe('/projects');
    await app.user.click(await app.findByRole('tab', { name: /削除済み/ }));
    await app.user.click(await app.findByRole('cell', { name: 'P-2024-001' }));
    expect(await app.findByText(/閲覧のみできます/)).toBeInTheDocument();
    expect(app.queryByRole('button', { name: /を編集$/ })).toBeNull();
    expect(app.queryByRole('button', { name: '削除' })).toBeNull();
  });

  it('user space: comments and files for clients, delete only one’s own files; firms see neither it nor edit buttons', async () => {
    const detail = jpPatent();
    serveDetail(detail);
    const file = (id: string, createdBy: string, name: string) => ({
      id,
      projectId: detail.id,
      name,
      contentType: 'application/pdf',
      sizeBytes: 2048,
      createdBy,
      createdByName: createdBy === me.id ? me.name : '佐藤',
      createDate: '2026-02-01T03:00:00.000Z',
    });
    serveUserSpace(
      detail.id,
      [
        {
          id: '30000000-0000-4000-8000-000000000001',
          projectId: detail.id,
          authorUserId: me.id,
          authorName: '山田',
          body: '出願前に図面を確認',
          createDate: '2026-02-01T01:00:00.000Z',
          updateDate: '2026-02-01T01:00:00.000Z',
        },
      ],
      [
        file('40000000-0000-4000-8000-000000000001', me.id, 'mine.pdf'),
        file('40000000-0000-4000-8000-000000000002', '50000000-0000-4000-8000-000000000009', 'theirs.pdf'),
      ],
    );
    let posted: unknown;
    server.use(
      handlerFor(
        projectUserSpaceEndpoints.addUserSpaceComment,
        async ({ request }) => {
          posted = await request.json();
          return HttpResponse.json(
            {
              hasError: false,
              message: '',
              item: {
                id: '30000000-0000-4000-8000-000000000002',
                projectId: detail.id,
                authorUserId: me.id,
                authorName: '山田',
                body: '了解です',
                createDate: '2026-02-02T01:00:00.000Z',
                updateDate: '2026-02-02T01:00:00.000Z',
              },
            },
            { status: 201 },
          );
        },
        { params: { projectId: detail.id } },
      ),
    );
    const app = renderApp(`/projects?project-id=${detail.id}`, { apiUser: me });
    await app.findByRole('heading', { level: 2, name: /リチウム/ }, slow);
    await app.user.click(app.getByRole('tab', { name: 'ユーザースペース' }));
    expect(await app.findByText('出願前に図面を確認')).toBeInTheDocument();
    await app.user.type(app.getByRole('textbox', { name: 'コメント' }), '了解です');
    await app.user.click(app.getByRole('button', { name: '投稿' }));
    expect(await app.findByText('了解です')).toBeInTheDocument();
    expect(posted).toEqual({ body: '了解です' });
    expect(await app.findByText('mine.pdf')).toBeInTheDocument();
    expect(app.getByRole('button', { name: 'mine.pdfを削除' })).toBeInTheDocument();
    expect(app.queryByRole('button', { name: 'theirs.pdfを削除' })).toBeNull();
    expect(app.getAllByRole('button', { name: 'ダウンロード' })).toHaveLength(2);
    app.unmount();

    const firm = renderApp(`/projects?project-id=${detail.id}`, {
      session: patentSession,
      apiUser: makeUser({ userType: 'PATENT' }),
    });
    server.use(
      handlerFor(
        projectDetailEndpoints.getProject,
        () => HttpResponse.json({ hasError: false, message: '', item: detail }),
        { namespace: 'patent', params: { projectId: detail.id } },
      ),
    );
    await firm.findByRole('heading', { level: 2, name: /リチウム/ }, slow);
    expect(firm.queryByRole('tab', { name: 'ユーザースペース' })).toBeNull();
    expect(firm.getByRole('tab', { name: /案件情報/ })).toBeInTheDocument();
    // The client did not allow the office to edit: read-only, no duplicate, delete or settings.
    expect(firm.queryByRole('button', { name: /を編集$/ })).toBeNull();
    expect(firm.queryByRole('button', { name: '複製' })).toBeNull();
    expect(firm.queryByRole('region', { name: '案件設定' })).toBeNull();
  });

  it('user space: the author edits and deletes their own comments, not others’', async () => {
    const detail = jpPatent();
    serveDetail(detail);
    const comment = (id: string, authorUserId: string, authorName: string, body: string) => ({
      id,
      projectId: detail.id,
      authorUserId,
      authorName,
      body,
      createDate: '2026-02-01T01:00:00.000Z',
      updateDate: '2026-02-01T01:00:00.000Z',
    });
    const mine = comment('30000000-0000-4000-8000-000000000011', me.id, '山田', '図面は来週');
    const theirs = comment(
      '30000000-0000-4000-8000-000000000012',
      '50000000-0000-4000-8000-000000000009',
      '佐藤',
      '了解',
    );
    serveUserSpace(detail.id, [mine, theirs], []);
    const calls: { method: string; body?: unknown }[] = [];
    server.use(
      handlerFor(
        projectUserSpaceEndpoints.updateUserSpaceComment,
        async ({ request }) => {
          const body = await request.json();
          calls.push({ method: 'PATCH', body });
          return HttpResponse.json({
            hasError: false,
            message: '',
            item: { ...mine, body: body.body, updateDate: '2026-02-02T01:00:00.000Z' },
          });
        },
        { params: { projectId: detail.id, commentId: mine.id } },
      ),
      handlerFor(
        projectUserSpaceEndpoints.deleteUserSpaceComment,
        () => {
          calls.push({ method: 'DELETE' });
          return HttpResponse.json({ hasError: false, message: '', item: { id: mine.id } });
        },
        { params: { projectId: detail.id, commentId: mine.id } },
      ),
    );
    const app = renderApp(`/projects?project-id=${detail.id}`, { apiUser: me });
    await app.findByRole('heading', { level: 2, name: /リチウム/ }, slow);
    await app.user.click(app.getByRole('tab', { name: 'ユーザースペース' }));
    const list = await app.findByRole('list', { name: 'コメント一覧' });
    // Only one's own comment has the edit and delete buttons.
    expect(within(list).getAllByRole('button', { name: '編集' })).toHaveLength(1);
    expect(within(list).getAllByRole('button', { name: 'コメントを削除' })).toHaveLength(1);

    await app.user.click(within(list).getByRole('button', { name: '編集' }));
    const form = within(app.getByRole('form', { name: '編集' }));
    const text = form.getByRole('textbox', { name: 'コメント' });
    await app.user.clear(text);
    await app.user.click(form.getByRole('button', { name: '保存' }));
    expect(await app.findByText('入力内容にエラーがあります')).toBeInTheDocument();
    expect(calls).toEqual([]);
    await app.user.type(text, '図面は再来週');
    await app.user.click(form.getByRole('button', { name: '保存' }));
    expect(await app.findByText('コメントを更新しました')).toBeInTheDocument();
    expect(await within(list).findByText('図面は再来週')).toBeInTheDocument();
    expect(within(list).getByText('（編集済み）')).toBeInTheDocument();
    expect(calls).toEqual([{ method: 'PATCH', body: { body: '図面は再来週' } }]);

    await app.user.click(within(list).getByRole('button', { name: 'コメントを削除' }));
    const confirm = within(await app.findByRole('alertdialog', { name: 'このコメントを削除しますか？' }));
    await app.user.click(confirm.getByRole('button', { name: '削除する' }));
    expect(await app.findByText('コメントを削除しました')).toBeInTheDocument();
    await waitFor(() => expect(within(list).queryByText('図面は再来週')).toBeNull());
    expect(within(list).getByText('了解')).toBeInTheDocument();
    expect(calls.at(-1)).toEqual({ method: 'DELETE' });
  });
});
