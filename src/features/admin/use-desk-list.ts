import { useCallback, useEffect, useState } from 'react';
import type { ApiQuery } from './desk-api';
import { adminMessage } from './admin-messages';
import { apiQueryOf, filtersFrom, searchOf, type ListFilters, type ListSpec } from './desk-query';

/**
 * One of the desk's lists, kept in the page's address: the filters read from it (the server gave
 * the page its query, so the first render matches), a new address pushed for each change (Back
 * goes to the list before), and the page asked of the API whenever the filters change.
 */
export function useDeskList<K extends string, T>(
  spec: ListSpec<K>,
  path: string,
  initialSearch: string,
  load: (query: ApiQuery, signal: AbortSignal) => Promise<T>,
  failed: string,
) {
  const [filters, setFilters] = useState<ListFilters<K>>(() => filtersFrom(spec, initialSearch));
  const [answer, setAnswer] = useState<T | null>(null);
  const [error, setError] = useState('');
  const [attempt, setAttempt] = useState(0);
  const [loading, setLoading] = useState(true);

  useEffect(() => {
    const back = () => setFilters(filtersFrom(spec, window.location.search));
    window.addEventListener('popstate', back);
    return () => window.removeEventListener('popstate', back);
  }, [spec]);

  const query = JSON.stringify(apiQueryOf(spec, filters));
  useEffect(() => {
    const controller = new AbortController();
    setError('');
    setLoading(true);
    load(JSON.parse(query) as ApiQuery, controller.signal)
      .then((a) => {
        setAnswer(a);
        setLoading(false);
      })
      .catch((e: unknown) => {
        if (controller.signal.aborted) return;
        setError(adminMessage(e, failed));
        setLoading(false);
      });
    return () => controller.abort();
  }, [query, attempt, load, failed]);

  /** Shows `next` (a new entry in the browser's history when it differs). */
  const go = useCallback(
    (next: ListFilters<K>) => {
      const href = `${path}${searchOf(spec, next)}`;
      if (href !== window.location.pathname + window.location.search) window.history.pushState(null, '', href);
      setFilters(next);
    },
    [path, spec],
  );

  return { filters, go, answer, error, loading, retry: () => setAttempt((n) => n + 1) };
}
