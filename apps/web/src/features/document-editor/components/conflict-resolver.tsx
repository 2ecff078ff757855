import { useState } from 'react';
import { Button } from '../../../components/ui/button';
import { fieldLabel } from '../../../lib/field-label';
import type { FieldConflict } from '../conflicts';
import { readableValue } from '../field-values';

/** What the user keeps of a field both sides changed. */
export type ConflictChoice = 'mine' | 'theirs' | 'merged';

const OPTION_LABELS: Record<ConflictChoice, string> = {
  mine: 'Keep mine',
  theirs: 'Take theirs',
  merged: 'Combine both',
};

/**
 * Fields someone else changed while this tab changed them too, side by side: for each the user
 * keeps theirs, takes the other's, or (for text changed in different places) combines both.
 * Nothing is saved until they apply their choices.
 */
export function ConflictResolver({
  conflicts,
  who,
  onApply,
}: {
  conflicts: readonly FieldConflict[];
  /** "Ada saved a newer version (title)." */
  who: string;
  onApply: (choices: Record<string, ConflictChoice>) => void;
}) {
  const [choices, setChoices] = useState<Record<string, ConflictChoice>>(() =>
    Object.fromEntries(conflicts.map((conflict) => [conflict.key, conflict.merged !== null ? 'merged' : 'mine'])),
  );
  const chooseAll = (choice: Exclude<ConflictChoice, 'merged'>) =>
    setChoices(Object.fromEntries(conflicts.map((conflict) => [conflict.key, choice])));

  return (
    <section
      aria-labelledby="conflict-heading"
      className="space-y-4 rounded-xl bg-amber-50 p-4 text-amber-950 ring-1 ring-amber-200 sm:p-5"
    >
      <div className="space-y-1">
        <h2 id="conflict-heading" className="font-semibold text-base">
          {conflicts.length === 1
            ? 'One field was changed on both sides'
            : `${conflicts.length} fields were changed on both sides`}
        </h2>
        <p className="text-sm">
          {who} Choose what to keep of the fields you both changed. When you apply, their changes to other fields come
          in and yours stay; nothing is saved until then.
        </p>
      </div>
      <div className="flex flex-wrap gap-2">
        <Button size="sm" variant="secondary" onClick={() => chooseAll('mine')}>
          Keep all mine
        </Button>
        <Button size="sm" variant="secondary" onClick={() => chooseAll('theirs')}>
          Take all theirs
        </Button>
      </div>
      <ul className="space-y-4">
        {conflicts.map((conflict) => {
          const label = `${fieldLabel(conflict.field)}${conflict.locale ? ` (${conflict.locale})` : ''}`;
          const options: ConflictChoice[] =
            conflict.merged !== null ? ['mine', 'theirs', 'merged'] : ['mine', 'theirs'];
          const shown: Record<ConflictChoice, unknown> = {
            mine: conflict.mine,
            theirs: conflict.theirs,
            merged: conflict.merged,
          };
          return (
            <li key={conflict.key} className="rounded-lg bg-white p-3 ring-1 ring-amber-200">
              <fieldset>
                <legend className="font-medium text-slate-900 text-sm">{label}</legend>
                <div className={`mt-2 grid gap-2 ${options.length === 3 ? 'md:grid-cols-3' : 'md:grid-cols-2'}`}>
                  {options.map((option) => (
                    <label
                      key={option}
                      className={`flex cursor-pointer flex-col gap-1.5 rounded-lg p-3 text-sm ring-1 ring-inset has-focus-visible:outline-2 has-focus-visible:outline-indigo-600 ${choices[conflict.key] === option ? 'bg-indigo-50 ring-indigo-600' : 'ring-slate-200 hover:bg-slate-50'}`}
                    >
                      <span className="flex items-center gap-2 font-medium text-slate-900">
                        <input
                          type="radio"
                          name={`conflict-${conflict.key}`}
                          value={option}
                          checked={choices[conflict.key] === option}
                          onChange={() => setChoices((all) => ({ ...all, [conflict.key]: option }))}
                          className="size-4 accent-indigo-600"
                        />
                        {OPTION_LABELS[option]}
                      </span>
                      <span className="max-h-40 overflow-auto whitespace-pre-wrap break-words text-slate-700">
                        {readableValue(shown[option])}
                      </span>
                    </label>
                  ))}
                </div>
              </fieldset>
            </li>
          );
        })}
      </ul>
      <Button onClick={() => onApply(choices)}>Apply and save</Button>
    </section>
  );
}
