import { describe, expect, it } from 'vitest';
import { webPathOf } from '../src/index.js';

describe('webPathOf', () => {
  it('fills a web page path with URI-encoded params and adds the query', () => {
    expect(webPathOf('requestMails', { projectId: 'a b', requestId: 3 })).toBe('/requests/a%20b/3/mails');
    expect(webPathOf('invoiceManage')).toBe('/invoice/manage');
    expect(webPathOf('organizationInvitation', undefined, { token: 't/1' })).toBe(
      '/organization/invitation?token=t%2F1',
    );
  });
});
