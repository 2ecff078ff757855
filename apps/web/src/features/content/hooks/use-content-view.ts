import { useSearchParams } from 'react-router';
import { type ContentView, formatView, parseView } from '../view';

/**
 * The content list's collection, search, sort, filters, columns, locale and status, kept in the
 * URL (`?collection=articles&sort=-updated_at&filter[author.name][eq]=Ada`) so a reload or a
 * shared link shows the same view. Choosing another collection starts from a clean view.
 */
export function useContentView() {
  const [params, setParams] = useSearchParams();
  const view = parseView(params);

  const update = (changes: Partial<ContentView>, options: { push?: boolean } = {}) =>
    setParams(
      (current) => {
        const previous = parseView(current);
        const isOtherCollection = 'collection' in changes && changes.collection !== previous.collection;
        const base: ContentView = isOtherCollection
          ? { collection: null, q: '', sort: [], filters: [], columns: null, locale: previous.locale, status: null }
          : previous;
        return formatView({ ...base, ...changes });
      },
      { replace: !options.push, preventScrollReset: true },
    );

  /** Shows a saved view: its whole query string. */
  const apply = (search: string) => setParams(new URLSearchParams(search), { preventScrollReset: true });

  return { view, search: formatView(view).toString(), update, apply };
}
