import { ProjectTable } from '../../../features/admin/components/project-table';

/** /app/admin/projects: every project of the instance and its plan. */
export function Component() {
  return <ProjectTable />;
}
