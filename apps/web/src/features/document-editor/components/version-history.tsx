import type { Collection, Document, DocumentVersionSummary, Field, Project, VersionDiff } from '@plinth/contract';
import { History } from 'lucide-react';
import { useState } from 'react';
import { Button } from '../../../components/ui/button';
import { Dialog } from '../../../components/ui/dialog';
import { LoadError, Loading } from '../../../components/ui/query-state';
import { useCan } from '../../../lib/current-project';
import { fieldLabel } from '../../../lib/field-label';
import { useProjectMembers } from '../../../lib/project-queries';
import { useRestoreVersion, useVersionDiff, useVersions } from '../api/versions';
import { readableValue } from '../field-values';

/**
 * The document's history: every saved state (who, when, in which locale, what changed, which
 * locales were published from it), what one changed field by field against any other, and
 * restoring one as a new version. Restoring asks first, and is refused while there are unsaved
 * changes (they would be lost).
 */
export function VersionHistory({
  project,
  collection,
  document,
  hasUnsaved,
}: {
  project: Project;
  collection: Collection;
  document: Document;
  hasUnsaved: boolean;
}) {
  const [isOpen, setOpen] = useState(false);
  const [chosen, setChosen] = useState<number | null>(null);
  const [against, setAgainst] = useState<number | null>(null);
  const [confirming, setConfirming] = useState(false);
  const versions = useVersions(project.id, collection.slug, document.id, isOpen);
  const members = useProjectMembers(project.id);
  const restore = useRestoreVersion(project.id, collection.slug, document.id);
  const canRestore = useCan('content.update_own');
  const list = versions.data?.data ?? [];
  const selected = list.find((version) => version.version === chosen) ?? list[0] ?? null;
  const who = (version: DocumentVersionSummary) =>
    version.created_by
      ? (members.data?.data.find((member) => member.user_id === version.created_by)?.name ?? 'A member')
      : version.created_by_token
        ? 'An API token'
        : 'The system';
  return (
    <>
      <Button variant="secondary" onClick={() => setOpen(true)}>
        <History className="size-4" aria-hidden />
        History
      </Button>
      <Dialog isOpen={isOpen} title="Version history" onClose={() => setOpen(false)} size="lg">
        {versions.isPending ? <Loading label="Loading the history…" /> : null}
        {versions.isError ? (
          <LoadError title="We could not load the history." error={versions.error} onRetry={() => versions.refetch()} />
        ) : null}
        {list.length > 0 && selected ? (
          <div className="mt-3 grid gap-4 sm:grid-cols-[14rem_1fr]">
            <ol className="max-h-96 space-y-1 overflow-y-auto" aria-label="Versions">
              {list.map((version) => (
                <li key={version.version}>
                  <button
                    type="button"
                    aria-current={version.version === selected.version ? 'true' : undefined}
                    onClick={() => {
                      setChosen(version.version);
                      setAgainst(null);
                    }}
                    className={`w-full rounded-lg px-3 py-2 text-left text-sm focus-visible:outline-2 focus-visible:outline-indigo-600 ${version.version === selected.version ? 'bg-indigo-50 ring-1 ring-indigo-200' : 'hover:bg-slate-50'}`}
                  >
                    <span className="block font-medium text-slate-900">
                      Version {version.version}
                      {version.version === document.version ? ' (current)' : ''}
                    </span>
                    <span className="block text-slate-600 text-xs">
                      {new Date(version.created_at).toLocaleString()} · {who(version)} · {version.locale}
                    </span>
                    {version.published_locales.length > 0 ? (
                      <span className="block text-emerald-800 text-xs">
                        Published: {version.published_locales.join(', ')}
                      </span>
                    ) : null}
                  </button>
                </li>
              ))}
            </ol>
            <VersionDetail
              project={project}
              collection={collection}
              document={document}
              version={selected}
              against={against}
              versions={list}
              onAgainst={setAgainst}
              canRestore={canRestore && selected.version !== document.version}
              onRestore={() => setConfirming(true)}
            />
          </div>
        ) : null}
      </Dialog>
      <Dialog
        isOpen={confirming && selected !== null}
        title={`Restore version ${selected?.version ?? ''}?`}
        description={
          hasUnsaved
            ? 'Save or discard your unsaved changes first: restoring replaces what the form shows.'
            : 'It becomes a new version, equal to this one; the versions in between stay in the history.'
        }
        onClose={() => setConfirming(false)}
        actions={
          <>
            <Button variant="secondary" onClick={() => setConfirming(false)}>
              Cancel
            </Button>
            <Button
              disabled={hasUnsaved}
              isLoading={restore.isPending}
              onClick={() =>
                selected &&
                restore.mutate(selected.version, {
                  onSuccess: () => {
                    setConfirming(false);
                    setOpen(false);
                  },
                })
              }
            >
              Restore
            </Button>
          </>
        }
      />
    </>
  );
}

