import { type AdminProject, PLANS, type PlanId } from '@plinth/contract';
import { FolderSearch, Search, X } from 'lucide-react';
import { useEffect, useId, useState } from 'react';
import { Button } from '../../../components/ui/button';
import { Card } from '../../../components/ui/card';
import { ConfirmDialog } from '../../../components/ui/confirm-dialog';
import { PagedList } from '../../../components/ui/paged-list';
import { RecordTable } from '../../../components/ui/record-table';
import { isNotFound } from '../../../lib/api-client';
import { formatDate, formatDateTime } from '../../../lib/format';
import { useAdminProjects } from '../api/get-projects';
import { useSetProjectPlan } from '../api/set-project-plan';
import { useListParams } from '../hooks/use-list-params';
import { PLAN_LABEL } from './labels';

const LIMIT = 25;
/** The contract's AdminProjectQuery: `q` is 1 to 200 characters. */
const QUERY_MAX = 200;
const COLUMNS = [
  { label: 'Project' },
  { label: 'Owner' },
  { label: 'Members', align: 'right' },
  { label: 'Created' },
  { label: 'Plan' },
] as const;

interface PlanChange {
  project: AdminProject;
  plan: PlanId;
}

function SearchBox({ value, onSearch }: { value: string; onSearch: (q: string) => void }) {
  const id = useId();
  const [text, setText] = useState(value);
  // The address changed (back button, "Clear search"): show what is searched for.
  useEffect(() => setText(value), [value]);
  // Searches as the admin types, once they pause.
  useEffect(() => {
    const q = text.trim();
    if (q === value) return;
    const timer = setTimeout(() => onSearch(q), 300);
    return () => clearTimeout(timer);
  }, [text, value, onSearch]);

  return (
    <search className="block w-full sm:w-72">
      <form
        className="relative"
        onSubmit={(event) => {
          event.preventDefault();
          onSearch(text.trim());
        }}
      >
        <label htmlFor={id} className="sr-only">
          Search projects
        </label>
        <Search className="pointer-events-none absolute top-2 left-2.5 size-4 text-slate-400" aria-hidden />
        <input
          id={id}
          type="search"
          value={text}
          maxLength={QUERY_MAX}
          placeholder="Search by name or slug"
          onChange={(event) => setText(event.target.value)}
          className="block w-full rounded-lg border-0 bg-white py-1.5 pr-3 pl-8 text-slate-900 text-sm shadow-sm ring-1 ring-slate-300 ring-inset placeholder:text-slate-400 focus:ring-2 focus:ring-indigo-600 focus:ring-inset"
        />
      </form>
    </search>
  );
}

function confirmText(change: PlanChange): string {
  const from = PLAN_LABEL[change.project.plan];
  const to = PLAN_LABEL[change.plan];
  const isDown = PLANS.indexOf(change.plan) < PLANS.indexOf(change.project.plan);
  return `“${change.project.name}” moves from ${from} to ${to}, and its request and storage limits become the ${to} plan’s at once.${
    isDown ? ' If it uses more than those allow, requests beyond them are refused.' : ''
  } Nothing is charged or invoiced; the change is recorded in the project’s audit log.`;
}

