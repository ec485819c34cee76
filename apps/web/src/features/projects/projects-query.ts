import { matterQueryParam } from '@ipportal/domain';
import { useSearchParams } from 'react-router';
import type { Query } from '../../routes/paths';

/**
 * The query of /projects that opens one matter: `project-id` names it, and `estimate=true` (after
 * Create Matter with "continue to estimate") opens its request info tab with the estimate request
 * form.
 */
export interface ProjectsQuery {
  projectId: string | null;
  estimate: boolean;
}

export const projectsQueryParams = { projectId: matterQueryParam, estimate: 'estimate' } as const;

export function readProjectsQuery(search: URLSearchParams): ProjectsQuery {
  const projectId = search.get(projectsQueryParams.projectId);
  return {
    projectId: projectId === null || projectId === '' ? null : projectId,
    estimate: search.get(projectsQueryParams.estimate) === 'true',
  };
}

/** For `hrefTo('projects', undefined, projectsQuery({ projectId, estimate: true }))`. */
export function projectsQuery({ projectId, estimate }: ProjectsQuery): Query {
  return {
    [projectsQueryParams.projectId]: projectId,
    [projectsQueryParams.estimate]: estimate ? 'true' : undefined,
  };
}

export function useProjectsQuery(): ProjectsQuery {
  const [search] = useSearchParams();
  return readProjectsQuery(search);
}
