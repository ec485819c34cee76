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
