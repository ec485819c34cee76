import { CaseType, RegionCode, type EpGrantRead, epGrantEndpoints } from '@ipportal/domain';
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

/** A granted European patent (mention of grant recorded) validated in Italy. */
function grantedEp() {
  return makeDetail({
    refrenceCode: 'EP-2022-001',
    title: 'Battery cell cooling',
    type: CaseType.Patent,
    regionCode: RegionCode.Europe,
    registration: { ...makeDetail().registration, registDate: '2025-06-11' },
  });
}

/** Serves the matter's validations; answers the bodies of the saves made. */
function serveEpGrant(projectId: string, saved: EpGrantRead): unknown[] {
  const bodies: unknown[] = [];
  server.use(
    handlerFor(
      epGrantEndpoints.getEpGrant,
      () => HttpResponse.json({ hasError: false, message: '', item: saved }),
      { params: { projectId } },
    ),
    handlerFor(
      epGrantEndpoints.updateEpGrant,
      async ({ request }) => {
        const body = (await request.json()) as { unitaryEffect: boolean; validatedStates: string[] };
        bodies.push(body);
        return HttpResponse.json({ hasError: false, message: '', item: { applicable: true, ...body } });
      },
      { params: { projectId } },
    ),
  );
  return bodies;
}

describe('matter page: validations of a granted European patent', { timeout: 60_000 }, () => {
  it('ja: offers Italy, Spain, Austria and Belgium, says their fees are held, and saves a state added', async () => {
    const detail = grantedEp();
    serveDetail(detail);
    const saves = serveEpGrant(detail.id, {
      applicable: true,
      unitaryEffect: false,
      validatedStates: ['IT'],
    });
    const app = renderApp(`/projects?project-id=${detail.id}`, { apiUser: makeUser() });
    const panel = await app.findByRole('region', { name: '有効化国・単一効' }, slow);
    expect(within(panel).getByRole('checkbox', { name: 'イタリア（IT）' })).toBeChecked();
    for (const name of ['スペイン（ES）', 'オーストリア（AT）', 'ベルギー（BE）'])
      expect(within(panel).getByRole('checkbox', { name })).not.toBeChecked();
    const held = within(panel).getByText(/年金（更新手数料）の料金表を持つ国/);
    // Named in the table's order, each apart from the next.
    expect(held).toHaveTextContent('ドイツ、フランス、イギリス、イタリア、スペイン、オランダ');
    expect(held).toHaveTextContent('スウェーデン、オーストリア、ベルギー');

    await app.user.click(within(panel).getByRole('checkbox', { name: 'ベルギー（BE）' }));
    await app.user.click(within(panel).getByRole('button', { name: '保存' }));
    await expect.poll(() => saves.length).toBe(1);
    expect(saves[0]).toEqual({ unitaryEffect: false, validatedStates: ['BE', 'IT'] });
  });

  it('en: the same states in English', async () => {
    const detail = grantedEp();
    serveDetail(detail);
    serveEpGrant(detail.id, { applicable: true, unitaryEffect: false, validatedStates: ['ES', 'AT'] });
    const app = renderApp(`/projects?project-id=${detail.id}`, {
      apiUser: makeUser({ locale: 'en' }),
      locale: 'en',
    });
    const panel = await app.findByRole('region', { name: 'Validations and unitary effect' }, slow);
    expect(within(panel).getByRole('checkbox', { name: 'Spain (ES)' })).toBeChecked();
    expect(within(panel).getByRole('checkbox', { name: 'Austria (AT)' })).toBeChecked();
    expect(within(panel).getByRole('checkbox', { name: 'Italy (IT)' })).not.toBeChecked();
    const held = within(panel).getByText(/Renewal fee tables are held for/);
    expect(held).toHaveTextContent('Germany, France, United Kingdom, Italy, Spain, Netherlands');
    expect(held).toHaveTextContent('Sweden, Austria, Belgium.');
  });
});
