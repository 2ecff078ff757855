import type { Project } from '@plinth/contract';
import { type KeyboardEvent, useId, useState } from 'react';
import { Button } from '../../../components/ui/button';
import { TextAreaField } from '../../../components/ui/form-field';
import { errorMessage } from '../../../lib/api-client';
import { useRunGraphql } from '../api/run-graphql';
import { forgetAll, type HistoryEntry, historyTitle, readHistory, remember } from '../history';
import { SchemaBrowser } from './schema-browser';

const STARTER_QUERY = `# Write a query, then press Run (Ctrl+Enter, or ⌘+Enter on a Mac).
# The schema on the left lists what this project offers.
{
  __typename
}
`;

/** The variables as a request sends them, or why they cannot be sent. */
function parseVariables(text: string): { variables: Record<string, unknown> } | { error: string } {
  if (text.trim() === '') return { variables: {} };
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch {
    return { error: 'Variables must be valid JSON' };
  }
  if (typeof value !== 'object' || value === null || Array.isArray(value)) {
    return { error: 'Variables must be a JSON object' };
  }
  return { variables: value as Record<string, unknown> };
}

interface ErrorLike {
  message?: unknown;
  path?: unknown;
  extensions?: { code?: unknown };
}

/** The GraphQL errors of an answer, as lines a person can read. */
function errorLines(body: unknown): string[] {
  const errors = (body as { errors?: unknown } | null)?.errors;
  if (!Array.isArray(errors)) return [];
  return errors.map((error: ErrorLike) => {
    const code = typeof error.extensions?.code === 'string' ? `${error.extensions.code}: ` : '';
    const path = Array.isArray(error.path) ? ` (at ${error.path.join('.')})` : '';
    return `${code}${String(error.message)}${path}`;
  });
}

export interface GraphqlExplorerProps {
  projects: readonly Project[];
  projectId: string;
  onProjectChange: (projectId: string) => void;
}

/**
 * The GraphQL explorer of the signed-in app: pick a project, write a query and its variables,
 * run it with the session (Ctrl/⌘+Enter), read the answer, browse the schema, and go back to
 * recent requests.
 */
