import { describe, expect, it } from 'vitest';
import { requestEndpoints, requestMailEndpoints, routePatternOf } from '../src/index.js';

describe('routePatternOf', () => {
  it('leaves the parameters it is not given as :name for a network mock to match', () => {
    expect(routePatternOf(requestEndpoints.getRequest)).toBe('/requests/:projectId/:requestId');
    expect(routePatternOf(requestEndpoints.getRequest, { requestId: 2 })).toBe('/requests/:projectId/2');
    expect(routePatternOf(requestMailEndpoints.listRequestMails, { projectId: 'a b', requestId: 4 })).toBe(
      '/requests/a%20b/4/mails',
    );
  });
});
