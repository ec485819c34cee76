import { firmEndpoints, projectEndpoints, requestEndpoints } from '@ipportal/domain';
import type { FirmDirectoryEntry, Project, RequestDetail, RequestSummary } from '@ipportal/domain';
import { waitFor, within } from '@testing-library/react';
import { HttpResponse } from 'msw';
import { beforeAll, describe, expect, it } from 'vitest';
import { patentSession } from '../../../test/fake-auth-port';
import { makeUser } from '../../../test/fixtures';
import { server } from '../../../test/msw-server';
import { renderApp } from '../../../test/renderWithProviders';
import { handlerFor } from '../../../test/handler-for';

const projectId = '11111111-1111-4111-8111-111111111111';
const firmId = '22222222-2222-4222-8222-222222222222';

function makeRequest(overrides: Partial<RequestDetail> = {}): RequestDetail {
  return {
    id: '33333333-3333-4333-8333-333333333333',
    projectId,
    requestId: 1,
    name: '米国出願の見積',
    type: 'estimate',
    status: 1,
    assignee: { id: '44444444-4444-4444-8444-444444444444', name: '山田 太郎' },
    regionCode: 1,
    officeType: 'patentAttorney',
    target: { id: firmId, name: 'さくら国際特許事務所', nameEn: 'Sakura International Patent Office' },
    client: {
      name: '株式会社サンプル技研',
      contact: { id: '44444444-4444-4444-8444-444444444444', name: '山田 太郎' },
    },
    registDate: '2026-03-04T01:00:00.000Z',
    decisionPeriod: '2026-12-31',
    userPeriod: null,
    concierge: 'notUsed',
    declinedAt: null,
    declineReason: null,
    project: { refrenceCode: 'P-2024-001', title: '正極材料', type: 0, deleted: false },
    updateDate: '2026-03-04T01:00:00.000Z',
    content: '見積をお願いします',
    ...overrides,
  };
}

const office: FirmDirectoryEntry = {
  id: firmId,
  name: 'さくら国際特許事務所',
  nameEn: 'Sakura International Patent Office',
  officeType: 'patentAttorney',
  regionCode: 1,
  address: '東京都千代田区',
  phoneNumber: '+81352123456',
  email: 'info@sakura.example',
  website: null,
  languages: ['ja', 'en'],
  caseTypes: [0],
  technicalFields: ['半導体'],
  feeNotes: '見積無料',
};

/** GET /requests answering `rows`, recording each query. */
function serveRequests(namespace: 'user' | 'patent', rows: () => RequestSummary[]) {
  const queries: URLSearchParams[] = [];
  server.use(
    handlerFor(
      requestEndpoints.listRequests,
      ({ request }) => {
        queries.push(new URL(request.url).searchParams);
        const items = rows();
        return HttpResponse.json({ hasError: false, message: '', items, total: items.length });
      },
      { namespace: namespace },
    ),
  );
  return queries;
}

beforeAll(async () => {
  // The first lazy imports of a vitest worker are slow; load the page's modules once up front.
  await Promise.all([
    import('./requests-page'),
    import('./form/request-form'),
    import('../../i18n/domain-resources'),
  ]);
}, 60_000);

