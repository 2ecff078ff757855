import { ContentBrowser } from '../../features/content/components/content-browser';
import { useCurrentProject } from '../../lib/current-project';

/** /app/projects/:projectId/content?collection=articles: the documents of each collection. */
export function Component() {
  return <ContentBrowser project={useCurrentProject()} />;
}
