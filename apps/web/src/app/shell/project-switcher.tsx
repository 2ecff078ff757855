import type { Project } from '@plinth/contract';
import { Check, ChevronsUpDown, FolderKanban, Plus } from 'lucide-react';
import { useNavigate } from 'react-router';
import {
  DropdownMenu,
  DropdownMenuItem,
  DropdownMenuLabel,
  DropdownMenuSeparator,
} from '../../components/ui/dropdown-menu';
import { useProjects } from '../../features/projects/api/get-projects';
import { projectPath } from '../../lib/current-project';

const PLAN_LABEL = { starter: 'Starter', pro: 'Pro', enterprise: 'Enterprise' } as const;

/** Shows the current project; opens the others, keeping the section (webhooks stay webhooks). */
export function ProjectSwitcher({ project, section }: { project: Project | null; section: string }) {
  const navigate = useNavigate();
  const projects = useProjects();
  const list = projects.data?.data ?? [];
  return (
    <DropdownMenu
      align="start"
      label="Projects"
      matchTriggerWidth
      trigger={
        <button
          type="button"
          className="flex w-full min-w-0 items-center gap-3 rounded-lg bg-white px-3 py-2 text-left ring-1 ring-slate-200 hover:bg-slate-50 focus-visible:outline-2 focus-visible:outline-indigo-600"
        >
          <span className="flex size-8 shrink-0 items-center justify-center rounded-md bg-indigo-600 font-semibold text-sm text-white">
            {(project?.name ?? '?').slice(0, 1).toUpperCase()}
          </span>
          <span className="min-w-0 flex-1">
            <span className="line-clamp-2 break-words font-semibold text-slate-900 text-sm">
              {project?.name ?? 'Choose a project'}
            </span>
            {project ? (
              <span className="block truncate text-slate-500 text-xs">{PLAN_LABEL[project.plan]} plan</span>
            ) : null}
          </span>
          <ChevronsUpDown className="size-4 shrink-0 text-slate-400" aria-hidden />
          <span className="sr-only">Switch project</span>
        </button>
      }
    >
      <DropdownMenuLabel>Projects</DropdownMenuLabel>
      {projects.isPending ? <DropdownMenuItem disabled>Loading…</DropdownMenuItem> : null}
      {projects.isError ? <DropdownMenuItem disabled>Projects could not be loaded</DropdownMenuItem> : null}
      {list.map((item) => (
        <DropdownMenuItem key={item.id} onSelect={() => navigate(projectPath(item.id, section))}>
          <span className="min-w-0 flex-1 truncate">{item.name}</span>
          {item.id === project?.id ? <Check className="size-4 text-indigo-600" aria-label="current" /> : null}
        </DropdownMenuItem>
      ))}
      <DropdownMenuSeparator />
      <DropdownMenuItem onSelect={() => navigate('/app/projects')}>
        <FolderKanban className="size-4 text-slate-500" aria-hidden />
        All projects
      </DropdownMenuItem>
      <DropdownMenuItem onSelect={() => navigate('/app/project')}>
        <Plus className="size-4 text-slate-500" aria-hidden />
        New project
      </DropdownMenuItem>
    </DropdownMenu>
  );
}
