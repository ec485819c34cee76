import { projectTexts } from './project-texts';
import { domainMessages, useMessages } from '../../shared/lazy-messages';
import { ProjectDetailView } from './detail/project-detail';
import { ProjectList } from './list/project-list';
import { useProjectsQuery } from './projects-query';

/**
 * /projects: the matter list, or with `project-id` one matter (after Create Matter with
 * "continue to estimate" the query also carries `estimate=true`: the request info tab opens with
 * the estimate request form).
 */
export function ProjectsPage() {
  useMessages(projectTexts, domainMessages);
  const { projectId, estimate } = useProjectsQuery();
  return projectId ? (
    <ProjectDetailView key={projectId} projectId={projectId} estimate={estimate} />
  ) : (
    <ProjectList />
  );
}
