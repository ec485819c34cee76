import { describe, expect, it } from 'vitest';
import { messagesFor } from '../i18n/i18n';
import { matchRoute } from './match-route';
import { hrefTo, pathTo } from './paths';
import { routeIds, routeTable } from './route-table';

function lookup(tree: unknown, key: string): unknown {
  return key
    .split('.')
    .reduce<unknown>((node, part) => (node as Record<string, unknown> | undefined)?.[part], tree);
}

// The portal's routes, written out once more on purpose: the table must cover exactly these.
const protectedPaths = [
  '/',
  '/projects',
  '/requests',
  '/requests/:projectId/:requestId',
  '/requests/:projectId/:requestId/mails',
  '/requests/:projectId/:requestId/terms',
  '/requests/:projectId/:requestId/deliverables',
  '/requests/:projectId/:requestId/estimate-bill',
  '/requests/:projectId/:requestId/history',
  '/estimates/:projectId/:requestId/:dealId',
  '/invoices/:invoiceId',
  '/terms',
  '/terms/calendar',
  '/terms/notification',
  '/pension',
  '/pension/notification',
  '/profile',
  '/profile/password-change',
  '/edit-profile',
  '/partner-firm',
  '/edit-partner-firm',
  '/invoice/manage',
  '/invoice/unpaid-invoice-list',
  '/invoice/paid-invoice-list',
  // The client's side beside the two lists: collective payments, payment and issue history.
  '/invoice/collective-payment',
  '/invoice/payment-history',
  '/invoice/issue-history',
  // The office's side: estimates, invoices, payments received, its invoice settings.
  '/invoice/firm',
  '/invoice/firm/estimates',
  '/invoice/firm/drafts',
  '/invoice/firm/issued',
  '/invoice/firm/overdue',
  '/invoice/firm/payments',
  '/invoice/firm/billing-profile',
  '/chat',
  // One chat room per request.
  '/chat/:projectId/:requestId',
  '/deliverables',
  '/organization/create',
  '/organization/manage',
  '/organization/users',
  // Where an organization invitation mail leads.
  '/organization/invitation',
];
const publicPaths = ['/signup', '/verify', '/login', '/login/password-reset'];

describe('route table', () => {
  it('holds every route of the portal, and no other', () => {
    const paths = routeIds.map((id) => routeTable[id].path).filter((path) => path !== '*');
    expect(paths.sort()).toEqual([...protectedPaths, ...publicPaths].sort());
  });

  it('marks the public routes public and all others protected', () => {
    for (const id of routeIds) {
      const { path, access } = routeTable[id];
      if (path === '*') expect(access.kind).toBe('any');
      else expect(access.kind, path).toBe(publicPaths.includes(path) ? 'public' : 'protected');
    }
  });

  it('gives the organization routes their access conditions', () => {
    expect(routeTable.organizationCreate.access).toEqual({
      kind: 'protected',
      conditions: ['regularWithoutOrganization'],
    });
    expect(routeTable.organizationManage.access).toEqual({
      kind: 'protected',
      conditions: ['organizationAdmin'],
    });
    expect(routeTable.organizationUsers.access).toEqual({
      kind: 'protected',
      conditions: ['organizationAdmin'],
    });
  });

  it('uses the blank layout for estimates and invoices only', () => {
    const blank = routeIds.filter((id) => routeTable[id].layout === 'blank').map((id) => routeTable[id].path);
    expect(blank.sort()).toEqual(['/estimates/:projectId/:requestId/:dealId', '/invoices/:invoiceId']);
    expect(routeTable.estimate.titleKey).toBe('route.estimate');
    expect(routeTable.invoice.titleKey).toBe('route.invoice');
  });

  it('leads the bare request, invoice management and organization management paths on', () => {
    expect(routeTable.requestDetail.redirectTo).toBe('requestMails');
    expect(routeTable.invoiceManage.redirectTo).toBe('unpaidInvoices');
    expect(routeTable.firmInvoices.redirectTo).toBe('firmEstimates');
    expect(routeTable.organizationManage.redirectTo).toBe('organizationUsers');
  });

  it('has a title in both languages for every title key', () => {
    for (const locale of ['ja', 'en'] as const) {
      const messages = messagesFor(locale);
      for (const id of routeIds) {
        const key = routeTable[id].titleKey;
        if (key) expect(typeof lookup(messages, key), `${locale} ${key}`).toBe('string');
      }
    }
  });
});

describe('matchRoute', () => {
  it.each([
    ['/', 'home'],
    ['/projects', 'projects'],
    ['/requests/p-1/r-2', 'requestDetail'],
    ['/requests/p-1/r-2/estimate-bill', 'requestEstimateBill'],
    ['/estimates/p/r/d', 'estimate'],
    ['/login/password-reset', 'passwordReset'],
    ['/organization/manage', 'organizationManage'],
    ['/nowhere', 'notFound'],
    ['/requests/p-1', 'notFound'],
  ])('%s is %s', (pathname, id) => {
    expect(matchRoute(pathname).id).toBe(id);
  });

  it('answers the params', () => {
    expect(matchRoute('/requests/p-1/r-2/mails').params).toEqual({ projectId: 'p-1', requestId: 'r-2' });
  });
});

describe('paths', () => {
  it('builds paths from the table', () => {
    expect(pathTo('projects')).toBe('/projects');
    expect(pathTo('requestMails', { projectId: 'p 1', requestId: 'r2' })).toBe('/requests/p%201/r2/mails');
    expect(pathTo('invoice', { invoiceId: 'inv-9' })).toBe('/invoices/inv-9');
  });

  it('adds a query', () => {
    expect(hrefTo('login', undefined, { redirect: '/requests?x=1' })).toBe(
      '/login?redirect=%2Frequests%3Fx%3D1',
    );
    expect(hrefTo('projects', undefined, { 'project-id': 'abc', estimate: 'true', empty: undefined })).toBe(
      '/projects?project-id=abc&estimate=true',
    );
  });
});