export function GraphqlExplorer({ projects, projectId, onProjectChange }: GraphqlExplorerProps) {
  const [query, setQuery] = useState(STARTER_QUERY);
  const [variablesText, setVariablesText] = useState('{}');
  const [variablesError, setVariablesError] = useState<string | undefined>();
  const [history, setHistory] = useState<HistoryEntry[]>(readHistory);
  const run = useRunGraphql();
  const projectFieldId = useId();

  const execute = () => {
    if (run.isPending) return;
    const parsed = parseVariables(variablesText);
    if ('error' in parsed) {
      setVariablesError(parsed.error);
      return;
    }
    setVariablesError(undefined);
    run.mutate(
      { projectId, request: { query, variables: parsed.variables } },
      {
        onSuccess: () =>
          setHistory((entries) =>
            remember(entries, { projectId, query, variables: variablesText, ranAt: new Date().toISOString() }),
          ),
      },
    );
  };

  const onKeyDown = (event: KeyboardEvent) => {
    if (event.key === 'Enter' && (event.ctrlKey || event.metaKey)) {
      event.preventDefault();
      execute();
    }
  };

  const restore = (entry: HistoryEntry) => {
    if (entry.projectId !== projectId && projects.some((project) => project.id === entry.projectId)) {
      onProjectChange(entry.projectId);
    }
    setQuery(entry.query);
    setVariablesText(entry.variables);
    setVariablesError(undefined);
  };

  const projectName = (id: string) => projects.find((project) => project.id === id)?.name ?? 'another project';
  const answer = run.data;
  const errors = answer ? errorLines(answer.body) : [];

  return (
    <div className="grid gap-6 lg:grid-cols-[18rem_minmax(0,1fr)_minmax(0,1fr)]">
      <aside aria-label="Schema" className="space-y-3 rounded-xl bg-white p-4 shadow-sm ring-1 ring-slate-200">
        <h2 className="font-semibold text-slate-900">Schema</h2>
        <SchemaBrowser key={projectId} projectId={projectId} />
      </aside>

      {/* Ctrl/⌘+Enter runs the request from anywhere in the editor. */}
      <section aria-label="Request" className="space-y-4" onKeyDown={onKeyDown}>
        <div className="space-y-1.5">
          <label htmlFor={projectFieldId} className="block font-medium text-slate-800 text-sm">
            Project
          </label>
          <select
            id={projectFieldId}
            value={projectId}
            onChange={(event) => onProjectChange(event.target.value)}
            className="block w-full rounded-lg border-0 bg-white px-3 py-2 text-slate-900 shadow-sm ring-1 ring-slate-300 ring-inset focus:ring-2 focus:ring-indigo-600 sm:text-sm"
          >
            {projects.map((project) => (
              <option key={project.id} value={project.id}>
                {project.name}
              </option>
            ))}
          </select>
        </div>
        <TextAreaField
          label="Query"
          value={query}
          onChange={(event) => setQuery(event.target.value)}
          rows={14}
          spellCheck={false}
          className="block w-full rounded-lg border-0 bg-white px-3 py-2 font-mono text-slate-900 text-sm shadow-sm ring-1 ring-slate-300 ring-inset focus:ring-2 focus:ring-indigo-600"
        />
        <TextAreaField
          label="Variables (JSON)"
          value={variablesText}
          onChange={(event) => setVariablesText(event.target.value)}
          rows={4}
          spellCheck={false}
          error={variablesError}
          className="block w-full rounded-lg border-0 bg-white px-3 py-2 font-mono text-slate-900 text-sm shadow-sm ring-1 ring-slate-300 ring-inset focus:ring-2 focus:ring-indigo-600 aria-[invalid=true]:ring-red-500"
        />
        <div className="flex items-center gap-3">
          <Button onClick={execute} isLoading={run.isPending} aria-keyshortcuts="Control+Enter Meta+Enter">
            Run
          </Button>
          <span className="text-slate-500 text-xs">Ctrl+Enter or ⌘+Enter</span>
        </div>
        <section
          aria-labelledby="graphql-history-heading"
          className="rounded-xl bg-white p-4 shadow-sm ring-1 ring-slate-200"
        >
          <div className="flex items-center justify-between">
            <h2 id="graphql-history-heading" className="font-semibold text-slate-900 text-sm">
              Recent queries
            </h2>
            {history.length > 0 ? (
              <button
                type="button"
                className="text-slate-500 text-xs hover:underline"
                onClick={() => setHistory(forgetAll())}
              >
                Clear history
              </button>
            ) : null}
          </div>
          {history.length === 0 ? (
            <p className="mt-2 text-slate-500 text-sm">Requests you run appear here.</p>
          ) : (
            <ul aria-label="Recent queries" className="mt-2 space-y-1">
              {history.map((entry) => (
                <li key={`${entry.ranAt}-${entry.projectId}`}>
                  <button
                    type="button"
                    onClick={() => restore(entry)}
                    className="w-full truncate rounded px-2 py-1 text-left font-mono text-slate-700 text-xs hover:bg-slate-100"
                  >
                    {historyTitle(entry.query)}
                  </button>
                  {entry.projectId !== projectId ? (
                    <span className="px-2 text-slate-400 text-xs">in {projectName(entry.projectId)}</span>
                  ) : null}
                </li>
              ))}
            </ul>
          )}
        </section>
      </section>

      <section aria-label="Result" className="min-w-0 space-y-3">
        <h2 className="font-semibold text-slate-900">Result</h2>
        {run.isError ? (
          <div role="alert" className="rounded-lg bg-red-50 p-3 text-red-800 text-sm ring-1 ring-red-200">
            {errorMessage(run.error, 'The request could not be sent. Check your connection and try again.')}
          </div>
        ) : null}
        {answer ? (
          <>
            <p className="text-slate-600 text-sm">
              HTTP {answer.status}
              {errors.length > 0 ? ` · ${errors.length === 1 ? '1 error' : `${errors.length} errors`}` : ''}
            </p>
            {errors.length > 0 ? (
              <ul
                aria-label="Errors"
                className="space-y-1 rounded-lg bg-red-50 p-3 text-red-800 text-sm ring-1 ring-red-200"
              >
                {errors.map((line, index) => (
                  // Errors have no id; their order is the answer's.
                  // biome-ignore lint/suspicious/noArrayIndexKey: a fixed list, shown as received.
                  <li key={index}>{line}</li>
                ))}
              </ul>
            ) : null}
            <section aria-label="Response">
              <pre className="max-h-[36rem] overflow-auto rounded-xl bg-slate-900 p-4 text-slate-100 text-xs leading-5">
                {JSON.stringify(answer.body, null, 2)}
              </pre>
            </section>
          </>
        ) : run.isPending ? (
          <p className="text-slate-500 text-sm">Running…</p>
        ) : run.isError ? null : (
          <p className="text-slate-500 text-sm">Run a query to see its answer here.</p>
        )}
      </section>
    </div>
  );
}
