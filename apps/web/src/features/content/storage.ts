// What the content list remembers in this browser, per project and collection: the chosen
// columns and the saved views. Storage can be unavailable (private mode, quota): then nothing
// is remembered and the list still works.

export interface SavedView {
  name: string;
  /** The list's query string (`collection=articles&status=draft…`). */
  search: string;
  created_at: string;
}

const columnsKey = (projectId: string, collection: string) => `plinth.content.columns.${projectId}.${collection}`;
const viewsKey = (projectId: string, collection: string) => `plinth.content.views.${projectId}.${collection}`;

function read(key: string): unknown {
  try {
    const raw = localStorage.getItem(key);
    return raw ? (JSON.parse(raw) as unknown) : null;
  } catch {
    return null;
  }
}

function write(key: string, value: unknown): void {
  try {
    localStorage.setItem(key, JSON.stringify(value));
  } catch {
    // Not remembered; the URL still holds the view.
  }
}

export function storedColumns(projectId: string, collection: string): string[] | null {
  const value = read(columnsKey(projectId, collection));
  return Array.isArray(value) && value.every((item) => typeof item === 'string') ? value : null;
}

export function storeColumns(projectId: string, collection: string, columns: readonly string[]): void {
  write(columnsKey(projectId, collection), columns);
}

const isSavedView = (value: unknown): value is SavedView =>
  typeof value === 'object' &&
  value !== null &&
  typeof (value as SavedView).name === 'string' &&
  typeof (value as SavedView).search === 'string';

export function storedViews(projectId: string, collection: string): SavedView[] {
  const value = read(viewsKey(projectId, collection));
  return Array.isArray(value) ? value.filter(isSavedView) : [];
}

export function storeViews(projectId: string, collection: string, views: readonly SavedView[]): void {
  write(viewsKey(projectId, collection), views);
}
