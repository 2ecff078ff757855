import type { Starter, StarterId } from '@plinth/contract';
import { BookOpen, LayoutTemplate, type LucideIcon, Newspaper, Square } from 'lucide-react';
import { LoadError } from '../../../components/ui/query-state';
import { Skeleton } from '../../../components/ui/skeleton';
import { useStarters } from '../api/get-starters';

const ICONS: Record<StarterId, LucideIcon> = {
  blog: Newspaper,
  docs: BookOpen,
  landing: LayoutTemplate,
  empty: Square,
};

/** Always offered: starting empty needs nothing from the server. */
export const EMPTY_STARTER: Starter = {
  id: 'empty',
  name: 'Empty project',
  description: 'No collections or content: model your content yourself.',
  collections: [],
  components: [],
};

/** The starters the server offers, with "empty" last whether or not it lists it. */
export function starterChoices(starters: readonly Starter[]): Starter[] {
  const real = starters.filter((starter) => starter.id !== 'empty');
  return [...real, starters.find((starter) => starter.id === 'empty') ?? EMPTY_STARTER];
}

function StarterCard({
  starter,
  name,
  checked,
  disabled,
  onChange,
}: {
  starter: Starter;
  name: string;
  checked: boolean;
  disabled: boolean;
  onChange: (id: StarterId) => void;
}) {
  const Icon = ICONS[starter.id];
  const creates = [
    ...(starter.collections.length > 0 ? [`Collections: ${starter.collections.join(', ')}`] : []),
    ...(starter.components.length > 0 ? [`Components: ${starter.components.join(', ')}`] : []),
  ];
  return (
    <label className="relative flex min-w-0 cursor-pointer gap-3 rounded-xl bg-white p-4 ring-1 ring-slate-200 hover:ring-slate-300 has-checked:bg-indigo-50/60 has-checked:ring-2 has-checked:ring-indigo-600 has-focus-visible:outline-2 has-focus-visible:outline-indigo-600 has-focus-visible:outline-offset-2 has-disabled:cursor-not-allowed has-disabled:opacity-60">
      <input
        type="radio"
        name={name}
        value={starter.id}
        checked={checked}
        disabled={disabled}
        onChange={() => onChange(starter.id)}
        className="sr-only"
      />
      <span className="flex size-9 shrink-0 items-center justify-center rounded-lg bg-slate-100 text-slate-700">
        <Icon className="size-5" aria-hidden />
      </span>
      <span className="min-w-0">
        <span className="block font-semibold text-slate-900 text-sm">{starter.name}</span>
        <span className="mt-0.5 block text-slate-600 text-sm">{starter.description}</span>
        {creates.map((line) => (
          <span key={line} className="mt-1 block break-words text-slate-600 text-xs">
            {line}
          </span>
        ))}
      </span>
    </label>
  );
}

/**
 * Chooses what the new project starts with. When the list cannot be loaded the project can
 * still be created empty, so nothing waits on it.
 */
export function StarterPicker({
  value,
  onChange,
  disabled = false,
}: {
  value: StarterId | null;
  onChange: (id: StarterId) => void;
  disabled?: boolean;
}) {
  const starters = useStarters();

  if (starters.isPending) {
    return (
      <div role="status" aria-label="Loading the starters" className="grid gap-3 sm:grid-cols-2">
        {[0, 1, 2, 3].map((key) => (
          <Skeleton key={key} className="h-28 rounded-xl" />
        ))}
      </div>
    );
  }
  if (starters.isError) {
    return (
      <div className="space-y-3">
        <LoadError title="We could not load the starters." error={starters.error} onRetry={() => starters.refetch()} />
        <p className="text-slate-600 text-sm">You can also create the project empty and model your content yourself.</p>
      </div>
    );
  }

  const choices = starterChoices(starters.data.data);
  return (
    <fieldset>
      <legend className="sr-only">Starter</legend>
      <div className="grid gap-3 sm:grid-cols-2">
        {choices.map((starter) => (
          <StarterCard
            key={starter.id}
            starter={starter}
            name="starter"
            checked={value === starter.id}
            disabled={disabled}
            onChange={onChange}
          />
        ))}
      </div>
    </fieldset>
  );
}
