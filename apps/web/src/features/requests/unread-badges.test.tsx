import { requestEndpoints, requestMailEndpoints } from '@ipportal/domain';
import type { RequestDetail, RequestListItem, RequestUnreadSummary } from '@ipportal/domain';
import { waitFor, within } from '@testing-library/react';
import { HttpResponse } from 'msw';
import { beforeAll, describe, expect, it } from 'vitest';
import { patentSession } from '../../../test/fake-auth-port';
import { makeRequestDetail, makeUser } from '../../../test/fixtures';
import { server } from '../../../test/msw-server';
import { renderApp } from '../../../test/renderWithProviders';
import { handlerFor } from '../../../test/handler-for';

const projectId = '11111111-1111-4111-8111-111111111111';
const firmId = '22222222-2222-4222-8222-222222222222';
const slow = { timeout: 20_000 };

function makeRow(requestId: number, name: string, unreadMailCount: number): RequestListItem {
  const { content: _content, ...row } = makeRequestDetail({
    id: `33333333-3333-4333-8333-33333333333${requestId}`,
    projectId,
    requestId,
    name,
    target: { id: firmId, name: 'さくら国際特許事務所', nameEn: 'Sakura International Patent Office' },
    registDate: '2026-03-04T01:00:00.000Z',
    project: { refrenceCode: 'P-2024-001', title: '正極材料', type: 0, deleted: false },
    updateDate: '2026-03-04T01:00:00.000Z',
  });
  return { ...row, unreadMailCount };
}

/** GET /requests and GET /requests/unread-summary answering the current state. */
function serveList(
  namespace: 'user' | 'patent',
  rows: () => RequestListItem[],
  summary: () => RequestUnreadSummary,
) {
  server.use(
    handlerFor(
      requestEndpoints.listRequests,
      () => {
        const items = rows();
        return HttpResponse.json({ hasError: false, message: '', items, total: items.length });
      },
      { namespace: namespace },
    ),
    handlerFor(
      requestEndpoints.getRequestUnreadSummary,
      () => HttpResponse.json({ hasError: false, message: '', item: summary() }),
      { namespace: namespace },
    ),
  );
}

const rowOf = (link: HTMLElement) => link.closest('tr')!;

beforeAll(async () => {
  // The first lazy imports of a vitest worker are slow, and concurrent ones can stall its module
  // runner: load the pages' modules and texts once up front, one after the other.
  await import('./requests-page');
  await import('./request-mails-page');
  await import('../../i18n/domain-resources');
  await import('./request-texts').then((m) => m.requestTexts.load());
  await import('./detail/request-detail-texts').then((m) => m.requestDetailTexts.load());
}, 60_000);

describe('unread request mails', { timeout: 60_000 }, () => {
  it('office: rows with unread mail are bold with their count, the sidebar shows the total; opening a thread clears both', async () => {
    let unread = 2;
    serveList(
      'patent',
      () => [makeRow(1, '米国出願の見積', unread), makeRow(2, '翻訳の依頼', 0)],
      () => ({ unreadMailCount: unread, requestsWithUnread: unread > 0 ? 1 : 0, awaitingRequestCount: 0 }),
    );
    const request: RequestDetail = { ...makeRow(1, '米国出願の見積', 0), content: '見積をお願いします' };
    server.use(
      handlerFor(
        requestEndpoints.getRequest,
        () => HttpResponse.json({ hasError: false, message: '', item: request }),
        { namespace: 'patent', params: { projectId, requestId: 1 } },
      ),
      handlerFor(
        requestMailEndpoints.listRequestMails,
        () => HttpResponse.json({ hasError: false, message: '', items: [], unreadCount: unread }),
        { namespace: 'patent', params: { projectId, requestId: 1 } },
      ),
      handlerFor(
        requestMailEndpoints.markRequestMailsRead,
        () => {
          const marked = unread;
          unread = 0;
          return HttpResponse.json({ hasError: false, message: '', item: { marked } });
        },
        { namespace: 'patent', params: { projectId, requestId: 1 } },
      ),
    );
    const app = renderApp('/requests', {
      session: patentSession,
      apiUser: makeUser({ userType: 'PATENT', firmId }),
    });

    const unreadLink = await app.findByRole('link', { name: '米国出願の見積' }, slow);
    const unreadRow = rowOf(unreadLink);
    expect(within(unreadRow).getByRole('img', { name: '未読のメッセージ 2 件' })).toHaveTextContent('2');
    expect(unreadLink).toHaveStyle({ fontWeight: '700' });
    const readLink = app.getByRole('link', { name: '翻訳の依頼' });
    expect(within(rowOf(readLink)).queryByRole('img')).toBeNull();
    expect(readLink).toHaveStyle({ fontWeight: '500' });

    // The sidebar is loaded after the page (lazy): wait for it.
    const nav = within(await app.findByRole('navigation', { name: 'メインメニュー' }, slow));
    const requestsEntry = await nav.findByRole('link', { name: /^依頼管理/ }, slow);
    expect(
      await within(requestsEntry).findByRole('img', { name: '未読のメッセージ 2 件（依頼 1 件）' }, slow),
    ).toHaveTextContent('2');

    // Opening the request marks its thread read; back on the list the counts are gone.
    await app.user.click(unreadLink);
    await waitFor(() => expect(unread).toBe(0), slow);
    await app.router.navigate('/requests');
    const cleared = await app.findByRole('link', { name: '米国出願の見積' }, slow);
    await waitFor(() => expect(within(rowOf(cleared)).queryByRole('img')).toBeNull(), slow);
    const entry = within(app.getByRole('navigation', { name: 'メインメニュー' })).getByRole('link', {
      name: /^依頼管理/,
    });
    await waitFor(() => expect(within(entry).queryByRole('img')).toBeNull(), slow);
  });

  it('client, in English: the row and sidebar labels; other entries carry no count', async () => {
    serveList(
      'user',
      () => [makeRow(1, 'US filing estimate', 3)],
      () => ({ unreadMailCount: 3, requestsWithUnread: 1, awaitingRequestCount: 0 }),
    );
    const app = renderApp('/requests', { apiUser: makeUser({ locale: 'en' }), locale: 'en' });
    const link = await app.findByRole('link', { name: 'US filing estimate' }, slow);
    expect(within(rowOf(link)).getByRole('img', { name: 'Unread messages: 3' })).toBeInTheDocument();
    const nav = within(await app.findByRole('navigation', { name: 'Main menu' }, slow));
    const entry = await nav.findByRole('link', { name: /^Request management/ }, slow);
    expect(
      await within(entry).findByRole('img', { name: 'Unread messages: 3 (requests: 1)' }, slow),
    ).toBeInTheDocument();
    // The other entries carry no count.
    expect(within(nav.getByRole('link', { name: 'Matter management' })).queryByRole('img')).toBeNull();
  });
});
