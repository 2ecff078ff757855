/**
 * Unsaved edits kept in the browser (IndexedDB) before they reach the server, so a crash, a
 * closed tab or a lost connection loses nothing: the editor offers them again when the
 * document is opened. Where IndexedDB is unavailable (private windows of some browsers), the
 * calls resolve with nothing kept, and saving to the server works as before.
 */

const DATABASE = 'plinth-editor';
const STORE = 'drafts';

/** Edits of one document, with the version they were made on. */
export interface LocalDraft {
  edits: Record<string, { field: string; locale: string | null; value: unknown }>;
  version: number | null;
  savedAt: string;
}

let opened: Promise<IDBDatabase | null> | null = null;

function database(): Promise<IDBDatabase | null> {
  opened ??= new Promise((resolve) => {
    if (typeof indexedDB === 'undefined') {
      resolve(null);
      return;
    }
    try {
      const request = indexedDB.open(DATABASE, 1);
      request.onupgradeneeded = () => request.result.createObjectStore(STORE);
      request.onsuccess = () => resolve(request.result);
      request.onerror = () => resolve(null);
      request.onblocked = () => resolve(null);
    } catch {
      resolve(null);
    }
  });
  return opened;
}

async function run<T>(
  mode: IDBTransactionMode,
  work: (store: IDBObjectStore) => IDBRequest<T>,
): Promise<T | undefined> {
  const db = await database();
  if (!db) return undefined;
  return new Promise((resolve) => {
    try {
      const request = work(db.transaction(STORE, mode).objectStore(STORE));
      request.onsuccess = () => resolve(request.result);
      request.onerror = () => resolve(undefined);
    } catch {
      resolve(undefined);
    }
  });
}

/** The key of a document's draft: a new document's is per collection. */
export const draftKey = (projectId: string, collection: string, documentId: string | null) =>
  `${projectId}/${collection}/${documentId ?? 'new'}`;

export async function readDraft(key: string): Promise<LocalDraft | null> {
  const draft = await run<LocalDraft | undefined>('readonly', (store) => store.get(key));
  return draft && typeof draft === 'object' && draft.edits ? draft : null;
}

export async function writeDraft(key: string, draft: LocalDraft): Promise<void> {
  await run('readwrite', (store) => store.put(draft, key));
}

export async function deleteDraft(key: string): Promise<void> {
  await run('readwrite', (store) => store.delete(key));
}
