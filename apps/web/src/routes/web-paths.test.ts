import { webPathOf, webPaths, type WebPathName } from '@ipportal/domain';
import { describe, expect, it } from 'vitest';
import { matchRoute } from './match-route';
import { routeIds, routeTable } from './route-table';

/** The pages the API's mails and calendar feed link to, with the values a link fills in. */
const linkedPages = [
  ['requestMails', { projectId: 'p-1', requestId: 3 }],
  ['estimate', { projectId: 'p-1', requestId: 3, dealId: 'd-1' }],
  ['invoice', { invoiceId: 'i-1' }],
  ['invoiceManage', undefined],
  ['paidInvoices', undefined],
  ['chatRoom', { projectId: 'p-1', requestId: 3 }],
  ['organizationInvitation', undefined],
  ['projects', undefined],
] as const satisfies readonly (readonly [WebPathName, object | undefined])[];

describe('web paths shared with the API', () => {
  it('are the paths of the web route table, one for each route but the not-found page', () => {
    const ids = routeIds.filter((id) => id !== 'notFound');
    expect(Object.keys(webPaths).sort()).toEqual([...ids].sort());
    for (const id of ids) expect(routeTable[id].path).toBe(webPaths[id]);
  });

  it.each(linkedPages)('a mailed link to %s opens that route of the web app', (name, params) => {
    const fill = webPathOf as (page: WebPathName, values?: object) => string;
    expect(matchRoute(fill(name, params))).toEqual(expect.objectContaining({ id: name }));
  });
});