describe('/requests (client)', { timeout: 60_000 }, () => {
  it('lists the requests with their columns; filters and search go to the server and into the URL; a row opens its mails', async () => {
    const queries = serveRequests('user', () => [
      makeRequest(),
      makeRequest({
        id: '55555555-5555-4555-8555-555555555555',
        requestId: 2,
        name: '翻訳の依頼',
        type: 'other',
        status: 3,
        concierge: 'paid',
      }),
    ]);
    const app = renderApp('/requests', { apiUser: makeUser() });
    const row = (await app.findByRole('link', { name: '米国出願の見積' })).closest('tr')!;
    // The No. is per matter: the list shows it with the matter's reference.
    expect(within(row).getByText('P-2024-001 / 1')).toBeInTheDocument();
    expect(within(row).getByText('正極材料')).toBeInTheDocument();
    expect(within(row).getByText('見積依頼')).toBeInTheDocument();
    expect(within(row).getByText('未対応')).toBeInTheDocument();
    expect(within(row).getByText('山田 太郎')).toBeInTheDocument();
    expect(within(row).getByText('さくら国際特許事務所')).toBeInTheDocument();
    expect(within(row).getByText('2026/12/31')).toBeInTheDocument();
    expect(within(row).getByText('利用なし')).toBeInTheDocument();
    expect(app.getByText('2 件')).toBeInTheDocument();
    expect(queries[0]?.get('status')).toBe('0');

    await app.user.selectOptions(app.getByRole('combobox', { name: 'ステータス' }), '3');
    await waitFor(() => expect(queries.at(-1)?.get('status')).toBe('3'));
    expect(app.location()).toBe('/requests?status=3');
    await app.user.selectOptions(app.getByRole('combobox', { name: 'コンシェルジュ' }), 'paid');
    await waitFor(() => expect(queries.at(-1)?.get('concierge')).toBe('paid'));
    await app.user.type(app.getByRole('searchbox', { name: '検索' }), '翻訳');
    await waitFor(() => expect(queries.at(-1)?.get('q')).toBe('翻訳'));
    expect(app.location()).toBe('/requests?status=3&concierge=paid&q=%E7%BF%BB%E8%A8%B3');

    await app.user.click(within(row).getByText('利用なし'));
    await waitFor(() => expect(app.location()).toBe(`/requests/${projectId}/1/mails`));
  });

  it('says what the statuses mean in English and explains the concierge filter in both languages', async () => {
    serveRequests('user', () => [
      makeRequest(),
      makeRequest({
        id: '55555555-5555-4555-8555-555555555555',
        requestId: 2,
        name: 'In progress',
        status: 2,
      }),
      makeRequest({ id: '66666666-6666-4666-8666-666666666666', requestId: 3, name: 'Done', status: 3 }),
    ]);
    const en = renderApp('/requests', { apiUser: makeUser({ locale: 'en' }), locale: 'en' });
    const row = (name: string) => en.getByRole('link', { name }).closest('tr')!;
    await en.findByRole('link', { name: '米国出願の見積' });
    expect(within(row('米国出願の見積')).getByText('Not started')).toBeInTheDocument();
    expect(within(row('In progress')).getByText('In progress (external)')).toBeInTheDocument();
    expect(within(row('Done')).getByText('Completed')).toBeInTheDocument();
    const status = en.getByRole('combobox', { name: 'Status' });
    const labels = within(status)
      .getAllByRole('option')
      .filter((option) => option.getAttribute('value') !== '')
      .map((option) => option.textContent);
    expect(labels).toEqual(['All', 'Not started', 'In progress (external)', 'Completed']);
    expect(en.queryByText(/supported/i)).toBeNull();
    expect(en.getByRole('combobox', { name: 'Concierge' })).toHaveAccessibleDescription(
      /service that coordinates the request with the office for you/,
    );
    expect(en.missingKeys).toEqual([]);
    en.unmount();

    const ja = renderApp('/requests', { apiUser: makeUser() });
    await ja.findByRole('link', { name: '米国出願の見積' });
    expect(ja.getByRole('combobox', { name: 'コンシェルジュ' })).toHaveAccessibleDescription(
      /依頼先との調整を代行する有料サービス/,
    );
  });

  it('sends a request: required fields are marked and checked, the office comes from the directory, success toast', async () => {
    let rows: RequestSummary[] = [];
    serveRequests('user', () => rows);
    const matter: Project = {
      id: projectId,
      type: 0,
      refrenceCode: 'P-2024-001',
      regionCode: 1,
      title: '正極材料',
      status: 0,
      name: null,
      applicationCode: null,
      applicationDate: null,
      publicationCode: null,
      registCode: null,
      registDate: null,
      requestCount: 0,
      concierge: 'notUsed',
      family: null,
      deletedAt: null,
      createDate: '2026-01-01T00:00:00.000Z',
      updateDate: '2026-01-01T00:00:00.000Z',
    };
    const directoryQueries: string[] = [];
    const matterSearches: (string | null)[] = [];
    let posted: unknown;
    server.use(
      handlerFor(
        projectEndpoints.listProjects,
        ({ request }) => {
          const search = new URL(request.url).searchParams;
          matterSearches.push(search.get('q'));
          expect(search.get('limit')).toBe('50');
          return HttpResponse.json({
            hasError: false,
            message: '',
            items: [matter],
            nextCursor: null,
            counts: { all: 1, patent: 1, utilityModel: 0, design: 0, trademark: 0, deleted: 0 },
          });
        },
        { namespace: 'user' },
      ),
      handlerFor(firmEndpoints.listFirmDirectory, ({ request }) => {
        directoryQueries.push(new URL(request.url).search);
        return HttpResponse.json({ hasError: false, message: '', items: [office] });
      }),
      handlerFor(
        requestEndpoints.createRequest,
        async ({ request }) => {
          posted = await request.json();
          const created = makeRequest({ name: '米国出願の見積' });
          rows = [created];
          return HttpResponse.json({ hasError: false, message: '', item: created }, { status: 201 });
        },
        { params: { projectId } },
      ),
    );
    const app = renderApp('/requests', { apiUser: makeUser() });
    await app.findByText('依頼はまだありません');
    await app.user.click(app.getByRole('button', { name: '新規依頼' }));
    const dialog = await app.findByRole('dialog', { name: '依頼の登録' });
    await within(dialog).findByRole('textbox', { name: /依頼名/ });
    await app.user.click(within(dialog).getByRole('button', { name: '依頼する' }));
    expect(await app.findByText('入力内容に誤りがあります')).toBeInTheDocument();
    expect(within(dialog).getAllByText('必須項目です')).toHaveLength(7);
    expect(posted).toBeUndefined();

    await app.user.type(within(dialog).getByRole('combobox', { name: /^案件/ }), 'P-2024');
    // The server searches the matters (a user may have thousands): first the recent ones, then the typed text.
    await waitFor(() => expect(matterSearches).toEqual([null, 'P-2024']));
    await app.user.click(await within(dialog).findByRole('option', { name: 'P-2024-001 正極材料' }));
    await app.user.type(within(dialog).getByRole('textbox', { name: /依頼名/ }), '米国出願の見積');
    await app.user.click(within(dialog).getByRole('radio', { name: '見積依頼' }));
    await app.user.type(within(dialog).getByRole('textbox', { name: /依頼内容/ }), '見積をお願いします');
    expect(within(dialog).getByText('国・地域と事務所種別を選ぶと、依頼先を選べます')).toBeInTheDocument();
    await app.user.type(within(dialog).getByRole('combobox', { name: /依頼先の国・地域/ }), '日本');
    await app.user.click(await within(dialog).findByRole('option', { name: '日本' }));
    await app.user.selectOptions(
      within(dialog).getByRole('combobox', { name: /事務所種別/ }),
      'patentAttorney',
    );
    const officeSelect = within(dialog).getByRole('combobox', { name: /^依頼先(?!の)/ });
    await waitFor(() =>
      expect(within(officeSelect).getByRole('option', { name: 'さくら国際特許事務所' })).toBeInTheDocument(),
    );
    expect(directoryQueries).toEqual(['?regionCode=1&officeType=patentAttorney']);
    await app.user.selectOptions(officeSelect, firmId);
    expect(within(dialog).getByText('料金: 見積無料')).toBeInTheDocument();
    await app.user.click(within(dialog).getByRole('button', { name: '依頼する' }));

    expect(await app.findByText('依頼を登録しました')).toBeInTheDocument();
    expect(posted).toEqual({
      name: '米国出願の見積',
      type: 'estimate',
      content: '見積をお願いします',
      officeRegionCode: 1,
      officeType: 'patentAttorney',
      officeId: firmId,
    });
    await waitFor(() => expect(app.queryByRole('dialog', { name: '依頼の登録' })).toBeNull());
    // The list is fetched again and shows the new request.
    expect(await app.findByRole('link', { name: '米国出願の見積' })).toBeInTheDocument();
  });

  it('a refused request shows the failure toast with the server message and keeps the form', async () => {
    serveRequests('user', () => []);
    server.use(
      handlerFor(firmEndpoints.listFirmDirectory, () =>
        HttpResponse.json({ hasError: false, message: '', items: [office] }),
      ),
      handlerFor(
        requestEndpoints.createRequest,
        () =>
          HttpResponse.json(
            {
              hasError: true,
              message:
                '依頼の登録に失敗しました\n選択した依頼先は、指定した国・事務所種別の事務所一覧にありません',
              errors: [
                {
                  path: 'officeId',
                  message: '選択した依頼先は、指定した国・事務所種別の事務所一覧にありません',
                },
              ],
            },
            { status: 400 },
          ),
        { params: { projectId } },
      ),
    );
    const app = renderApp('/requests', { apiUser: makeUser() });
    await app.findByText('依頼はまだありません');
    server.use(
      handlerFor(
        projectEndpoints.listProjects,
        () =>
          HttpResponse.json({
            hasError: false,
            message: '',
            items: [
              {
                id: projectId,
                type: 0,
                refrenceCode: 'P-1',
                regionCode: 1,
                title: 'T',
                status: 0,
                name: null,
                applicationCode: null,
                applicationDate: null,
                publicationCode: null,
                registCode: null,
                registDate: null,
                requestCount: 0,
                concierge: 'notUsed',
                family: null,
                deletedAt: null,
                createDate: '2026-01-01T00:00:00.000Z',
                updateDate: '2026-01-01T00:00:00.000Z',
              },
            ],
            nextCursor: null,
            counts: { all: 1, patent: 1, utilityModel: 0, design: 0, trademark: 0, deleted: 0 },
          }),
        { namespace: 'user' },
      ),
    );
    await app.user.click(app.getByRole('button', { name: '新規依頼' }));
    const dialog = await app.findByRole('dialog', { name: '依頼の登録' });
    await app.user.type(await within(dialog).findByRole('combobox', { name: /^案件/ }), 'P-1');
    await app.user.click(await within(dialog).findByRole('option', { name: 'P-1 T' }));
    await app.user.type(within(dialog).getByRole('textbox', { name: /依頼名/ }), 'X');
    await app.user.click(within(dialog).getByRole('radio', { name: 'その他' }));
    await app.user.type(within(dialog).getByRole('textbox', { name: /依頼内容/ }), 'Y');
    await app.user.type(within(dialog).getByRole('combobox', { name: /依頼先の国・地域/ }), '日本');
    await app.user.click(await within(dialog).findByRole('option', { name: '日本' }));
    await app.user.selectOptions(
      within(dialog).getByRole('combobox', { name: /事務所種別/ }),
      'patentAttorney',
    );
    const officeSelect = within(dialog).getByRole('combobox', { name: /^依頼先(?!の)/ });
    await waitFor(() =>
      expect(within(officeSelect).getByRole('option', { name: 'さくら国際特許事務所' })).toBeInTheDocument(),
    );
    await app.user.selectOptions(officeSelect, firmId);
    await app.user.click(within(dialog).getByRole('button', { name: '依頼する' }));
    expect(await app.findByText('依頼の登録に失敗しました')).toBeInTheDocument();
    expect(
      await app.findAllByText('選択した依頼先は、指定した国・事務所種別の事務所一覧にありません'),
    ).not.toHaveLength(0);
    expect(app.getByRole('dialog', { name: '依頼の登録' })).toBeInTheDocument();
  });
});

