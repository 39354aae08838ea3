import { useCallback, useEffect, useState } from 'react';
import { adminMessage } from './admin-messages';

/**
 * What a desk page reads once from the API (`read`, a module-level call taking an abort signal):
 * the answer, the message when it could not be read (`failure` unless the API said why), and
 * `reload` to ask again. Leaving the page aborts the call.
 */
export function useLoaded<T>(read: (signal: AbortSignal) => Promise<T>, failure: string) {
  const [value, setValue] = useState<T | null>(null);
  const [error, setError] = useState('');
  const [attempt, setAttempt] = useState(0);
  useEffect(() => {
    const controller = new AbortController();
    read(controller.signal)
      .then((answer) => {
        setValue(answer);
        setError('');
      })
      .catch((e: unknown) => {
        if (!controller.signal.aborted) setError(adminMessage(e, failure));
      });
    return () => controller.abort();
  }, [read, failure, attempt]);
  const reload = useCallback(() => setAttempt((n) => n + 1), []);
  return { value, setValue, error, reload };
}
