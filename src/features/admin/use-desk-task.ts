import { useState } from 'react';
import { adminMessage } from './admin-messages';

/** The line under a desk's form: what the last action came to. */
export interface TaskNotice {
  text: string;
  kind: 'error' | 'success';
}

const CLEARED: TaskNotice = { text: '', kind: 'success' };

/**
 * One action of a back-office form at a time: `busy` while it runs, then a notice of how it went.
 * `run` clears the notice, awaits `work`, says `done` (or what `done` makes of the answer) or the
 * desk's message for the failure (`failed` when the server gave none), and answers whether it worked.
 */
export function useDeskTask() {
  const [busy, setBusy] = useState(false);
  const [notice, setNotice] = useState<TaskNotice>(CLEARED);
  async function run<T>(work: () => Promise<T>, done: string | ((answer: T) => string), failed: string) {
    setBusy(true);
    setNotice(CLEARED);
    try {
      const answer = await work();
      setNotice({ text: typeof done === 'string' ? done : done(answer), kind: 'success' });
      return true;
    } catch (error) {
      setNotice({ text: adminMessage(error, failed), kind: 'error' });
      return false;
    } finally {
      setBusy(false);
    }
  }
  return { busy, notice, run };
}
