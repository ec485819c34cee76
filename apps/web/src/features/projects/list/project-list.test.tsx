import { waitFor, within } from '@testing-library/react';
import { beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { makeUser } from '../../../../test/fixtures';
import { renderApp } from '../../../../test/renderWithProviders';
import { giveElementsASize, makeDetail, makeProject, serveDetail, serveList, warmUp } from '../test-support';

const slow = { timeout: 20_000 };

const user = makeUser();

beforeAll(warmUp, 60_000);
beforeEach(giveElementsASize);

describe('matter list', { timeout: 60_000 }, () => {
  it('shows the rows, the tab counts and loads the remaining pages in the background', async () => {
    const projects = Array.from({ length: 130 }, (_, i) =>
      makeProject({ refrenceCode: `R-${String(i).padStart(3, '0')}`, type: i % 2 === 0 ? 0 : 2 }),
    );
    const calls = serveList(projects, 100);
    const app = renderApp('/projects', { apiUser: user });
    await app.findByRole('cell', { name: 'R-000' }, slow);
    const tabs = app.getByRole('tablist', { name: '案件の種類' });
    expect(within(tabs).getByRole('tab', { name: /すべて/ })).toHaveTextContent('130');
    expect(within(tabs).getByRole('tab', { name: /商標/ })).toHaveTextContent('65');
    await app.findByText('130 件');
    expect(calls.map((c) => [c.get('cursor'), c.get('limit')])).toEqual([
      [null, '100'],
      ['100', '500'],
    ]);
    const table = app.getByRole('table', { name: '案件一覧' });
    expect(table).toHaveAttribute('aria-rowcount', '131');
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
    serveList([
      makeProject({ refrenceCode: 'X-1', family: null }),
      makeProject({ refrenceCode: 'B-1', family: 'Beta' }),
      makeProject({ refrenceCode: 'A-1', family: 'Alpha' }),
      makeProject({ refrenceCode: 'B-2', family: 'Beta' }),
    ]);
    const app = renderApp('/projects', { apiUser: user });
    await app.findByRole('cell', { name: 'X-1' }, slow);
    await app.user.click(app.getByRole('switch', { name: 'ファミリーでまとめる' }));
    await app.findByRole('columnheader', { name: 'ファミリー' });
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
  });

  it('exports the current view as UTF-8 CSV with a BOM, Japanese kept', async () => {
    serveList([
      makeProject({
        refrenceCode: 'P-1',
        title: 'リチウム電池',
        applicationDate: '2024-01-30',
        regionCode: 1,
      }),
      makeProject({ refrenceCode: '=cmd', title: 'He said "hi"' }),
    ]);
    let blob: Blob | undefined;
    vi.spyOn(URL, 'createObjectURL').mockImplementation((b) => {
      blob = b as Blob;
      return 'blob:csv';
    });
    vi.spyOn(URL, 'revokeObjectURL').mockImplementation(() => undefined);
    const click = vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(() => undefined);
    const app = renderApp('/projects', { apiUser: user });
    await app.findByRole('cell', { name: 'P-1' }, slow);
    await app.user.click(app.getByRole('button', { name: 'CSV出力' }));
    await waitFor(() => expect(click).toHaveBeenCalled());
    const bytes = new Uint8Array(await blob!.arrayBuffer());
    expect([...bytes.slice(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
    const text = new TextDecoder().decode(bytes.slice(3));
    const lines = text.split('\r\n');
    expect(lines[0]).toBe(
      '"整理番号","権利種別","国・地域","案件名","ステータス","出願番号","出願日","登録番号","依頼数","更新日"',
    );
    expect(lines[1]).toContain('"P-1","特許権","日本","リチウム電池","未着手","","2024-01-30"');
    expect(lines[2]).toContain(`"'=cmd"`);
    expect(lines[2]).toContain('"He said ""hi"""');
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
