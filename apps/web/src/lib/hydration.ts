import { useSyncExternalStore } from 'react';

const neverChanges = () => () => {};

/**
 * False while a page is prerendered and while the browser hydrates it, true from the first render
 * after that (and from the start in a page rendered by the browser alone).
 */
export function useHydrated(): boolean {
  return useSyncExternalStore(
    neverChanges,
    () => true,
    () => false,
  );
}
