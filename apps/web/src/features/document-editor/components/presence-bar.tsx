import type { Field, Presence } from '@plinth/contract';
import { fieldLabel } from '../../../lib/field-label';
import type { RemoteChange } from '../hooks/use-live-document';

/** The field an element of the form belongs to (its `data-field` wrapper), for presence. */
export function fieldOf(target: EventTarget | null): string | null {
  return target instanceof Element ? (target.closest('[data-field]')?.getAttribute('data-field') ?? null) : null;
}

const initials = (name: string) =>
  name
    .split(/\s+/)
    .filter(Boolean)
    .slice(0, 2)
    .map((word) => word.charAt(0).toUpperCase())
    .join('') || '?';

/** Who else has the document open, and where they are in it. */
export function PresenceBar({ others, fields }: { others: readonly Presence[]; fields: readonly Field[] }) {
  // One entry per person, however many tabs they have open.
  const people = [...new Map(others.map((other) => [other.user.id, other])).values()];
  const where = (item: Presence) => {
    const field = fields.find((candidate) => candidate.name === item.field);
    const doing = item.state === 'editing' ? 'editing' : 'viewing';
    return field ? `${doing} ${fieldLabel(field)}${item.locale ? ` (${item.locale})` : ''}` : doing;
  };
  return (
    <section aria-label="Also here" className="flex flex-wrap items-center gap-3 text-slate-700 text-sm">
      <span className="font-medium">Also here:</span>
      <ul className="flex flex-wrap gap-3">
        {people.map((item) => (
          <li key={item.user.id} className="flex items-center gap-2">
            {item.user.avatar_url ? (
              <img src={item.user.avatar_url} alt="" className="size-7 rounded-full object-cover" />
            ) : (
              <span
                aria-hidden
                className="flex size-7 items-center justify-center rounded-full bg-indigo-700 font-semibold text-white text-xs"
              >
                {initials(item.user.name)}
              </span>
            )}
            <span>
              {item.user.name || 'Someone'} <span className="text-slate-500">· {where(item)}</span>
            </span>
          </li>
        ))}
      </ul>
    </section>
  );
}

/** "Ada saved a newer version (title.es, views)." */
export function describeRemoteChange(change: RemoteChange, names: ReadonlyMap<string, string>): string {
  const who = (change.by && names.get(change.by)) || 'Someone else';
  if (change.event === 'document.published') return `${who} published this document.`;
  if (change.event === 'document.unpublished') return `${who} unpublished this document.`;
  const where = change.paths.length > 0 ? ` (${change.paths.join(', ')})` : '';
  return `${who} saved a newer version${where}.`;
}
