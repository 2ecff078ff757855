import { type Project, type ProjectAction, roleCan } from '@plinth/contract';
import { createContext, type ReactNode, useContext } from 'react';

const LAST_PROJECT_KEY = 'plinth.last_project';

/** The project the user last worked in, so `/app/media` and friends open it again. */
export function rememberProject(projectId: string): void {
  try {
    localStorage.setItem(LAST_PROJECT_KEY, projectId);
  } catch {
    // Storage unavailable: /app then opens the first project.
  }
}

export function lastProjectId(): string | null {
  try {
    return localStorage.getItem(LAST_PROJECT_KEY);
  } catch {
    return null;
  }
}

/** Forgets the remembered project if it is this one (it was deleted, or the user left it). */
export function forgetProject(projectId: string): void {
  try {
    if (localStorage.getItem(LAST_PROJECT_KEY) === projectId) localStorage.removeItem(LAST_PROJECT_KEY);
  } catch {
    // Storage unavailable: nothing was remembered.
  }
}

const CurrentProjectContext = createContext<Project | null>(null);

/** Given by the project's layout (`/app/projects/:projectId/*`) to every screen below it. */
export function CurrentProjectProvider({ project, children }: { project: Project; children: ReactNode }) {
  return <CurrentProjectContext.Provider value={project}>{children}</CurrentProjectContext.Provider>;
}

/** The project of the screen; only screens under `/app/projects/:projectId` may call it. */
export function useCurrentProject(): Project {
  const project = useContext(CurrentProjectContext);
  if (!project) throw new Error('useCurrentProject is used outside a project screen');
  return project;
}

/**
 * The app path of a screen of a project.
 * @example projectPath('p1', 'webhooks/w1') // '/app/projects/p1/webhooks/w1'
 */
export function projectPath(projectId: string, section = ''): string {
  const base = `/app/projects/${encodeURIComponent(projectId)}`;
  return section ? `${base}/${section}` : base;
}

/**
 * The app path of a document in the editor (`new` for a new one).
 * @example documentEditorPath('p1', 'posts', 'd1') // '/app/projects/p1/document-editor/posts/d1'
 */
export function documentEditorPath(projectId: string, collection: string, id: string): string {
  return projectPath(projectId, `document-editor/${encodeURIComponent(collection)}/${encodeURIComponent(id)}`);
}

/** Whether the signed-in member may do this in the current project (the server decides; this hides what it would refuse). */
export function useCan(action: ProjectAction): boolean {
  return roleCan(useCurrentProject().role, action);
}
