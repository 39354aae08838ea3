import { useCallback, useEffect, useState } from 'react';
import type { AdminCategory } from '../../../../contract/api/admin-catalogue';
import { adminMessage } from '../admin-messages';
import { getAdminCategories } from './catalogue-api';

/** The categories with their subcategories (hidden ones too), loaded once; `reload` asks again. */
export function useAdminCategories() {
  const [categories, setCategories] = useState<AdminCategory[] | null>(null);
  const [error, setError] = useState('');
  const [attempt, setAttempt] = useState(0);
  useEffect(() => {
    const controller = new AbortController();
    getAdminCategories(controller.signal)
      .then((list) => {
        setCategories(list);
        setError('');
      })
      .catch((e: unknown) => {
        if (!controller.signal.aborted) setError(adminMessage(e, 'The categories could not be loaded.'));
      });
    return () => controller.abort();
  }, [attempt]);
  const reload = useCallback(() => setAttempt((n) => n + 1), []);
  return { categories, setCategories, error, reload };
}
