import { projectDetailEndpoints } from '@ipportal/domain';
import type { ProjectDetail } from '@ipportal/domain';
import { within } from '@testing-library/react';
import { HttpResponse } from 'msw';
import { beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { expectNoAxeViolations } from '../../../../test/axe';
import { makeUser } from '../../../../test/fixtures';
import { server } from '../../../../test/msw-server';
import { renderApp } from '../../../../test/renderWithProviders';
import { giveElementsASize, makeDetail, serveDetail, warmUp } from '../test-support';
import { handlerFor } from '../../../../test/handler-for';

beforeAll(warmUp, 60_000);
beforeEach(giveElementsASize);

const me = makeUser();
const slow = { timeout: 20_000 };

function usTrademark(): ProjectDetail {
  const detail = makeDetail({
    type: 2,
    regionCode: 2,
    refrenceCode: 'T-2024-002',
    title: 'SAMPLETECH',
  });
  return {
    ...detail,
    application: { ...detail.application, applicationCode: '98/123,456', applicationDate: '2024-03-29' },
    registration: {
      ...detail.registration,
      registCode: '7,654,321',
      registDate: '2025-06-10',
      // Left from before the matter's type was corrected: kept, but not a trademark's field.
      claimsCount: 3,
    },
    applicants: [
      {
        role: 'applicant',
        name: 'Sample Giken Co., Ltd.',
        identificationNumber: null,
        address: 'Tokyo',
        shareRatio: 100,
        contribution: null,
      },
    ],
  };
}

async function openDetail(detail: ProjectDetail, locale: 'ja' | 'en' = 'ja') {
  serveDetail(detail);
  const app = renderApp(`/projects?project-id=${detail.id}`, { apiUser: me, locale });
  await app.findByRole('heading', { level: 2, name: new RegExp(detail.title) }, slow);
  return app;
}

function groupNames(app: Awaited<ReturnType<typeof openDetail>>): string[] {
  return app
    .getAllByRole('region')
    .map((region) => region.getAttribute('aria-labelledby') ?? '')
    .map((id) => document.getElementById(id)?.textContent ?? '');
}

describe('matter detail per right type', { timeout: 60_000 }, () => {
  it("a US trademark shows a trademark's fields only, and passes axe", async () => {
    const app = await openDetail(usTrademark());
    const names = groupNames(app);
    expect(names).toContain('商標情報');
    expect(names).toContain('出願人・権利者・代理人');
    expect(names).not.toContain('国際出願情報');

    const application = within(app.getByRole('region', { name: '出願情報' }));
    expect(application.getByText('98/123,456')).toBeInTheDocument();
    expect(application.queryByText('審査請求期限')).toBeNull();

    const registration = within(app.getByRole('region', { name: '登録情報' }));
    expect(registration.getByText('登録番号')).toBeInTheDocument();
    expect(registration.getByText('7,654,321')).toBeInTheDocument();
    expect(registration.queryByText(/特許/)).toBeNull();
    expect(registration.queryByText('請求項の数')).toBeNull();

    const applicants = within(app.getByRole('region', { name: '出願人・権利者・代理人' }));
    expect(applicants.queryByRole('columnheader', { name: /寄与率/ })).toBeNull();
    expect(applicants.getByRole('columnheader', { name: /持分/ })).toBeInTheDocument();

    expect(app.queryByText(/PCT|国内移行期限|19条補正期限/)).toBeNull();
    await expectNoAxeViolations(app.getByRole('main'));
  });

  it("editing a trademark's registration offers its own fields and keeps the others as stored", async () => {
    const detail = usTrademark();
    let patch: unknown;
    server.use(
      handlerFor(
        projectDetailEndpoints.updateProject,
        async ({ request }) => {
          patch = await request.json();
          return HttpResponse.json({ hasError: false, message: '', item: detail });
        },
        { namespace: 'user', params: { projectId: detail.id } },
      ),
    );
    const app = await openDetail(detail, 'en');
    await app.user.click(app.getByRole('button', { name: 'Edit Registration information' }));
    const form = within(app.getByRole('region', { name: 'Registration information' }));
    expect(form.getByRole('textbox', { name: 'Registration number' })).toHaveValue('7,654,321');
    expect(form.queryByRole('textbox', { name: 'Number of claims' })).toBeNull();
    await app.user.click(form.getByRole('button', { name: 'Save' }));
    expect(await app.findByText('Matter updated')).toBeInTheDocument();
    expect(patch).toEqual({ registration: detail.registration });

    await app.user.click(app.getByRole('button', { name: /^Edit Applicants/ }));
    const applicants = within(app.getByRole('region', { name: 'Applicants, owners and agents' }));
    const roles = within(applicants.getByRole('combobox', { name: 'Role' }));
    const offered = roles.getAllByRole('option').map((option) => option.textContent);
    expect(offered).toEqual(expect.arrayContaining(['Applicant / owner', 'Agent']));
    expect(offered).not.toContain('Inventor');
    expect(applicants.queryByRole('textbox', { name: 'Contribution (%)' })).toBeNull();
  });

  it('a design and a utility model each show their own names, fields and groups', async () => {
    const design = makeDetail({ type: 3, regionCode: 1, title: 'Design matter' });
    const app = await openDetail(design);
    expect(app.getByText('意匠に係る物品')).toBeInTheDocument();
    expect(groupNames(app)).toContain('出願人・権利者・創作者・代理人');
    expect(groupNames(app)).not.toContain('国際出願情報');
    expect(within(app.getByRole('region', { name: '出願情報' })).queryByText('公開番号')).toBeNull();
    expect(within(app.getByRole('region', { name: '登録情報' })).queryByText('請求項の数')).toBeNull();
    app.unmount();

    const utilityModel = makeDetail({ type: 1, regionCode: 1, title: 'Utility model matter' });
    const um = await openDetail(utilityModel);
    expect(um.getByText('考案の名称')).toBeInTheDocument();
    expect(groupNames(um)).toContain('出願人・権利者・考案者・代理人');
    expect(groupNames(um)).toContain('国際出願情報');
    expect(within(um.getByRole('region', { name: '出願情報' })).queryByText('審査請求期限')).toBeNull();
    expect(within(um.getByRole('region', { name: '登録情報' })).getByText('請求項の数')).toBeInTheDocument();
    expect(within(um.getByRole('region', { name: '登録情報' })).getByText('登録番号')).toBeInTheDocument();
  });

  it('a patent keeps the whole set: examination request, claims, patent number, contribution, PCT', async () => {
    const app = await openDetail(makeDetail({ type: 0, regionCode: 1, title: 'Patent matter' }));
    expect(groupNames(app)).toContain('国際出願情報');
    expect(groupNames(app)).toContain('出願人・権利者・発明者・代理人');
    expect(
      within(app.getByRole('region', { name: '出願情報' })).getByText('審査請求期限'),
    ).toBeInTheDocument();
    const registration = within(app.getByRole('region', { name: '登録情報' }));
    expect(registration.getByText('特許番号')).toBeInTheDocument();
    expect(registration.getByText('請求項の数')).toBeInTheDocument();
  });

  it("a JP patent's decision to grant dates years 1-3 (30 days, past the year-end closing); its exam request date is kept", async () => {
    const detail = makeDetail({ type: 0, regionCode: 1, title: 'Granted patent' });
    const app = await openDetail({
      ...detail,
      application: { ...detail.application, examRequestDate: '2024-02-01' },
      registration: { ...detail.registration, grantDecisionDate: '2026-12-01' },
    });
    const application = within(app.getByRole('region', { name: '出願情報' }));
    expect(application.getByText('審査請求日')).toBeInTheDocument();
    expect(application.getByText('2024年2月1日')).toBeInTheDocument();
    const registration = app.getByRole('region', { name: '登録情報' });
    expect(within(registration).getByText('特許査定日（送達日）')).toBeInTheDocument();
    // 30 days after 2026-12-01 is 12-31, inside the JPO's closing (Dec 29 to Jan 3): due 2027-01-04.
    const hint = registration.querySelector('[data-rule="jp.patent.firstAnnuities"]') as HTMLElement;
    expect(within(hint).getByText(/2027年1月4日/)).toBeInTheDocument();
  });
});
