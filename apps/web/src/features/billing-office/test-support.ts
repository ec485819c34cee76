import { billingProfileEndpoints, requestEndpoints, requestMailEndpoints } from '@ipportal/domain';
import { HttpResponse } from 'msw';
import type { BillingProfile } from '@ipportal/domain';
import { billingIds } from '../../../test/billing-fixtures';
import { patentSession } from '../../../test/fake-auth-port';
import { makeRequestDetail, makeUser } from '../../../test/fixtures';
import { server } from '../../../test/msw-server';
import { handlerFor } from '../../../test/handler-for';

export const slow = { timeout: 20_000 };
export const tabPath = `/requests/${billingIds.projectId}/${billingIds.requestId}/estimate-bill`;

/** Signed in as an office user. */
export const asOffice = { session: patentSession, apiUser: makeUser({ userType: 'PATENT' }) } as const;

export function billingProfile(overrides: Partial<BillingProfile> = {}): BillingProfile {
  return {
    qualifiedInvoiceNumber: 'T1234567890123',
    individual: true,
    bankAccount: 'みずほ銀行 丸の内支店 普通 1234567',
    invoiceNotes: null,
    ...overrides,
  };
}

/** The request of the tab, its (empty) mail thread and the office's billing profile. */
export function serveRequestTab(profile = billingProfile()) {
  server.use(
    handlerFor(
      requestEndpoints.getRequest,
      () =>
        HttpResponse.json({
          hasError: false,
          message: '',
          item: makeRequestDetail({ projectId: billingIds.projectId, status: 2 }),
        }),
      { namespace: 'patent', params: { projectId: billingIds.projectId, requestId: billingIds.requestId } },
    ),
    handlerFor(
      requestMailEndpoints.listRequestMails,
      () => HttpResponse.json({ hasError: false, message: '', items: [], unreadCount: 0 }),
      { namespace: 'patent', params: { projectId: billingIds.projectId, requestId: billingIds.requestId } },
    ),
    handlerFor(billingProfileEndpoints.getBillingProfile, () =>
      HttpResponse.json({ hasError: false, message: '', item: profile }),
    ),
  );
}

export const ok = (body: Record<string, unknown>, status = 200) =>
  HttpResponse.json({ hasError: false, message: '', ...body }, { status });