/** Every project of the instance, searchable and paged, with a plan select per row. */
export function ProjectTable() {
  const { page, values, setPage, setValue } = useListParams(['q']);
  const q = values.q.trim().slice(0, QUERY_MAX);
  const projects = useAdminProjects({ q: q || undefined, page, limit: LIMIT });
  const setPlan = useSetProjectPlan();
  const [change, setChange] = useState<PlanChange | null>(null);
  const closeChange = () => {
    setChange(null);
    setPlan.reset();
  };

  const search = <SearchBox value={q} onSearch={(next) => setValue('q', next)} />;

  return (
    <>
      <Card
        title="Projects"
        description="Every project on this instance. Moving one to another plan takes effect at once; Enterprise is set here."
        actions={search}
        padded={false}
      >
        <PagedList
          query={projects}
          noun="projects"
          loadingLabel="Loading projects…"
          errorTitle={
            isNotFound(projects.error) ? 'This server cannot list projects yet' : 'Could not load the projects'
          }
          emptyIcon={FolderSearch}
          empty={
            q
              ? {
                  title: `No projects match “${q}”`,
                  children: 'The search looks at project names and slugs, in any case.',
                  action: (
                    <Button variant="secondary" onClick={() => setValue('q', '')}>
                      <X className="size-4" aria-hidden />
                      Clear search
                    </Button>
                  ),
                }
              : { title: 'No projects yet', children: 'Projects appear here as people create them.' }
          }
          onPageChange={setPage}
        >
          {(items, meta) => (
            <RecordTable
              caption={`Projects${q ? ` matching “${q}”` : ''}, page ${meta.page}`}
              columns={COLUMNS}
              minWidthClass="min-w-[46rem]"
              isStale={projects.isPlaceholderData}
            >
              {items.map((project) => (
                <tr key={project.id}>
                  <td className="max-w-[16rem] px-5 py-3">
                    <div className="truncate font-medium text-slate-900" title={project.name}>
                      {project.name}
                    </div>
                    <div className="truncate font-mono text-slate-500 text-xs" title={project.slug}>
                      {project.slug}
                    </div>
                  </td>
                  <td className="max-w-[16rem] px-5 py-3">
                    {project.owner ? (
                      <>
                        <div className="truncate text-slate-900" title={project.owner.name}>
                          {project.owner.name}
                        </div>
                        <div className="truncate text-slate-600 text-xs" title={project.owner.email}>
                          <a
                            href={`mailto:${project.owner.email}`}
                            className="hover:text-indigo-700 hover:underline focus-visible:outline-2 focus-visible:outline-indigo-600"
                          >
                            {project.owner.email}
                          </a>
                        </div>
                      </>
                    ) : (
                      <span className="text-slate-500">No owner has joined</span>
                    )}
                  </td>
                  <td className="px-5 py-3 text-right text-slate-700 tabular-nums">{project.members}</td>
                  <td className="whitespace-nowrap px-5 py-3 text-slate-700">
                    <time dateTime={project.created_at} title={formatDateTime(project.created_at)}>
                      {formatDate(project.created_at)}
                    </time>
                  </td>
                  <td className="px-5 py-3">
                    <label htmlFor={`plan-${project.id}`} className="sr-only">
                      Plan of {project.name}
                    </label>
                    <select
                      id={`plan-${project.id}`}
                      value={project.plan}
                      disabled={setPlan.isPending && change?.project.id === project.id}
                      onChange={(event) => setChange({ project, plan: event.target.value as PlanId })}
                      className="block w-36 rounded-lg border-0 bg-white py-1.5 pr-8 pl-3 text-slate-900 text-sm shadow-sm ring-1 ring-slate-300 ring-inset focus:ring-2 focus:ring-indigo-600 focus:ring-inset disabled:opacity-60"
                    >
                      {PLANS.map((plan) => (
                        <option key={plan} value={plan}>
                          {PLAN_LABEL[plan]}
                        </option>
                      ))}
                    </select>
                  </td>
                </tr>
              ))}
            </RecordTable>
          )}
        </PagedList>
      </Card>
      <ConfirmDialog
        isOpen={change !== null}
        title={change ? `Move to the ${PLAN_LABEL[change.plan]} plan?` : 'Change the plan?'}
        description={change ? confirmText(change) : ''}
        confirmLabel={change ? `Move to ${PLAN_LABEL[change.plan]}` : 'Change plan'}
        destructive={change ? PLANS.indexOf(change.plan) < PLANS.indexOf(change.project.plan) : false}
        isPending={setPlan.isPending}
        onConfirm={() => {
          if (change) setPlan.mutate({ projectId: change.project.id, plan: change.plan }, { onSuccess: closeChange });
        }}
        onClose={closeChange}
      />
    </>
  );
}
