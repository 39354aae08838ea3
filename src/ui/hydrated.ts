import { useEffect, useState } from 'react';

/**
 * False during server rendering and until hydration: the first render matches the server's HTML.
 * A module of its own: the header's and the notices' islands, on every page, need this and none
 * of the form controls in form.tsx.
 */
export function useHydrated(): boolean {
  const [hydrated, setHydrated] = useState(false);
  useEffect(() => setHydrated(true), []);
  return hydrated;
}
