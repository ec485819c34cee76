import { describe, expect, it } from 'vitest';
import { isPageRoute, routeIds, routeTable } from '../routes/route-table';
import { publicPages } from './public-pages';
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

  it('keeps in the first download the pages of signed-out visitors, and only those', () => {
    const open = routeIds.filter((id) => isPageRoute(id) && routeTable[id].access.kind !== 'protected');
    expect(Object.keys(publicPages).sort()).toEqual([...open].sort());
  });
});
