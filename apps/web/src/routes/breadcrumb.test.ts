import { describe, expect, it } from 'vitest';
import { breadcrumbFor } from './breadcrumb';

describe('breadcrumbFor', () => {
  it('starts with TOP and the product', () => {
    expect(breadcrumbFor('home', '/')).toEqual([{ kind: 'top', href: '/' }, { kind: 'product' }]);
  });

  it('has one entry per segment: words to translate, ids as they are', () => {
    expect(breadcrumbFor('requestMails', '/requests/p-1/r%202/mails')).toEqual([
      { kind: 'top', href: '/' },
      { kind: 'product' },
      { kind: 'word', word: 'requests', href: '/requests' },
      { kind: 'id', param: 'projectId', value: 'p-1', href: null },
      { kind: 'id', param: 'requestId', value: 'r 2', href: '/requests/p-1/r%202' },
      { kind: 'word', word: 'mails', href: null },
    ]);
  });

  it('links only partial paths that are routes', () => {
    const items = breadcrumbFor('unpaidInvoices', '/invoice/unpaid-invoice-list');
    expect(items.slice(2)).toEqual([
      { kind: 'word', word: 'invoice', href: null },
      { kind: 'word', word: 'unpaid-invoice-list', href: null },
    ]);
  });

  it('shows no segments for an unknown path', () => {
    expect(breadcrumbFor('notFound', '/a/b')).toHaveLength(2);
  });
});
