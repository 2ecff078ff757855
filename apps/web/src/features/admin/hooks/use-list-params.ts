import { useCallback } from 'react';
import { useSearchParams } from 'react-router';

/**
 * A list's filters and page, kept in the address so that a filtered page can be shared and the
 * back button returns to it. Changing a filter goes back to page 1.
 * @example const { page, values, setPage, setValue } = useListParams(['status']);
 */
export function useListParams<Name extends string>(names: readonly Name[]) {
  const [params, setParams] = useSearchParams();
  const parsed = Number.parseInt(params.get('page') ?? '1', 10);
  const page = Number.isFinite(parsed) && parsed >= 1 ? parsed : 1;
  const values = Object.fromEntries(names.map((name) => [name, params.get(name) ?? ''])) as Record<Name, string>;

  const setPage = useCallback(
    (next: number) =>
      setParams((current) => {
        const copy = new URLSearchParams(current);
        if (next > 1) copy.set('page', String(next));
        else copy.delete('page');
        return copy;
      }),
    [setParams],
  );

  const setValue = useCallback(
    (name: Name, value: string) =>
      setParams(
        (current) => {
          const copy = new URLSearchParams(current);
          if (value) copy.set(name, value);
          else copy.delete(name);
          copy.delete('page');
          return copy;
        },
        { replace: true },
      ),
    [setParams],
  );

  /** Opens or closes a detail (`?incident=ID`) over the list, keeping its filters. */
  const setParam = useCallback(
    (name: string, value: string | null) =>
      setParams((current) => {
        const copy = new URLSearchParams(current);
        if (value) copy.set(name, value);
        else copy.delete(name);
        return copy;
      }),
    [setParams],
  );

  return { page, values, params, setPage, setValue, setParam };
}
