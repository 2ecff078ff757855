import type { Asset } from '@plinth/contract';
import { useCallback, useRef, useState } from 'react';

/**
 * The assets ticked for a bulk action. Shift with a click ticks (or unticks) the whole range
 * from the last one clicked, as in a file manager.
 */
export function useSelection() {
  const [selected, setSelected] = useState<ReadonlyMap<string, Asset>>(new Map());
  const anchor = useRef<number | null>(null);

  const toggle = useCallback(
    ({ assets, index, isRange }: { assets: readonly Asset[]; index: number; isRange: boolean }) => {
      const asset = assets[index];
      if (!asset) return;
      // Read the anchor now: the updater below runs later, after it has moved.
      const from = isRange && anchor.current !== null ? Math.min(anchor.current, index) : index;
      const to = isRange && anchor.current !== null ? Math.max(anchor.current, index) : index;
      setSelected((current) => {
        const next = new Map(current);
        const isSelecting = !current.has(asset.id);
        for (const item of assets.slice(from, to + 1)) {
          if (isSelecting) next.set(item.id, item);
          else next.delete(item.id);
        }
        return next;
      });
      anchor.current = index;
    },
    [],
  );

  const setAll = useCallback((assets: readonly Asset[], isSelected: boolean) => {
    setSelected((current) => {
      const next = new Map(current);
      for (const asset of assets) {
        if (isSelected) next.set(asset.id, asset);
        else next.delete(asset.id);
      }
      return next;
    });
  }, []);

  const clear = useCallback(() => {
    setSelected(new Map());
    anchor.current = null;
  }, []);

  return { selected, toggle, setAll, clear };
}
