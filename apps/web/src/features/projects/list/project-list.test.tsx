import { projectEndpoints } from '@ipportal/domain';
import { fireEvent, waitFor, within } from '@testing-library/react';
import { HttpResponse } from 'msw';
import { beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { makeUser } from '../../../../test/fixtures';
import { renderApp } from '../../../../test/renderWithProviders';
import { server } from '../../../../test/msw-server';
import {
  giveElementsASize,
  makeDetail,
  makeProject,
  serveDetail,
  serveFamilyGroups,
  serveList,
  warmUp,
} from '../test-support';
import { handlerFor } from '../../../../test/handler-for';

const slow = { timeout: 20_000 };

const user = makeUser();

beforeAll(warmUp, 60_000);
beforeEach(giveElementsASize);

describe('matter list', { timeout: 60_000 }, () => {
  it('shows the first rows and the counts, and fetches only the pages the viewport needs', async () => {
    const projects = Array.from({ length: 330 }, (_, i) =>
      makeProject({ refrenceCode: `R-${String(i).padStart(3, '0')}`, type: i % 2 === 0 ? 0 : 2 }),
    );
    const calls = serveList(projects, 100);
    const app = renderApp('/projects', { apiUser: user });
    await app.findByRole('cell', { name: 'R-000' }, slow);
    const tabs = app.getByRole('tablist', { name: '案件の種類' });
    expect(within(tabs).getByRole('tab', { name: /すべて/ })).toHaveTextContent('330');
    expect(within(tabs).getByRole('tab', { name: /商標/ })).toHaveTextContent('165');
    expect(app.getByText('330 件')).toBeInTheDocument();
    // The table is as tall as the whole view from the first page on.
    const table = app.getByRole('table', { name: '案件一覧' });
    expect(table).toHaveAttribute('aria-rowcount', '331');
    expect(calls.map((c) => [c.get('offset'), c.get('limit')])).toEqual([['0', '100']]);
    // A jump to the end fetches the last page only, not the one in between.
    const region = app.getByRole('region', { name: '案件一覧' });
    region.scrollTop = 330 * 44 - 600;
    fireEvent.scroll(region);
    await app.findByRole('cell', { name: 'R-329' }, slow);
    expect(calls.map((c) => c.get('offset'))).toEqual(['0', '300']);
    expect(app.getByRole('row', { name: /R-329/ })).toHaveAttribute('aria-rowindex', '331');
  });

  it('comes back to the same rows after a remount (reload, back button)', async () => {
    const projects = Array.from({ length: 1000 }, (_, i) =>
      makeProject({ refrenceCode: `S-${String(i).padStart(4, '0')}` }),
    );
    const calls = serveList(projects, 100);
    const first = renderApp('/projects?sort=title&order=asc', { apiUser: user });
    await first.findByRole('cell', { name: 'S-0000' }, slow);
    const region = first.getByRole('region', { name: '案件一覧' });
    region.scrollTop = 700 * 44;
    fireEvent.scroll(region);
    await first.findByRole('cell', { name: 'S-0700' }, slow);
    first.unmount();
    calls.length = 0;
    const again = renderApp('/projects?sort=title&order=asc', { apiUser: user });
    const restored = await again.findByRole('region', { name: '案件一覧' }, slow);
    await waitFor(() => expect(restored.scrollTop).toBe(700 * 44), slow);
    expect(calls.map((c) => c.get('offset'))).toContain('700');
    // jsdom fires no scroll event for a scrollTop set by script (a browser does).
    fireEvent.scroll(restored);
    await again.findByRole('cell', { name: 'S-0700' }, slow);
    // The page of the saved position was fetched without the ones before it.
    expect(calls.map((c) => c.get('offset'))).not.toContain('100');
    expect(calls.every((c) => c.get('sort') === 'title' && c.get('order') === 'asc')).toBe(true);
  });

  it('says no project is registered when there is none, in both languages', async () => {
    serveList([]);
    const app = renderApp('/projects', { apiUser: user });
    expect(await app.findByText('案件が登録されていません', {}, slow)).toBeInTheDocument();
    await app.user.click(app.getByRole('button', { name: 'English' }));
    expect(await app.findByText('No project registered')).toBeInTheDocument();
  });

  it('sorts on the server, filters by status and search, and keeps the view in the URL', async () => {
    const calls = serveList([makeProject({ refrenceCode: 'B-1' }), makeProject({ refrenceCode: 'A-1' })]);
    const app = renderApp('/projects', { apiUser: user });
    await app.findByRole('cell', { name: 'B-1' }, slow);
    await app.user.click(app.getByRole('button', { name: /整理番号/ }));
    await waitFor(() => expect(calls.at(-1)?.get('sort')).toBe('refrenceCode'));
    expect(calls.at(-1)?.get('order')).toBe('asc');
    await app.user.selectOptions(app.getByRole('combobox', { name: 'ステータス' }), '1');
    await waitFor(() => expect(calls.at(-1)?.get('status')).toBe('1'));
    await app.user.type(app.getByRole('searchbox', { name: '検索' }), '電池');
    await waitFor(() => expect(calls.at(-1)?.get('q')).toBe('電池'));
    expect(app.location()).toBe(
      `/projects?${new URLSearchParams({ sort: 'refrenceCode', order: 'asc', status: '1', q: '電池' }).toString()}`.replace(
        /&/g,
        '&',
      ),
    );
  });

  it('groups by family: families by name with their size, matters without one last', async () => {
    const projects = [
      makeProject({ refrenceCode: 'X-1', family: null }),
      makeProject({ refrenceCode: 'B-1', family: 'Beta' }),
      makeProject({ refrenceCode: 'A-1', family: 'Alpha' }),
      makeProject({ refrenceCode: 'B-2', family: 'Beta' }),
    ];
    const calls = serveList(projects);
    const groupCalls = serveFamilyGroups(projects);
    const app = renderApp('/projects', { apiUser: user });
    await app.findByRole('cell', { name: 'X-1' }, slow);
    await app.user.click(app.getByRole('switch', { name: 'ファミリーでまとめる' }));
    await app.findByRole('columnheader', { name: 'ファミリー' });
    await app.findByText('Alpha', {}, slow);
    const table = app.getByRole('table', { name: '案件一覧' });
    const rows = within(table).getAllByRole('row').slice(1);
    expect(
      rows.map((row) =>
        within(row)
          .getAllByRole('cell')
          .slice(0, 2)
          .map((c) => c.textContent),
      ),
    ).toEqual([
      ['Alpha1', 'A-1'],
      ['Beta2', 'B-1'],
      ['', 'B-2'],
      ['ファミリーなし1', 'X-1'],
    ]);
    expect(app.location()).toBe('/projects?group=family');
    // The server orders the grouped view and answers its groups' sizes (for the view's filters).
    expect(calls.at(-1)?.get('group')).toBe('family');
    expect(groupCalls.map((c) => Object.fromEntries(c))).toEqual([{ tab: 'all', status: 'all' }]);
  });

  it('grouped, fetches only the pages the viewport needs, with each header at its group’s offset, and comes back to them', async () => {
    // Ten families of 90 matters, then 100 without a family: family F-7 starts at row 630.
    const projects = Array.from({ length: 1000 }, (_, i) =>
      makeProject({
        refrenceCode: `G-${String(i).padStart(4, '0')}`,
        family: i < 900 ? `F-${Math.floor(i / 90)}` : null,
      }),
    );
    const calls = serveList(projects, 100);
    serveFamilyGroups(projects);
    const first = renderApp('/projects?group=family', { apiUser: user });
    await first.findByText('F-0', {}, slow);
    expect(first.getByText('1,000 件')).toBeInTheDocument();
    expect(first.getByRole('table', { name: '案件一覧' })).toHaveAttribute('aria-rowcount', '1001');
    const region = first.getByRole('region', { name: '案件一覧' });
    region.scrollTop = 630 * 44;
    fireEvent.scroll(region);
    await first.findByRole('cell', { name: 'G-0630' }, slow);
    // The header of F-7 on its first row (row 632 of the table: the column headers are row 1).
    const headerRow = first.getByRole('row', { name: /G-0630/ });
    expect(headerRow).toHaveAttribute('aria-rowindex', '632');
    expect(within(headerRow).getAllByRole('cell')[0]).toHaveTextContent('F-790');
    expect(first.getByRole('row', { name: /G-0629/ }).firstElementChild).toHaveTextContent('');
    expect(calls.map((c) => c.get('offset'))).toEqual(['0', '600']);
    expect(calls.every((c) => c.get('group') === 'family')).toBe(true);
    first.unmount();

    calls.length = 0;
    const again = renderApp('/projects?group=family', { apiUser: user });
    const restored = await again.findByRole('region', { name: '案件一覧' }, slow);
    await waitFor(() => expect(restored.scrollTop).toBe(630 * 44), slow);
    fireEvent.scroll(restored);
    await again.findByText('F-7', {}, slow);
    expect(calls.map((c) => c.get('offset'))).not.toContain('100');
    expect(again.location()).toBe('/projects?group=family');
  });

  it('downloads the CSV of the view from the server, with its progress, in the interface language', async () => {
    serveList([makeProject({ refrenceCode: 'P-1' }), makeProject({ refrenceCode: 'P-2' })]);
    const csvText = '\uFEFF"整理番号"\r\n"P-1"\r\n"P-2"\r\n';
    let release: () => void = () => undefined;
    const released = new Promise<void>((resolve) => (release = resolve));
    const requests: Request[] = [];
    server.use(
      handlerFor(
        projectEndpoints.exportProjectsCsv,
        ({ request }) => {
          requests.push(request);
          const bytes = new TextEncoder().encode(csvText);
          const stream = new ReadableStream<Uint8Array>({
            async start(controller) {
              const second = bytes.indexOf(10, bytes.indexOf(10) + 1) + 1;
              controller.enqueue(bytes.slice(0, second));
              await released;
              controller.enqueue(bytes.slice(second));
              controller.close();
            },
          });
          return new HttpResponse(stream, {
            headers: { 'content-type': 'text/csv; charset=utf-8', 'x-row-count': '2' },
          });
        },
        { namespace: 'user' },
      ),
    );
    let blob: Blob | undefined;
    vi.spyOn(URL, 'createObjectURL').mockImplementation((b) => {
      blob = b as Blob;
      return 'blob:csv';
    });
    vi.spyOn(URL, 'revokeObjectURL').mockImplementation(() => undefined);
    const click = vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(() => undefined);
    const app = renderApp('/projects?tab=patent&status=1&q=%E9%9B%BB%E6%B1%A0', { apiUser: user });
    await app.findByRole('cell', { name: 'P-1' }, slow);
    await app.user.click(app.getByRole('button', { name: 'CSV出力' }));
    expect(await app.findByText(/CSVを作成中… 1 \/ 2 件/)).toBeInTheDocument();
    expect(app.getByRole('progressbar', { name: 'CSV出力の進み具合' })).toHaveAttribute('max', '2');
    release();
    await waitFor(() => expect(click).toHaveBeenCalled());
    expect(new TextDecoder().decode(await blob!.arrayBuffer())).toBe(csvText.slice(1));
    expect([...new Uint8Array(await blob!.arrayBuffer()).slice(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
    const query = new URL(requests[0]!.url).searchParams;
    expect(Object.fromEntries(query)).toEqual({
      tab: 'patent',
      status: '1',
      q: '電池',
      sort: 'updateDate',
      order: 'desc',
    });
    expect(requests[0]!.headers.get('accept-language')).toBe('ja');
    await waitFor(() => expect(app.queryByText(/CSVを作成中/)).not.toBeInTheDocument());
  });

  it('cancels a CSV download, and says why one failed', async () => {
    serveList([makeProject({ refrenceCode: 'P-1' })]);
    let calls = 0;
    server.use(
      handlerFor(
        projectEndpoints.exportProjectsCsv,
        () => {
          calls += 1;
          if (calls === 2) return HttpResponse.json({ hasError: true, message: 'boom' }, { status: 500 });
          const stream = new ReadableStream<Uint8Array>({
            start(controller) {
              controller.enqueue(new TextEncoder().encode('\uFEFF"h"\r\n'));
            },
          });
          return new HttpResponse(stream, { headers: { 'x-row-count': '1' } });
        },
        { namespace: 'user' },
      ),
    );
    const app = renderApp('/projects', { apiUser: user });
    await app.findByRole('cell', { name: 'P-1' }, slow);
    await app.user.click(app.getByRole('button', { name: 'CSV出力' }));
    await app.user.click(await app.findByRole('button', { name: '中止' }));
    expect(await app.findByText('CSV出力を中止しました')).toBeInTheDocument();
    await app.user.click(app.getByRole('button', { name: 'CSV出力' }));
    expect(await app.findByText(/案件一覧のCSV出力に失敗しました/)).toBeInTheDocument();
  });

  it('opens a matter with project-id, keeping the list view for the way back', async () => {
    const project = makeProject({ refrenceCode: 'P-9' });
    serveList([project]);
    serveDetail(makeDetail(project));
    const app = renderApp('/projects?tab=patent', { apiUser: user });
    await app.user.click(await app.findByRole('cell', { name: 'P-9' }, slow));
    expect(app.location()).toBe(`/projects?tab=patent&project-id=${project.id}`);
  });
});
