import { Bookmark, Trash2 } from 'lucide-react';
import { type FormEvent, useId, useState } from 'react';
import { Button } from '../../../components/ui/button';
import { Dialog } from '../../../components/ui/dialog';
import { Popover } from '../../../components/ui/popover';
import { useSavedViews } from '../hooks/use-saved-views';

/**
 * Named views of a collection's list (its whole URL state), kept in this browser per project
 * and collection: save the current one, apply one, delete one.
 */
export function SavedViewsMenu({
  projectId,
  collection,
  search,
  onApply,
}: {
  projectId: string;
  collection: string;
  /** The current view's query string. */
  search: string;
  onApply: (search: string) => void;
}) {
  const { views, save, remove } = useSavedViews(projectId, collection);
  const [isOpen, setOpen] = useState(false);
  const [isNaming, setNaming] = useState(false);
  const [name, setName] = useState('');
  const inputId = useId();
  const current = views.find((view) => view.search === search);

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const trimmed = name.trim();
    if (!trimmed) return;
    save(trimmed, search);
    setNaming(false);
    setName('');
  };

  return (
    <>
      <Popover
        label="Saved views"
        isOpen={isOpen}
        onOpenChange={setOpen}
        align="end"
        className="sm:w-80"
        trigger={
          <Button variant="secondary" size="sm">
            <Bookmark className="size-4" aria-hidden />
            <span className="max-w-40 truncate">{current ? current.name : 'Views'}</span>
          </Button>
        }
      >
        <h2 className="font-semibold text-slate-900 text-sm">Saved views</h2>
        {views.length === 0 ? (
          <p className="mt-1 text-slate-600 text-sm">
            Save the filters, sort, search and columns you use often, then come back to them in one click.
          </p>
        ) : (
          <ul aria-label="Saved views" className="-mx-1 mt-2 space-y-0.5">
            {views.map((view) => (
              <li key={view.name} className="flex items-center gap-1">
                <button
                  type="button"
                  onClick={() => {
                    onApply(view.search);
                    setOpen(false);
                  }}
                  aria-current={view.search === search || undefined}
                  className="min-w-0 flex-1 truncate rounded-lg px-2 py-1.5 text-left text-slate-800 text-sm hover:bg-slate-100 focus-visible:outline-2 focus-visible:outline-indigo-600 aria-[current]:font-semibold aria-[current]:text-indigo-700"
                >
                  {view.name}
                </button>
                <button
                  type="button"
                  aria-label={`Delete view ${view.name}`}
                  onClick={() => remove(view.name)}
                  className="rounded-lg p-1.5 text-slate-500 hover:bg-red-50 hover:text-red-700 focus-visible:outline-2 focus-visible:outline-indigo-600"
                >
                  <Trash2 className="size-4" aria-hidden />
                </button>
              </li>
            ))}
          </ul>
        )}
        <Button
          variant="secondary"
          size="sm"
          className="mt-3 w-full"
          onClick={() => {
            setOpen(false);
            setName(current?.name ?? '');
            setNaming(true);
          }}
        >
          Save current view…
        </Button>
      </Popover>
      <Dialog
        isOpen={isNaming}
        title="Save this view"
        description="It keeps the filters, sort, search, status, locale and columns you see now, in this browser."
        onClose={() => setNaming(false)}
      >
        <form onSubmit={submit} className="space-y-4">
          <div className="space-y-1.5">
            <label htmlFor={inputId} className="block font-medium text-slate-800 text-sm">
              View name
            </label>
            <input
              id={inputId}
              value={name}
              maxLength={80}
              required
              onChange={(event) => setName(event.target.value)}
              className="block w-full rounded-lg border-0 px-3 py-2 text-slate-900 shadow-sm ring-1 ring-slate-300 ring-inset focus:ring-2 focus:ring-indigo-600 focus:ring-inset sm:text-sm"
            />
            {views.some((view) => view.name === name.trim()) ? (
              <p className="text-slate-600 text-xs">A view with this name exists; saving replaces it.</p>
            ) : null}
          </div>
          <div className="flex justify-end gap-3">
            <Button variant="secondary" onClick={() => setNaming(false)}>
              Cancel
            </Button>
            <Button type="submit">Save view</Button>
          </div>
        </form>
      </Dialog>
    </>
  );
}
