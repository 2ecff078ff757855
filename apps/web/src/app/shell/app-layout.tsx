import { Menu, Search, X } from 'lucide-react';
import { Dialog as RadixDialog } from 'radix-ui';
import { useCallback, useState } from 'react';
import { Outlet, useLocation, useMatches } from 'react-router';
import { UploadQueueProvider } from '../../features/media/components/upload-queue-provider';
import { useProject } from '../../features/projects/api/get-project';
import { BreadcrumbProvider } from '../../lib/breadcrumbs';
import { lastProjectId } from '../../lib/current-project';
import { Breadcrumbs } from './breadcrumbs';
import { CommandPalette, useCommandPaletteShortcut } from './command-palette';
import { Sidebar } from './sidebar';
import { UserMenu } from './user-menu';

/** The project screen the path shows (`webhooks` for a webhook's page), so switching projects keeps it. */
function sectionOf(pathname: string): string {
  const rest = pathname.match(/^\/app\/projects\/[^/]+\/?(.*)$/)?.[1] ?? '';
  const [first = '', second] = rest.split('/');
  return first === 'settings' && second ? `settings/${second}` : first;
}

/**
 * The shell of every signed-in screen: the sidebar (a drawer below 1024 px), the top bar with
 * breadcrumbs, search (⌘K) and the account menu, and the screen itself.
 */
export function AppLayout() {
  const matches = useMatches();
  const { pathname } = useLocation();
  // Screens outside a project (profile, admin) keep the last project's navigation at hand.
  const projectId = matches.find((match) => match.params.projectId)?.params.projectId ?? lastProjectId() ?? '';
  const project = useProject(projectId, { enabled: projectId !== '' });
  const current = project.data?.data ?? null;
  const [drawerOpen, setDrawerOpen] = useState(false);
  const [paletteOpen, setPaletteOpen] = useState(false);
  const openPalette = useCallback(() => setPaletteOpen(true), []);
  useCommandPaletteShortcut(openPalette);
  const section = sectionOf(pathname);

  return (
    <BreadcrumbProvider>
      <div className="min-h-screen bg-slate-50">
        <a
          href="#main"
          className="sr-only z-50 rounded-md bg-white px-3 py-2 font-semibold text-indigo-700 focus:not-sr-only focus:fixed focus:top-2 focus:left-2"
        >
          Skip to content
        </a>
        <aside className="fixed inset-y-0 left-0 hidden w-64 border-slate-200 border-r bg-slate-50 lg:block">
          <Sidebar project={current} section={section} />
        </aside>
        <RadixDialog.Root open={drawerOpen} onOpenChange={setDrawerOpen}>
          <RadixDialog.Portal>
            <RadixDialog.Overlay className="fixed inset-0 z-40 bg-slate-900/40 lg:hidden" />
            <RadixDialog.Content
              aria-describedby={undefined}
              className="fixed inset-y-0 left-0 z-50 w-72 max-w-[85vw] bg-slate-50 shadow-xl focus:outline-none lg:hidden"
            >
              <RadixDialog.Title className="sr-only">Navigation</RadixDialog.Title>
              <RadixDialog.Close
                aria-label="Close navigation"
                className="absolute top-4 right-3 rounded-md p-1.5 text-slate-500 hover:bg-slate-200 focus-visible:outline-2 focus-visible:outline-indigo-600"
              >
                <X className="size-5" aria-hidden />
              </RadixDialog.Close>
              <Sidebar project={current} section={section} onNavigate={() => setDrawerOpen(false)} />
            </RadixDialog.Content>
          </RadixDialog.Portal>
        </RadixDialog.Root>
        <div className="lg:pl-64">
          <header className="sticky top-0 z-30 flex h-14 items-center gap-3 border-slate-200 border-b bg-white/95 px-4 backdrop-blur sm:px-6 lg:px-8">
            <button
              type="button"
              onClick={() => setDrawerOpen(true)}
              className="-ml-1 rounded-md p-1.5 text-slate-600 hover:bg-slate-100 focus-visible:outline-2 focus-visible:outline-indigo-600 lg:hidden"
            >
              <Menu className="size-5" aria-hidden />
              <span className="sr-only">Open navigation</span>
            </button>
            <div className="min-w-0 flex-1">
              <Breadcrumbs project={current} />
            </div>
            <button
              type="button"
              onClick={openPalette}
              aria-keyshortcuts="Meta+K Control+K"
              className="flex items-center gap-2 rounded-lg px-2.5 py-1.5 text-slate-500 text-sm ring-1 ring-slate-200 hover:bg-slate-50 hover:text-slate-700 focus-visible:outline-2 focus-visible:outline-indigo-600"
            >
              <Search className="size-4" aria-hidden />
              <span className="sr-only sm:not-sr-only">Go to…</span>
              <kbd
                aria-hidden
                className="hidden rounded bg-slate-100 px-1.5 font-sans text-slate-700 text-xs sm:inline"
              >
                ⌘K
              </kbd>
            </button>
            <UserMenu />
          </header>
          <main
            id="main"
            tabIndex={-1}
            className="mx-auto w-full max-w-7xl px-4 py-6 focus:outline-none sm:px-6 lg:px-8 lg:py-8"
          >
            <UploadQueueProvider>
              <Outlet />
            </UploadQueueProvider>
          </main>
        </div>
        <CommandPalette isOpen={paletteOpen} onOpenChange={setPaletteOpen} project={current} />
      </div>
    </BreadcrumbProvider>
  );
}