describe('/requests (office)', { timeout: 60_000 }, () => {
  it('shows who sent each request: the client company and its contact person, not the office itself', async () => {
    serveRequests('patent', () => [
      makeRequest(),
      makeRequest({
        id: '88888888-8888-4888-8888-888888888888',
        projectId: '99999999-9999-4999-8999-999999999999',
        name: '個人発明の相談',
        assignee: null,
        client: {
          name: 'Jane Inventor',
          contact: { id: '12121212-1212-4212-8212-121212121212', name: 'Jane Inventor' },
        },
      }),
    ]);
    const app = renderApp('/requests', { session: patentSession, apiUser: makeUser({ userType: 'PATENT' }) });
    const row = (await app.findByRole('link', { name: '米国出願の見積' })).closest('tr')!;
    const headers = app.getAllByRole('columnheader').map((cell) => cell.textContent);
    // Sortable headers also carry a hidden "sortable" text.
    expect(headers.some((header) => header?.startsWith('依頼者'))).toBe(true);
    expect(headers.some((header) => header?.startsWith('依頼先'))).toBe(false);
    expect(within(row).getByText('株式会社サンプル技研')).toBeInTheDocument();
    expect(within(row).getByText('担当: 山田 太郎')).toBeInTheDocument();
    expect(within(row).queryByText('さくら国際特許事務所')).toBeNull();
    const solo = app.getByRole('link', { name: '個人発明の相談' }).closest('tr')!;
    expect(within(solo).getByText('Jane Inventor')).toBeInTheDocument();
    expect(app.getByRole('searchbox', { name: '検索' })).toHaveAttribute(
      'placeholder',
      '依頼名・内容・案件・依頼者',
    );
  });

  it('accepts, marks supported and declines with a reason; a refused move shows the server reason', async () => {
    let rows: RequestSummary[] = [
      makeRequest(),
      makeRequest({
        id: '66666666-6666-4666-8666-666666666666',
        requestId: 2,
        name: '進行中の依頼',
        status: 2,
      }),
      makeRequest({ id: '77777777-7777-4777-8777-777777777777', requestId: 3, name: '辞退する依頼' }),
    ];
    serveRequests('patent', () => rows);
    const calls: string[] = [];
    let declineBody: unknown;
    server.use(
      handlerFor(
        requestEndpoints.acceptRequest,
        () => {
          calls.push('accept 1');
          const item = makeRequest({ status: 2 });
          rows = [item, ...rows.slice(1)];
          return HttpResponse.json({ hasError: false, message: '', item });
        },
        { params: { projectId, requestId: 1 } },
      ),
      handlerFor(
        requestEndpoints.completeRequest,
        () => {
          calls.push('complete 2');
          return HttpResponse.json(
            {
              hasError: true,
              message: '依頼の更新に失敗しました\nこの依頼は外部対応中ではないため、対応済みにできません',
            },
            { status: 409 },
          );
        },
        { params: { projectId, requestId: 2 } },
      ),
      handlerFor(
        requestEndpoints.declineRequest,
        async ({ request }) => {
          declineBody = await request.json();
          calls.push('decline 3');
          const item = makeRequest({
            requestId: 3,
            name: '辞退する依頼',
            declinedAt: '2026-03-05T00:00:00.000Z',
            declineReason: '利益相反',
          });
          rows = [rows[0]!, rows[1]!, item];
          return HttpResponse.json({ hasError: false, message: '', item });
        },
        { params: { projectId, requestId: 3 } },
      ),
    );
    const app = renderApp('/requests', {
      session: patentSession,
      apiUser: makeUser({ userType: 'PATENT', firmId }),
    });
    const first = (await app.findByRole('link', { name: '米国出願の見積' })).closest('tr')!;
    expect(app.queryByRole('button', { name: '新規依頼' })).toBeNull();
    // Accepting cannot be taken back: it asks first, and cancelling sends nothing.
    await app.user.click(within(first).getByRole('button', { name: '受任する' }));
    let confirm = await app.findByRole('alertdialog', { name: '依頼を受任' });
    expect(confirm).toHaveTextContent('「米国出願の見積」を受任します。受任後は取り消せません。');
    await app.user.click(within(confirm).getByRole('button', { name: 'キャンセル' }));
    await waitFor(() => expect(app.queryByRole('alertdialog')).toBeNull());
    expect(calls).toEqual([]);
    await app.user.click(within(first).getByRole('button', { name: '受任する' }));
    confirm = await app.findByRole('alertdialog', { name: '依頼を受任' });
    await app.user.click(within(confirm).getByRole('button', { name: '受任する' }));
    expect(await app.findByText('依頼を受任しました（外部対応中）')).toBeInTheDocument();
    expect(app.queryByRole('alertdialog')).toBeNull();
    await waitFor(() =>
      expect(
        within(app.getByRole('link', { name: '米国出願の見積' }).closest('tr')!).getByText('外部対応中'),
      ).toBeInTheDocument(),
    );
    expect(app.location()).toBe('/requests');

    const second = app.getByRole('link', { name: '進行中の依頼' }).closest('tr')!;
    await app.user.click(within(second).getByRole('button', { name: '対応済みにする' }));
    expect(
      await app.findByText('この依頼は外部対応中ではないため、対応済みにできません'),
    ).toBeInTheDocument();

    const third = app.getByRole('link', { name: '辞退する依頼' }).closest('tr')!;
    await app.user.click(within(third).getByRole('button', { name: '辞退する' }));
    const dialog = await app.findByRole('dialog', { name: '依頼を辞退' });
    await app.user.click(within(dialog).getByRole('button', { name: '辞退する' }));
    expect(within(dialog).getByText('必須項目です')).toBeInTheDocument();
    await app.user.type(within(dialog).getByRole('textbox', { name: /辞退の理由/ }), '利益相反');
    // A typed reason is not lost to a stray Escape.
    await app.user.keyboard('{Escape}');
    const ask = await app.findByRole('alertdialog', { name: '入力内容を破棄しますか？' });
    await app.user.click(within(ask).getByRole('button', { name: '編集を続ける' }));
    expect(within(dialog).getByRole('textbox', { name: /辞退の理由/ })).toHaveValue('利益相反');
    await app.user.click(within(dialog).getByRole('button', { name: '辞退する' }));
    expect(await app.findByText('依頼を辞退しました')).toBeInTheDocument();
    expect(declineBody).toEqual({ reason: '利益相反' });
    expect(await app.findByText('辞退の理由: 利益相反')).toBeInTheDocument();
    expect(calls).toEqual(['accept 1', 'complete 2', 'decline 3']);
  });

  it('the concierge coordinating a request to another office reads it but is offered no move on it', async () => {
    const conciergeFirmId = '99999999-9999-4999-8999-999999999999';
    serveRequests('patent', () => [
      makeRequest({ concierge: 'paid' }),
      makeRequest({
        id: '66666666-6666-4666-8666-666666666666',
        requestId: 2,
        name: '進行中の依頼',
        status: 2,
        concierge: 'paid',
      }),
    ]);
    const app = renderApp('/requests', {
      session: patentSession,
      apiUser: makeUser({ userType: 'PATENT', firmId: conciergeFirmId }),
    });
    const first = (await app.findByRole('link', { name: '米国出願の見積' })).closest('tr')!;
    const second = app.getByRole('link', { name: '進行中の依頼' }).closest('tr')!;
    for (const name of ['受任する', '辞退する'])
      expect(within(first).queryByRole('button', { name })).toBeNull();
    expect(within(second).queryByRole('button', { name: '対応済みにする' })).toBeNull();
    expect(within(second).getByText('外部対応中')).toBeInTheDocument();
  });
});
