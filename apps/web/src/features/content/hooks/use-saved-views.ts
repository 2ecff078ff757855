import { useState } from 'react';
import { type SavedView, storedViews, storeViews } from '../storage';

/** The saved views of one collection in this browser: list, save (a name replaces its namesake), delete. */
export function useSavedViews(projectId: string, collection: string) {
  const [state, setState] = useState(() => ({ collection, views: storedViews(projectId, collection) }));
  // Another collection: read its views (during render, so the old list never shows for it).
  const current = state.collection === collection ? state : { collection, views: storedViews(projectId, collection) };
  if (current !== state) setState(current);

  const change = (views: SavedView[]) => {
    storeViews(projectId, collection, views);
    setState({ collection, views });
  };

  return {
    views: current.views,
    save: (name: string, search: string) =>
      change([
        ...current.views.filter((view) => view.name !== name),
        { name, search, created_at: new Date().toISOString() },
      ]),
    remove: (name: string) => change(current.views.filter((view) => view.name !== name)),
  };
}
