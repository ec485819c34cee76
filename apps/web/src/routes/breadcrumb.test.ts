import { describe, expect, it } from 'vitest';
import { breadcrumbFor } from './breadcrumb';
import type { BreadcrumbItem } from './breadcrumb';
import { isPageRoute, routeIds, routeTable } from './route-table';

const start: BreadcrumbItem[] = [{ kind: 'top', href: '/' }];

describe('breadcrumbFor', () => {
  it('starts with one root leading to the top, and ends with the title', () => {
    expect(breadcrumbFor('home', '/')).toEqual([...start, { kind: 'title', routeId: 'home' }]);
  });

  it('has one entry per segment: pages, the matter, the request by its number, and the title last', () => {
    expect(breadcrumbFor('requestMails', '/requests/p%201/3/mails')).toEqual([
      ...start,
      { kind: 'page', routeId: 'requests', href: '/requests' },
      { kind: 'matter', projectId: 'p 1', href: '/projects?project-id=p+1' },
      { kind: 'request', number: 3, href: '/requests/p%201/3' },
      { kind: 'title', routeId: 'requestMails' },
    ]);
  });

  it('reads a request number that is no number as a request without one', () => {
    expect(breadcrumbFor('requestHistory', '/requests/p-1/x/history')[3]).toEqual({
      kind: 'request',
      number: null,
      href: '/requests/p-1/x',
    });
  });

  it('ends with the route title, so the leaf reads as the page heading', () => {
    expect(breadcrumbFor('projects', '/projects').at(-1)).toEqual({ kind: 'title', routeId: 'projects' });
    expect(breadcrumbFor('unpaidInvoices', '/invoice/unpaid-invoice-list').at(-1)).toEqual({
      kind: 'title',
      routeId: 'unpaidInvoices',
    });
  });

  it('leaves out a word that is no page of its own, and reads a word that is as that page', () => {
    expect(breadcrumbFor('paidInvoices', '/invoice/paid-invoice-list')).toEqual([
      ...start,
      { kind: 'title', routeId: 'paidInvoices' },
    ]);
    expect(breadcrumbFor('firmInvoiceDrafts', '/invoice/firm/drafts')).toEqual([
      ...start,
      { kind: 'title', routeId: 'firmInvoiceDrafts' },
    ]);
    expect(breadcrumbFor('termsNotification', '/terms/notification')).toEqual([
      ...start,
      { kind: 'page', routeId: 'terms', href: '/terms' },
      { kind: 'title', routeId: 'termsNotification' },
    ]);
  });

  it('ends a chat room with its request, under the chat page', () => {
    expect(breadcrumbFor('chatRoom', '/chat/p-1/2')).toEqual([
      ...start,
      { kind: 'page', routeId: 'chat', href: '/chat' },
      { kind: 'room', projectId: 'p-1', number: 2 },
    ]);
  });

  it('shows no segments for an unknown path, only its title', () => {
    expect(breadcrumbFor('notFound', '/a/b')).toEqual([...start, { kind: 'title', routeId: 'notFound' }]);
  });

  it('links every entry but the last, on every page', () => {
    for (const id of routeIds.filter(isPageRoute)) {
      const path = routeTable[id].path === '*' ? '/nowhere' : routeTable[id].path.replace(/:\w+/g, '1');
      const items = breadcrumbFor(id, path);
      for (const item of items.slice(0, -1)) {
        expect('href' in item && item.href !== null, `${id}: ${JSON.stringify(item)}`).toBe(true);
      }
    }
  });
});
