/**
 * Work a request starts and does not wait for (a Contact Us message's e-mail): kept here so that
 * a process stopping lets it finish before closing the database it writes to.
 */
const running = new Set<Promise<unknown>>();

/** Runs `work` in the background; its failure is `work`'s own to report. */
export function inBackground(work: Promise<unknown>): void {
  const tracked = work.catch(() => undefined).finally(() => running.delete(tracked));
  running.add(tracked);
}

/** Resolves once the background work started so far has ended. */
export async function backgroundSettled(): Promise<void> {
  while (running.size > 0) await Promise.all([...running]);
}
