import { describe, expect, it } from 'vitest';
import { breadcrumbFor } from './breadcrumb';
import type { BreadcrumbItem } from './breadcrumb';
import { isPageRoute, routeIds, routeTable } from './route-table';

const start: BreadcrumbItem[] = [
  { kind: 'top', href: '/' },
  { kind: 'product', href: '/' },
];

describe('breadcrumbFor', () => {
  it('starts with TOP and the product, both leading to the top, and ends with the title', () => {
    expect(breadcrumbFor('home', '/')).toEqual([...start, { kind: 'title', routeId: 'home' }]);
  });

  it('has one entry per segment: words, the matter, the request by its number, and the title last', () => {
    expect(breadcrumbFor('requestMails', '/requests/p%201/3/mails')).toEqual([
      ...start,
      { kind: 'word', word: 'requests', href: '/requests' },
      { kind: 'matter', projectId: 'p 1', href: '/projects?project-id=p+1' },
      { kind: 'request', number: 3, href: '/requests/p%201/3' },
      { kind: 'title', routeId: 'requestMails' },
    ]);
  });

  it('reads a request number that is no number as a request without one', () => {
    expect(breadcrumbFor('requestHistory', '/requests/p-1/x/history')[4]).toEqual({
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

  it('links a word that is no page of its own to the page that stands for it', () => {
    expect(breadcrumbFor('paidInvoices', '/invoice/paid-invoice-list')[2]).toEqual({
      kind: 'word',
      word: 'invoice',
      href: '/invoice/manage',
    });
  });

  it('links the organization word to the organization page the user may open, else leaves it out', () => {
    const invitation = (canOpen: (id: string) => boolean) =>
      breadcrumbFor('organizationInvitation', '/organization/invitation', canOpen).slice(2);
    expect(invitation((id) => id === 'organizationManage')[0]).toEqual({
      kind: 'word',
      word: 'organization',
      href: '/organization/manage',
    });
    expect(invitation((id) => id === 'organizationCreate')[0]).toEqual({
      kind: 'word',
      word: 'organization',
      href: '/organization/create',
    });
    expect(invitation(() => false)).toEqual([{ kind: 'title', routeId: 'organizationInvitation' }]);
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