function VersionDetail({
  project,
  collection,
  document,
  version,
  against,
  versions,
  onAgainst,
  canRestore,
  onRestore,
}: {
  project: Project;
  collection: Collection;
  document: Document;
  version: DocumentVersionSummary;
  against: number | null;
  versions: readonly DocumentVersionSummary[];
  onAgainst: (version: number | null) => void;
  canRestore: boolean;
  onRestore: () => void;
}) {
  const diff = useVersionDiff(project.id, collection.slug, document.id, version.version, against);
  const others = versions.filter((other) => other.version !== version.version);
  return (
    <section aria-label={`Version ${version.version}`} className="min-w-0 space-y-3">
      <div className="flex flex-wrap items-end justify-between gap-2">
        <label className="text-slate-700 text-sm">
          Compared with{' '}
          <select
            className="ml-1 max-w-full rounded-lg border-0 py-1 pr-8 pl-2 text-slate-900 text-sm ring-1 ring-slate-300 ring-inset focus:ring-2 focus:ring-indigo-600"
            value={against ?? ''}
            onChange={(event) => onAgainst(event.target.value ? Number(event.target.value) : null)}
          >
            <option value="">
              {version.version === 1 ? 'nothing: it is the first version' : 'the version before it'}
            </option>
            {others.map((other) => (
              <option key={other.version} value={other.version}>
                version {other.version}
              </option>
            ))}
          </select>
        </label>
        {canRestore ? (
          <Button size="sm" variant="secondary" onClick={onRestore}>
            Restore this version
          </Button>
        ) : null}
      </div>
      {diff.isPending ? <Loading label="Comparing…" /> : null}
      {diff.isError ? <LoadError title="We could not compare the versions." error={diff.error} /> : null}
      {diff.data ? <Changes diff={diff.data.data} fields={collection.fields} /> : null}
    </section>
  );
}

/** Longer values are cut, with an ellipsis so the cut shows. */
const MAX_SHOWN = 500;
const shown = (value: unknown) => {
  const text = readableValue(value);
  return text.length > MAX_SHOWN ? `${text.slice(0, MAX_SHOWN)}…` : text;
};

/**
 * Where a change is, in the words of the form: `title.es` → "Title (es)", `body.2.heading` →
 * "Body › 2 › heading"; a field the model no longer has keeps its name.
 */
export function pathLabel(fields: readonly Field[], path: string): string {
  const [name = path, ...rest] = path.split('.');
  const field = fields.find((item) => item.name === name);
  if (!field) return path;
  const locale = field.localized && rest.length > 0 ? rest.shift() : undefined;
  return [`${fieldLabel(field)}${locale ? ` (${locale})` : ''}`, ...rest].join(' › ');
}

/**
 * The changes from one version to another, under the versions' names: compared with a later
 * version, the older one's values are on the right.
 */
function Changes({ diff: { from, to, changes }, fields }: { diff: VersionDiff; fields: readonly Field[] }) {
  if (changes.length === 0) return <p className="text-slate-600 text-sm">No field changed.</p>;
  return (
    <table className="w-full table-fixed text-left text-sm">
      <thead className="text-slate-500 text-xs">
        <tr>
          <th scope="col" className="w-1/4 py-1 font-medium">
            Field
          </th>
          <th scope="col" className="py-1 font-medium">
            {from > 0 ? `Version ${from}` : 'Before'}
          </th>
          <th scope="col" className="py-1 font-medium">
            Version {to}
          </th>
        </tr>
      </thead>
      <tbody className="divide-y divide-slate-100 align-top">
        {changes.map((change) => (
          <tr key={change.path}>
            <th scope="row" className="break-words py-2 pr-2 font-normal text-slate-700 text-xs">
              {pathLabel(fields, change.path)}
            </th>
            <td className="whitespace-pre-wrap break-words py-2 pr-2 text-red-800">
              <del>{shown(change.before)}</del>
            </td>
            <td className="whitespace-pre-wrap break-words py-2 text-emerald-800">
              <ins className="no-underline">{shown(change.after)}</ins>
            </td>
          </tr>
        ))}
      </tbody>
    </table>
  );
}
