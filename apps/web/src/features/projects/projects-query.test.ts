import { matterQueryParam, webPathOf } from '@ipportal/domain';
import { describe, expect, it } from 'vitest';
import { hrefTo } from '../../routes/paths';
import { projectsQuery, readProjectsQuery } from './projects-query';

describe('projects query', () => {
  it('reads project-id and estimate=true', () => {
    expect(readProjectsQuery(new URLSearchParams('project-id=abc&estimate=true'))).toEqual({
      projectId: 'abc',
      estimate: true,
    });
    expect(readProjectsQuery(new URLSearchParams('estimate=yes'))).toEqual({
      projectId: null,
      estimate: false,
    });
  });

  it('round-trips through the /projects href', () => {
    const href = hrefTo('projects', undefined, projectsQuery({ projectId: 'abc', estimate: true }));
    expect(href).toBe('/projects?project-id=abc&estimate=true');
    expect(readProjectsQuery(new URL(href, 'http://x').searchParams)).toEqual({
      projectId: 'abc',
      estimate: true,
    });
  });
});

describe('a link to one matter from a mail or the calendar feed', () => {
  it('names the matter in the query /projects reads', () => {
    const link = webPathOf('projects', undefined, { [matterQueryParam]: 'p-1' });
    expect(link).toBe('/projects?project-id=p-1');
    expect(readProjectsQuery(new URL(link, 'http://portal.test').searchParams).projectId).toBe('p-1');
  });
});
