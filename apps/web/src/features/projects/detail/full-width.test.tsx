import { projectDetailEndpoints } from '@ipportal/domain';
import type { ProjectDetail } from '@ipportal/domain';
import { within } from '@testing-library/react';
import { HttpResponse } from 'msw';
import { beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { makeUser } from '../../../../test/fixtures';
import { server } from '../../../../test/msw-server';
import { renderApp } from '../../../../test/renderWithProviders';
import { giveElementsASize, makeDetail, serveDetail, warmUp } from '../test-support';
import { handlerFor } from '../../../../test/handler-for';

beforeAll(warmUp, 60_000);
beforeEach(giveElementsASize);

const slow = { timeout: 20_000 };

/** Serves the detail and answers each PATCH with the detail and the groups it sent. */
function servePatches(detail: ProjectDetail) {
  serveDetail(detail);
  const patches: Record<string, unknown>[] = [];
  server.use(
    handlerFor(
      projectDetailEndpoints.updateProject,
      async ({ request }) => {
        const body = (await request.json()) as Record<string, unknown>;
        patches.push(body);
        return HttpResponse.json({ hasError: false, message: '', item: { ...detail, ...body } });
      },
      { namespace: 'user', params: { projectId: detail.id } },
    ),
  );
  return patches;
}

// What a Japanese keyboard gives: full-width digits, '．' and dashes.
describe('matter detail: full-width numbers and codes', { timeout: 60_000 }, () => {
  it('saves claims, annuity year and registration number typed in full width as numbers and half-width text', async () => {
    const detail = makeDetail({ title: '正極材料' });
    const patches = servePatches(detail);
    const app = renderApp(`/projects?project-id=${detail.id}`, { apiUser: makeUser() });
    await app.findByRole('heading', { level: 2, name: /正極材料/ }, slow);

    await app.user.click(app.getByRole('button', { name: '登録情報を編集' }));
    const registration = within(app.getByRole('region', { name: '登録情報' }));
    await app.user.type(registration.getByRole('textbox', { name: '特許番号' }), '特許第１２３４５６７号');
    const claims = registration.getByRole('textbox', { name: '請求項の数' });
    await app.user.type(claims, '１２．５');
    await app.user.click(registration.getByRole('button', { name: '保存' }));
    expect(await registration.findByText('0 から 10000 までの整数を入力してください')).toBeInTheDocument();
    expect(patches).toEqual([]);
    await app.user.clear(claims);
    await app.user.type(claims, '１２');
    await app.user.click(registration.getByRole('button', { name: '保存' }));
    expect(await app.findByText('案件情報を更新しました')).toBeInTheDocument();
    expect(patches.at(-1)).toEqual({
      registration: { ...detail.registration, registCode: '特許第1234567号', claimsCount: 12 },
    });

    await app.user.click(app.getByRole('button', { name: '維持管理情報を編集' }));
    const maintenance = within(app.getByRole('region', { name: '維持管理情報' }));
    await app.user.type(maintenance.getByRole('textbox', { name: '納付年分（から）' }), '１');
    await app.user.type(maintenance.getByRole('textbox', { name: '納付年分（まで）' }), '３');
    await app.user.type(maintenance.getByRole('textbox', { name: '納付年次' }), '３１');
    await app.user.click(maintenance.getByRole('button', { name: '保存' }));
    expect(await maintenance.findByText('1 から 30 までの整数を入力してください')).toBeInTheDocument();
    await app.user.clear(maintenance.getByRole('textbox', { name: '納付年次' }));
    await app.user.type(maintenance.getByRole('textbox', { name: '納付年次' }), '１');
    await app.user.click(maintenance.getByRole('button', { name: '保存' }));
    await expect.poll(() => patches.length).toBe(2);
    expect(patches.at(-1)).toEqual({
      maintenance: { ...detail.maintenance, yearFrom: 1, yearTo: 3, paymentYear: 1 },
    });
  });

  it('saves a share typed in full width and explains a wrong one in English', async () => {
    const detail = makeDetail({ title: 'Electrode' });
    const patches = servePatches(detail);
    const app = renderApp(`/projects?project-id=${detail.id}`, {
      apiUser: makeUser({ locale: 'en' }),
      locale: 'en',
    });
    await app.findByRole('heading', { level: 2, name: /Electrode/ }, slow);
    const groupName = /Applicants/;
    await app.user.click(app.getByRole('button', { name: new RegExp(`Edit ${groupName.source}`) }));
    const applicants = within(app.getByRole('region', { name: groupName }));
    await app.user.click(applicants.getByRole('button', { name: /Add/ }));
    await app.user.type(applicants.getByRole('textbox', { name: /Name/ }), 'Sample Co., Ltd.');
    await app.user.type(
      applicants.getByRole('textbox', { name: /Identification number/ }),
      '１２３４５６７８９',
    );
    const share = applicants.getByRole('textbox', { name: /Share/ });
    await app.user.type(share, '１２０');
    await app.user.click(applicants.getByRole('button', { name: 'Save' }));
    expect(
      await applicants.findByText('Enter a number from 0 to 100 (decimals allowed)'),
    ).toBeInTheDocument();
    await app.user.clear(share);
    await app.user.type(share, '５０．５');
    await app.user.click(applicants.getByRole('button', { name: 'Save' }));
    await expect.poll(() => patches.length).toBe(1);
    expect(patches[0]).toEqual({
      applicants: [
        {
          role: 'applicant',
          identificationNumber: '123456789',
          name: 'Sample Co., Ltd.',
          address: null,
          shareRatio: 50.5,
          contribution: null,
        },
      ],
    });
    expect(app.missingKeys).toEqual([]);
  });

  it('drops a fixed value’s message when the form passes, even if the server then refuses the save', async () => {
    const detail = makeDetail({ title: '正極材料' });
    serveDetail(detail);
    server.use(
      handlerFor(
        projectDetailEndpoints.updateProject,
        () =>
          HttpResponse.json(
            { hasError: true, message: '案件の更新に失敗しました\n持分の合計は100%以下にしてください' },
            { status: 409 },
          ),
        { namespace: 'user', params: { projectId: detail.id } },
      ),
    );
    const app = renderApp(`/projects?project-id=${detail.id}`, { apiUser: makeUser() });
    await app.findByRole('heading', { level: 2, name: /正極材料/ }, slow);
    await app.user.click(app.getByRole('button', { name: '出願人・権利者・発明者・代理人を編集' }));
    const applicants = within(app.getByRole('region', { name: '出願人・権利者・発明者・代理人' }));
    await app.user.click(applicants.getByRole('button', { name: '出願人等を追加' }));
    await app.user.type(applicants.getByRole('textbox', { name: /氏名・名称/ }), '株式会社サンプル');
    const share = applicants.getByRole('textbox', { name: /持分/ });
    await app.user.type(share, '１２０');
    await app.user.click(applicants.getByRole('button', { name: '保存' }));
    const message = '0 から 100 までの数値を入力してください（小数も可）';
    expect(await applicants.findByText(message)).toBeInTheDocument();
    await app.user.clear(share);
    await app.user.type(share, '５０．５');
    await app.user.click(applicants.getByRole('button', { name: '保存' }));
    expect(await app.findAllByText(/持分の合計は100%以下にしてください/)).not.toHaveLength(0);
    expect(applicants.queryByText(message)).toBeNull();
    expect(share).not.toHaveAttribute('aria-invalid');
  });
});
