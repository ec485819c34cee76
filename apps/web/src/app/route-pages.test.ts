import { describe, expect, it } from 'vitest';
import { isPageRoute, routeIds } from '../routes/route-table';
import { routePages } from './route-pages';

describe('route pages', () => {
  it('loads a page component for every route that has a page', async () => {
    for (const id of routeIds) {
      if (isPageRoute(id)) expect(typeof (await routePages[id]()), id).toBe('function');
    }
  });

  it('has no page for a route that leads to another one', () => {
    const withPage = new Set<string>(Object.keys(routePages));
    expect(routeIds.filter((id) => !isPageRoute(id)).filter((id) => withPage.has(id))).toEqual([]);
  });
});
