import { type Project, roleCan } from '@plinth/contract';
import { Command } from 'cmdk';
import { FolderKanban, LogOut, Plus, Search } from 'lucide-react';
import { Dialog as RadixDialog, VisuallyHidden } from 'radix-ui';
import { type ReactNode, useEffect, useState } from 'react';
import { useNavigate } from 'react-router';
import { useProjects } from '../../features/projects/api/get-projects';
import { logout, useSession } from '../../lib/auth';
import { projectPath } from '../../lib/current-project';
import { ACCOUNT_SCREENS, PROJECT_SCREENS } from './navigation';

const ITEM =
  'flex cursor-default select-none items-center gap-3 rounded-lg px-3 py-2 text-slate-800 text-sm data-[selected=true]:bg-indigo-50 data-[selected=true]:text-indigo-800';
const GROUP =
  '[&_[cmdk-group-heading]]:px-3 [&_[cmdk-group-heading]]:pt-3 [&_[cmdk-group-heading]]:pb-1 [&_[cmdk-group-heading]]:font-medium [&_[cmdk-group-heading]]:text-slate-500 [&_[cmdk-group-heading]]:text-xs';

/** Opens with ⌘K or Ctrl+K anywhere in the app, and from the search button of the top bar. */
export function useCommandPaletteShortcut(open: () => void): void {
  useEffect(() => {
    const onKeyDown = (event: KeyboardEvent) => {
      if ((event.metaKey || event.ctrlKey) && event.key.toLowerCase() === 'k') {
        event.preventDefault();
        open();
      }
    };
    window.addEventListener('keydown', onKeyDown);
    return () => window.removeEventListener('keydown', onKeyDown);
  }, [open]);
}

function Item({
  value,
  keywords,
  onSelect,
  children,
}: {
  value: string;
  keywords?: string[];
  onSelect: () => void;
  children: ReactNode;
}) {
  return (
    <Command.Item value={value} keywords={keywords ?? []} onSelect={onSelect} className={ITEM}>
      {children}
    </Command.Item>
  );
}

/**
 * Jumps anywhere by typing: the current project's screens, the account's, another project, or
 * an action. Arrow keys move, Enter goes, Escape closes.
 */
export function CommandPalette({
  isOpen,
  onOpenChange,
  project,
}: {
  isOpen: boolean;
  onOpenChange: (open: boolean) => void;
  project: Project | null;
}) {
  const navigate = useNavigate();
  const { user } = useSession();
  const projects = useProjects();
  const [search, setSearch] = useState('');
  useEffect(() => {
    if (!isOpen) setSearch('');
  }, [isOpen]);

  const go = (to: string) => {
    onOpenChange(false);
    navigate(to);
  };
  const screens = project ? PROJECT_SCREENS.filter((screen) => roleCan(project.role, screen.needs)) : [];

  return (
    <RadixDialog.Root open={isOpen} onOpenChange={onOpenChange}>
      <RadixDialog.Portal>
        <RadixDialog.Overlay className="fixed inset-0 z-50 bg-slate-900/40" />
        <RadixDialog.Content
          aria-describedby={undefined}
          className="fixed top-[12vh] left-1/2 z-50 w-[calc(100vw-2rem)] max-w-xl -translate-x-1/2 overflow-hidden rounded-2xl bg-white shadow-2xl ring-1 ring-slate-200 focus:outline-none"
        >
          <VisuallyHidden.Root>
            <RadixDialog.Title>Go to</RadixDialog.Title>
          </VisuallyHidden.Root>
          <Command label="Go to a screen, project or action" loop>
            <div className="flex items-center gap-3 border-slate-200 border-b px-4">
              <Search className="size-4 shrink-0 text-slate-400" aria-hidden />
              <Command.Input
                value={search}
                onValueChange={setSearch}
                placeholder="Go to a screen, project or action…"
                className="h-12 w-full bg-transparent text-slate-900 text-sm placeholder:text-slate-400 focus:outline-none"
              />
            </div>
            <Command.List className="max-h-[min(60vh,24rem)] overflow-y-auto p-2">
              <Command.Empty className="px-3 py-6 text-center text-slate-500 text-sm">
                Nothing matches “{search}”.
              </Command.Empty>
              {project ? (
                <Command.Group heading={project.name} className={GROUP}>
                  {screens.map((screen) => (
                    <Item
                      key={screen.section}
                      value={`${project.name} ${screen.label}`}
                      keywords={screen.keywords}
                      onSelect={() => go(projectPath(project.id, screen.section))}
                    >
                      <screen.icon className="size-4 text-slate-500" aria-hidden />
                      {screen.label}
                    </Item>
                  ))}
                </Command.Group>
              ) : null}
              <Command.Group heading="Account" className={GROUP}>
                {ACCOUNT_SCREENS.filter((screen) => !screen.adminOnly || user?.is_admin).map((screen) => (
                  <Item key={screen.to} value={screen.label} keywords={screen.keywords} onSelect={() => go(screen.to)}>
                    <screen.icon className="size-4 text-slate-500" aria-hidden />
                    {screen.label}
                  </Item>
                ))}
              </Command.Group>
              {(projects.data?.data.length ?? 0) > 1 ? (
                <Command.Group heading="Switch project" className={GROUP}>
                  {projects.data?.data
                    .filter((item) => item.id !== project?.id)
                    .map((item) => (
                      <Item
                        key={item.id}
                        value={`project ${item.name} ${item.slug}`}
                        onSelect={() => go(projectPath(item.id))}
                      >
                        <FolderKanban className="size-4 text-slate-500" aria-hidden />
                        {item.name}
                      </Item>
                    ))}
                </Command.Group>
              ) : null}
              <Command.Group heading="Actions" className={GROUP}>
                <Item value="New project" keywords={['create']} onSelect={() => go('/app/project')}>
                  <Plus className="size-4 text-slate-500" aria-hidden />
                  New project
                </Item>
                <Item
                  value="Sign out"
                  keywords={['log out']}
                  onSelect={async () => {
                    onOpenChange(false);
                    await logout();
                    navigate('/login', { replace: true });
                  }}
                >
                  <LogOut className="size-4 text-slate-500" aria-hidden />
                  Sign out
                </Item>
              </Command.Group>
            </Command.List>
          </Command>
        </RadixDialog.Content>
      </RadixDialog.Portal>
    </RadixDialog.Root>
  );
}
