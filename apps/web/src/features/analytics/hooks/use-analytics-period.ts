import { useCallback, useMemo } from 'react';
import { useSearchParams } from 'react-router';
import { type AnalyticsPeriod, periodFromSearch, periodToSearch } from '../utils/period';

/**
 * The period the URL holds (`?period=30d&granularity=day`), so a view can be shared and reloads
 * the same; choosing another one replaces the search params and keeps any others.
 */
export function useAnalyticsPeriod(): [AnalyticsPeriod, (period: AnalyticsPeriod) => void] {
  const [search, setSearch] = useSearchParams();
  const key = search.toString();
  // biome-ignore lint/correctness/useExhaustiveDependencies: the string is the params' identity.
  const period = useMemo(() => periodFromSearch(search), [key]);
  const setPeriod = useCallback(
    (next: AnalyticsPeriod) =>
      setSearch(
        (current) => {
          const params = new URLSearchParams(current);
          for (const name of ['period', 'granularity', 'from', 'to']) params.delete(name);
          for (const [name, value] of Object.entries(periodToSearch(next))) params.set(name, value);
          return params;
        },
        { replace: true, preventScrollReset: true },
      ),
    [setSearch],
  );
  return [period, setPeriod];
}
