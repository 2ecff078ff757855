import { useCallback, useEffect, useRef, useState } from 'react';
import { deleteDraft, type LocalDraft, readDraft, writeDraft } from '../local-drafts';

/**
 * Keeps the editor's unsaved edits in IndexedDB as they are typed, and finds the ones a
 * previous visit left (a crash, a closed tab). Until the user restores or discards those,
 * they are kept under what is typed now, never overwritten.
 */
export function useLocalDraft(key: string, edits: LocalDraft['edits'], version: number | null) {
  const [pending, setPending] = useState<LocalDraft | null>(null);
  const pendingRef = useRef<LocalDraft | null>(null);
  const [loaded, setLoaded] = useState(false);

  useEffect(() => {
    let active = true;
    setLoaded(false);
    void readDraft(key).then((found) => {
      if (!active) return;
      const hasEdits = found !== null && Object.keys(found.edits).length > 0;
      pendingRef.current = hasEdits ? found : null;
      setPending(pendingRef.current);
      setLoaded(true);
    });
    return () => {
      active = false;
    };
  }, [key]);

  // The edits move with the form when its key changes (a new document got its id): the old key keeps nothing.
  const previousKey = useRef(key);
  useEffect(() => {
    if (previousKey.current === key) return;
    void deleteDraft(previousKey.current);
    previousKey.current = key;
  }, [key]);

  useEffect(() => {
    // Nothing is written before the earlier draft is read: it would be lost.
    if (!loaded) return;
    const earlier = pendingRef.current;
    const merged = earlier ? { ...earlier.edits, ...edits } : edits;
    if (Object.keys(merged).length === 0) {
      void deleteDraft(key);
      return;
    }
    void writeDraft(key, { edits: merged, version: earlier?.version ?? version, savedAt: new Date().toISOString() });
  }, [key, edits, version, loaded]);

  const take = useCallback(() => {
    const earlier = pendingRef.current;
    pendingRef.current = null;
    setPending(null);
    return earlier;
  }, []);

  const discard = useCallback(() => {
    pendingRef.current = null;
    setPending(null);
    void deleteDraft(key);
  }, [key]);

  return { pending, take, discard };
}
